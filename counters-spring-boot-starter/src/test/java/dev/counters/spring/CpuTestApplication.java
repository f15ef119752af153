package dev.counters.spring;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.Callable;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * A real Boot web application with the three kinds of request the starter must tell apart: one that
 * computes, one that sleeps, and one whose CPU goes to the kernel (many small file writes). Each
 * works until its thread has used the CPU asked for, by the JDK's own clock, so the figures stay
 * known on a loaded machine.
 */
@SpringBootApplication
@RestController
public class CpuTestApplication {
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    private static volatile long sink;

    /** This thread's CPU time; on a virtual thread, which has no CPU clock the JDK reads (-1), the wall clock. */
    private static long cpuNanos() {
        long cpu = THREADS.getCurrentThreadCpuTime();
        return cpu >= 0 ? cpu : System.nanoTime();
    }

    /** Computes until this thread has used {@code ms} of CPU. */
    @GetMapping("/heavy")
    public String heavy(@RequestParam int ms) {
        long until = cpuNanos() + ms * 1_000_000L;
        long x = sink;
        while (cpuNanos() < until) {
            for (int i = 0; i < 100_000; i++) {
                x = x * 6364136223846793005L + 1442695040888963407L;
            }
        }
        sink = x;
        return "heavy";
    }

    /**
     * Computes {@code ms} of CPU on Spring MVC's task executor, not on the request's thread: the request
     * hops threads (its observation stops on the thread of the asynchronous dispatch).
     */
    @GetMapping("/hop")
    public Callable<String> hop(@RequestParam int ms) {
        return () -> heavy(ms);
    }

    /** Sleeps {@code ms}: wall time, next to no CPU. */
    @GetMapping("/sleep")
    public String sleep(@RequestParam int ms) throws InterruptedException {
        Thread.sleep(ms);
        return "slept";
    }

    /** Writes 64 bytes at a time to a file until this thread has used {@code ms} of CPU: mostly kernel time. */
    @GetMapping("/kernel")
    public String kernel(@RequestParam int ms) throws IOException {
        long until = cpuNanos() + ms * 1_000_000L;
        Path file = Files.createTempFile("counters-kernel", ".bin");
        ByteBuffer chunk = ByteBuffer.allocateDirect(64);
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE)) {
            int writes = 0;
            while (cpuNanos() < until || writes == 0) {
                for (int i = 0; i < 200; i++, writes++) {
                    chunk.clear();
                    channel.write(chunk, (writes % 4096) * 64L);
                }
            }
        } finally {
            Files.delete(file);
        }
        return "written";
    }
}
