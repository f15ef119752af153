package dev.counters.posix;

import dev.counters.testing.Emulation;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * One reading of a {@code /proc/.../stat} file: the kernel's own accounting, the independent
 * truth the counters are checked against. Fields are numbered as in proc(5).
 */
record ProcStat(long utimeTicks, long stimeTicks, int priority, int nice) {
    static final Path THREAD = Path.of("/proc/thread-self/stat");
    static final Path PROCESS = Path.of("/proc/self/stat");

    /** The calling thread's statistics. */
    static ProcStat thread() {
        return read(THREAD);
    }

    /** The whole process's statistics; skips the calling test under an emulator, which answers this file itself. */
    static ProcStat process() {
        Emulation.assumeNative("qemu-user answers /proc/self/stat itself, with utime and stime 0, so the kernel's"
                + " accounting of the process cannot be read there (the threads' /proc/thread-self/stat is the kernel's)");
        return read(PROCESS);
    }

    /** Thread {@code tid} of this process's statistics. */
    static ProcStat task(long tid) {
        return read(Path.of("/proc/self/task/" + tid + "/stat"));
    }

    static ProcStat read(Path path) {
        String text;
        try {
            text = Files.readString(path);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        // The command name (field 2) may hold spaces and parentheses: count fields after the last ')'.
        String[] fields = text.substring(text.lastIndexOf(')') + 2).trim().split(" ");
        return new ProcStat(field(fields, 14), field(fields, 15), (int) field(fields, 18), (int) field(fields, 19));
    }

    private static long field(String[] afterCommand, int number) {
        return Long.parseLong(afterCommand[number - 3]);
    }

    /** utime + stime, in clock ticks ({@code _SC_CLK_TCK} per second). */
    long cpuTicks() {
        return utimeTicks + stimeTicks;
    }
}
