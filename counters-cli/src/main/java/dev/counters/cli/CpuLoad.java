package dev.counters.cli;

import static com.google.common.base.Preconditions.checkArgument;

import dev.counters.measure.internal.Sink;
import dev.counters.measure.internal.SpinWorkload;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Keeps CPUs busy so that a measured thread must share them: {@code threads} spinning threads in
 * this JVM ({@link #threads}) or in a child JVM ({@link #process}). Closing it stops them.
 *
 * <p>The child process is this class's {@link #main}: it spins until its standard input closes
 * (its parent closed it or died) or its time limit passes, so it never outlives its purpose.
 */
abstract class CpuLoad implements AutoCloseable {
    /** The line the child prints once its threads spin. */
    static final String READY = "ready";

    /** What kind of load, for reports: {@code 4 threads} or {@code a process of 4 threads}. */
    abstract String describe();

    /** Stops the load; waits for it to end. */
    @Override
    public abstract void close();

    /** {@code count} spinning daemon threads in this JVM. */
    static CpuLoad threads(int count) {
        checkArgument(count >= 0, "thread count must not be negative, was %s", count);
        return new ThreadLoad(count);
    }

    /**
     * A child JVM with {@code count} spinning threads, ended by {@link #close()} or, whatever
     * happens, after {@code limit}.
     *
     * @throws IOException if the child cannot be started or does not report ready
     */
    static CpuLoad process(int count, java.time.Duration limit) throws IOException {
        checkArgument(count >= 0, "thread count must not be negative, was %s", count);
        return new ProcessLoad(count, limit);
    }

    /** The child: {@code CpuLoad THREADS LIMIT_SECONDS}. */
    public static void main(String[] args) throws IOException {
        int count = Integer.parseInt(args[0]);
        long limitSeconds = Long.parseLong(args[1]);
        Thread limit = new Thread(() -> {
            sleepQuietly(TimeUnit.SECONDS.toMillis(limitSeconds));
            System.exit(0);
        }, "counters-load-limit");
        limit.setDaemon(true);
        limit.start();
        try (CpuLoad load = threads(count)) {
            System.out.println(READY);
            System.out.flush();
            InputStream in = System.in;
            while (in.read() >= 0) {
                // Wait for the parent to close our standard input.
            }
        }
        System.exit(0);
    }

    private static void sleepQuietly(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Spinning threads in this JVM. */
    private static final class ThreadLoad extends CpuLoad {
        private final List<Thread> spinners = new ArrayList<>();
        private volatile boolean stopped;

        ThreadLoad(int count) {
            for (int i = 0; i < count; i++) {
                Thread spinner = new Thread(this::spin, "counters-load-" + i);
                spinner.setDaemon(true);
                spinners.add(spinner);
                spinner.start();
            }
        }

        private void spin() {
            long x = Thread.currentThread().getId();
            while (!stopped) {
                x = SpinWorkload.spin(10_000, x);
            }
            new Sink().consume(x);
        }

        @Override
        String describe() {
            return spinners.size() + " spinning threads";
        }

        @Override
        public void close() {
            stopped = true;
            for (Thread spinner : spinners) {
                try {
                    spinner.join(TimeUnit.SECONDS.toMillis(5));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
        }
    }

    /** Spinning threads in a child JVM started from the same class path. */
    private static final class ProcessLoad extends CpuLoad {
        private final int count;
        private final Process child;

        ProcessLoad(int count, java.time.Duration limit) throws IOException {
            this.count = count;
            String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
            ProcessBuilder builder = new ProcessBuilder(java, "-Xmx64m", "-cp", System.getProperty("java.class.path"),
                    CpuLoad.class.getName(), Integer.toString(count), Long.toString(Math.max(1, limit.toSeconds())));
            builder.redirectError(ProcessBuilder.Redirect.DISCARD);
            this.child = builder.start();
            BufferedReader out = new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8));
            String line = out.readLine();
            if (!READY.equals(line)) {
                close();
                throw new IOException("the load process (" + String.join(" ", builder.command())
                        + ") did not start; it said: " + line);
            }
        }

        @Override
        String describe() {
            return "a process (pid " + child.pid() + ") of " + count + " spinning threads";
        }

        @Override
        public void close() {
            try {
                child.getOutputStream().close();
                if (!child.waitFor(5, TimeUnit.SECONDS)) {
                    child.destroyForcibly();
                    child.waitFor(5, TimeUnit.SECONDS);
                }
            } catch (IOException e) {
                child.destroyForcibly();
            } catch (InterruptedException e) {
                child.destroyForcibly();
                Thread.currentThread().interrupt();
            }
        }
    }
}
