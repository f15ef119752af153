package dev.counters.jmh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

class NativeThreadIdsTest {
    /** Lines as JDK 17's threadPrint writes them: nid in hex. */
    private static final String JDK17 = String.join("\n",
            "2026-11-23 14:44:46",
            "Full thread dump OpenJDK 64-Bit Server VM (17.0.17+10-Ubuntu mixed mode, sharing):",
            "",
            "\"main\" #1 prio=5 os_prio=0 cpu=700.00ms elapsed=1.72s tid=0x00007fb034018020 nid=0x3a67 waiting on condition  [0x00007fb0395fd000]",
            "   java.lang.Thread.State: TIMED_WAITING (sleeping)",
            "\"a.b.Bench.m-jmh-worker-1\" #17 daemon prio=5 os_prio=0 cpu=3.10ms elapsed=0.50s tid=0x00007fb034103de0 nid=0xad8 runnable",
            "\"VM Thread\" os_prio=0 cpu=5.21ms elapsed=1.70s tid=0x00007fb0340e2950 nid=0x3a6d runnable",
            "\"odd \\\"name\\\" #99\" #23 prio=5 os_prio=0 cpu=0.10ms elapsed=0.10s tid=0x00007fb0340e2950 nid=0x10 waiting");

    /** Lines as JDK 21 and later write them: the native id in brackets and nid in decimal. */
    private static final String JDK25 = String.join("\n",
            "\"main\" #3 [15000] prio=5 os_prio=0 cpu=955.04ms elapsed=2.19s tid=0x00007f3c5c02aa70 nid=15000 waiting on condition  [0x00007f3c633fe000]",
            "\"a.b.Bench.m-jmh-worker-2\" #31 [15042] daemon prio=5 os_prio=0 cpu=1.00ms elapsed=0.19s tid=0x00007f3c5c0bcf90 nid=15042 runnable  [0x0000000000000000]",
            "\"GC Thread#0\" os_prio=0 cpu=1.20ms elapsed=2.18s tid=0x00007f3c5c05f390 nid=15003 runnable");

    @Test
    void readsJdk17HexNativeIds() {
        assertEquals(Map.of(1L, 0x3a67L, 17L, 0xad8L, 23L, 0x10L), NativeThreadIds.parse(JDK17));
    }

    @Test
    void readsJdk21AndLaterDecimalNativeIds() {
        assertEquals(Map.of(3L, 15000L, 31L, 15042L), NativeThreadIds.parse(JDK25));
    }

    @Test
    void nothingToReadIsAnEmptyMap() {
        assertEquals(Map.of(), NativeThreadIds.parse("no threads here\n\"VM Thread\" os_prio=0 nid=0x1 runnable"));
    }

    @Test
    @SuppressWarnings("deprecation")
    void theCallingThreadsNativeIdIsItsLinuxTid() throws Exception {
        Path self = Path.of("/proc/thread-self");
        assumeTrue(Files.exists(self), "Linux only");
        long tid = Long.parseLong(Files.readSymbolicLink(self).getFileName().toString());
        assertEquals(tid, NativeThreadIds.ofThisJvm().get(Thread.currentThread().getId()));
    }
}
