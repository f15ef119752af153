package dev.counters.measure.internal;

import static java.util.Objects.requireNonNull;

import com.google.common.base.CharMatcher;
import com.google.common.base.Splitter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * What Linux's {@code /proc} says about the measuring thread and the machine: the thread's
 * context switches ({@code /proc/thread-self/status}, the same counters {@code getrusage}'s
 * {@code ru_nvcsw}/{@code ru_nivcsw} give) and the machine's CPU ticks, steal included
 * ({@code /proc/stat}), the run queue ({@code procs_running} of {@code /proc/stat}) and which of
 * this JVM's own threads are in it ({@code /proc/self/task/* /stat}). Parsing is kept apart from reading so that it is tested on fixed text.
 *
 * <p>Nothing here uses {@code java.util.regex}: the noise probe reads these files between the
 * pairs, on the measuring thread, and a regular expression there would share the JDK's
 * {@code Pattern} code, and its profiles, with a task that matches one, so that the JIT compiles the
 * task's matching for two patterns instead of its own. A comparison of a hand-written split against
 * {@code Pattern.split} read B/A 9.4-11.8 with the probe's {@code split("\s+")}, 6.2-8.6 without it,
 * and 6.4-7.5 in JMH.
 */
public final class ProcReadings {
    static final String THREAD_STATUS = "/proc/thread-self/status";
    static final String STAT = "/proc/stat";
    /** Index of the voluntary context switches in {@link #contextSwitches}' result. */
    public static final int VOLUNTARY = 0;
    /** Index of the involuntary (preempted) context switches. */
    public static final int INVOLUNTARY = 1;
    /** Index of the steal ticks in {@link #cpuTicks}' result. */
    public static final int STEAL = 0;
    /** Index of all ticks (user + nice + system + idle + iowait + irq + softirq + steal). */
    public static final int TOTAL = 1;
    /** Index of the busy ticks: user + nice + system + irq + softirq, every process's work (not idle, iowait or steal). */
    public static final int BUSY = 2;
    /** This process's {@code stat}: its CPU ticks, all threads, in the unit of {@code /proc/stat}'s. */
    static final String SELF_STAT = "/proc/self/stat";

    /** Reads a text file's lines; the real one reads the file system, tests pass fixed text. */
    @FunctionalInterface
    public interface TextSource {
        List<String> lines(String path) throws IOException;
    }

    public static final TextSource FILE_SYSTEM = path -> Files.readAllLines(Path.of(path));

    /** Splits a line into its fields at runs of whitespace, without a regular expression. */
    private static final Splitter FIELDS = Splitter.on(CharMatcher.whitespace()).omitEmptyStrings();

    /** The fields of {@code line}, split at runs of whitespace (no regular expression: see the class comment). */
    static List<String> fields(String line) {
        return FIELDS.splitToList(line);
    }

    /** This process's threads, one folder each, with a {@code stat} file. */
    static final String OWN_THREADS = "/proc/self/task";

    /** The {@code stat} line of every thread of this process, read now; a thread that ended meanwhile is skipped. */
    static List<String> ownThreadStats() throws IOException {
        List<String> lines = new ArrayList<>();
        try (Stream<Path> threads = Files.list(Path.of(OWN_THREADS))) {
            for (Path thread : (Iterable<Path>) threads::iterator) {
                try {
                    lines.add(Files.readString(thread.resolve("stat")));
                } catch (IOException ended) {
                    // the thread ended between the listing and the read: it is not runnable
                }
            }
        }
        return lines;
    }

    /**
     * How many of the threads whose {@code stat} lines are given are runnable ({@code R}): the
     * state is the first field after the name's closing parenthesis (a name may hold spaces and
     * parentheses itself).
     */
    static long runnableThreads(List<String> statLines) {
        requireNonNull(statLines, "statLines");
        long runnable = 0;
        for (String line : statLines) {
            int nameEnd = line.lastIndexOf(')');
            if (nameEnd >= 0 && nameEnd + 2 < line.length() && line.charAt(nameEnd + 2) == 'R') {
                runnable++;
            }
        }
        return runnable;
    }

    private ProcReadings() {}

    /**
     * The voluntary and involuntary context switches in a {@code status} file.
     *
     * @throws IllegalArgumentException if either line is missing or not a number
     */
    /** The measuring thread's scheduler statistics: time on a CPU, time runnable in the run queue, in nanoseconds. */
    static final String THREAD_SCHEDSTAT = "/proc/thread-self/schedstat";

    /**
     * The time on a CPU and the time waiting in the run queue, nanoseconds, from a {@code schedstat}
     * file (its first two fields).
     *
     * @throws IllegalArgumentException if the file does not hold them
     */
    static long[] schedstat(List<String> lines) {
        List<String> fields = lines.isEmpty() ? List.of() : fields(lines.get(0));
        if (fields.size() < 2) {
            throw new IllegalArgumentException("no run and wait times in " + lines);
        }
        return new long[] {Long.parseLong(fields.get(0)), Long.parseLong(fields.get(1))};
    }

    static long[] contextSwitches(List<String> status) {
        requireNonNull(status, "status");
        long[] switches = {-1, -1};
        for (String line : status) {
            if (line.startsWith("voluntary_ctxt_switches:")) {
                switches[VOLUNTARY] = number(line, line.substring(line.indexOf(':') + 1));
            } else if (line.startsWith("nonvoluntary_ctxt_switches:")) {
                switches[INVOLUNTARY] = number(line, line.substring(line.indexOf(':') + 1));
            }
        }
        if (switches[VOLUNTARY] < 0 || switches[INVOLUNTARY] < 0) {
            throw new IllegalArgumentException("no voluntary_ctxt_switches/nonvoluntary_ctxt_switches lines");
        }
        return switches;
    }

    /**
     * Steal ticks, all ticks and busy ticks ({@link #STEAL}, {@link #TOTAL}, {@link #BUSY}) from the
     * first ({@code cpu}) line of {@code /proc/stat}:
     * {@code cpu user nice system idle iowait irq softirq steal [guest guest_nice]}. Guest time is
     * already counted in user time, so it is not added again.
     *
     * @throws IllegalArgumentException if there is no {@code cpu} line with at least eight counts
     */
    static long[] cpuTicks(List<String> stat) {
        requireNonNull(stat, "stat");
        for (String line : stat) {
            List<String> fields = fields(line);
            if (!fields.isEmpty() && fields.get(0).equals("cpu")) {
                if (fields.size() < 9) {
                    throw new IllegalArgumentException("the cpu line has no steal column (kernel before 2.6.11?): " + line);
                }
                long total = 0;
                for (int i = 1; i <= 8; i++) {
                    total += number(line, fields.get(i));
                }
                long busy = number(line, fields.get(1)) + number(line, fields.get(2)) + number(line, fields.get(3))
                        + number(line, fields.get(6)) + number(line, fields.get(7));
                return new long[] {number(line, fields.get(8)), total, busy};
            }
        }
        throw new IllegalArgumentException("no 'cpu' line");
    }

    /**
     * This process's CPU ticks, all its threads, user and system ({@code utime + stime}, the 14th
     * and 15th fields of {@code /proc/self/stat}), counted after the name's closing parenthesis, as
     * a name may hold spaces and parentheses itself.
     *
     * @throws IllegalArgumentException if the line is cut short or a field is not a count
     */
    static long processTicks(List<String> selfStat) {
        requireNonNull(selfStat, "selfStat");
        String line = selfStat.isEmpty() ? "" : selfStat.get(0);
        int nameEnd = line.lastIndexOf(')');
        List<String> fields = nameEnd < 0 ? List.of() : fields(line.substring(nameEnd + 1));
        // fields[0] is the state (field 3): utime is field 14, stime field 15
        if (fields.size() < 13) {
            throw new IllegalArgumentException("no utime and stime fields in: " + line);
        }
        return number(line, fields.get(11)) + number(line, fields.get(12));
    }

    /**
     * The threads runnable at this moment, the measuring one included: the {@code procs_running}
     * line of {@code /proc/stat} (the run queue, the same that feeds the load average).
     *
     * @throws IllegalArgumentException if there is no {@code procs_running} line
     */
    static long procsRunning(List<String> stat) {
        requireNonNull(stat, "stat");
        for (String line : stat) {
            if (line.startsWith("procs_running ")) {
                return number(line, line.substring("procs_running ".length()));
            }
        }
        throw new IllegalArgumentException("no 'procs_running' line");
    }

    private static long number(String line, String text) {
        try {
            return Long.parseLong(text.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("'" + text.trim() + "' is not a count in: " + line, e);
        }
    }

    /** Steal over all ticks, from a {@code {steal, total}} pair; 0 when no tick passed. */
    public static double stealShare(long[] ticks) {
        return ticks[TOTAL] == 0 ? 0 : (double) ticks[STEAL] / ticks[TOTAL];
    }
}
