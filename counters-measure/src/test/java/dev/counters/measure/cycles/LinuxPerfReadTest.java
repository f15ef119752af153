package dev.counters.measure.cycles;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.jna.Function;
import com.sun.jna.Native;
import com.sun.jna.Platform;
import dev.counters.spi.Scratch;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;

/**
 * The {@code read} binding THREAD_CYCLES makes on every start and stop, against an
 * {@code eventfd}: its read returns one 8-byte count, exactly as a perf event's does, so the
 * binding is checked on machines without a PMU too (virtual machines, CI).
 */
@EnabledOnOs(value = OS.LINUX, disabledReason = "perf_event_open and eventfd are Linux calls")
class LinuxPerfReadTest {
    private static final int EBADF = 9;

    @Test
    void readWritesTheEightByteCountIntoTheScratch() {
        long count = 0x1_2345_6789L; // beyond 32 bits: both halves must arrive
        int fd = Function.getFunction(Platform.C_LIBRARY_NAME, "eventfd").invokeInt(new Object[] {0, 0});
        assertTrue(fd >= 0, "eventfd failed with errno " + Native.getLastError());
        try {
            Scratch scratch = NativeScratch.allocate(Long.BYTES);
            long written = Function.getFunction(Platform.C_LIBRARY_NAME, "write")
                    .invokeLong(new Object[] {fd, new long[] {count}, (long) Long.BYTES});
            assertEquals(Long.BYTES, written);

            assertEquals(Long.BYTES, LinuxPerf.read(fd, scratch.address(), Long.BYTES));
            assertEquals(count, scratch.longAt(0));
        } finally {
            LinuxPerf.close(fd);
        }
    }

    @Test
    void aFailedReadReturnsMinusOneAndLeavesErrno() {
        Scratch scratch = NativeScratch.allocate(Long.BYTES);

        assertEquals(-1, LinuxPerf.read(-1, scratch.address(), Long.BYTES));
        assertEquals(EBADF, Native.getLastError());
    }
}
