package dev.counters.jmh;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.runner.IterationType;

/**
 * The independent truth a benchmark thread records about its own measured iterations, outside the
 * profiler: its CPU time by {@link ThreadMXBean#getCurrentThreadCpuTime()} (exact nanoseconds) and
 * its user and system ticks from {@code /proc/thread-self/stat} (Linux), read at the iteration's
 * setup and teardown. One line per thread and measured iteration is appended to the file the
 * system property {@value #FILE_PROPERTY} names, which forked JVMs get through their JVM arguments.
 */
@State(Scope.Thread)
public class Truths {
    static final String FILE_PROPERTY = "counters.jmh.truths";
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    private static final Path STAT = Path.of("/proc/thread-self/stat");

    private boolean measured;
    private long cpuStart;
    private long[] ticksStart;

    /** One thread's account of one measured iteration. */
    record Line(long cpuNanos, long userTicks, long systemTicks) {
        static Line parse(String text) {
            String[] fields = text.trim().split(" ");
            return new Line(Long.parseLong(fields[0]), Long.parseLong(fields[1]), Long.parseLong(fields[2]));
        }

        /** The system share of the ticks, NaN where /proc had none. */
        double systemShare() {
            long ticks = userTicks + systemTicks;
            return ticks == 0 ? Double.NaN : (double) systemTicks / ticks;
        }
    }

    @Setup(Level.Iteration)
    public void start(IterationParams iteration) {
        measured = iteration.getType() == IterationType.MEASUREMENT;
        ticksStart = ticks();
        cpuStart = THREADS.getCurrentThreadCpuTime();
    }

    @TearDown(Level.Iteration)
    public void stop() throws IOException {
        long cpu = THREADS.getCurrentThreadCpuTime() - cpuStart;
        long[] ticksEnd = ticks();
        if (!measured) {
            return;
        }
        String file = System.getProperty(FILE_PROPERTY);
        if (file != null) {
            String line = cpu + " " + (ticksEnd[0] - ticksStart[0]) + " " + (ticksEnd[1] - ticksStart[1]) + "\n";
            synchronized (Truths.class) {
                Files.writeString(Path.of(file), line, StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
            }
        }
    }

    /** The lines of {@code file}, in the order the iterations ended. */
    static List<Line> read(Path file) {
        try {
            List<Line> lines = new ArrayList<>();
            for (String text : Files.readAllLines(file)) {
                if (!text.isBlank()) {
                    lines.add(Line.parse(text));
                }
            }
            return lines;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** utime and stime of the calling thread, in clock ticks; zeros where there is no /proc. */
    private static long[] ticks() {
        if (!Files.exists(STAT)) {
            return new long[2];
        }
        try {
            String text = Files.readString(STAT);
            String[] fields = text.substring(text.lastIndexOf(')') + 2).trim().split(" ");
            return new long[] {Long.parseLong(fields[11]), Long.parseLong(fields[12])};
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
