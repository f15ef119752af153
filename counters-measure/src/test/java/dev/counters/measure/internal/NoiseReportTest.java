package dev.counters.measure.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.counters.measure.MachineLoad;
import dev.counters.measure.NoiseReport;
import dev.counters.measure.Statistics;
import dev.counters.testing.FakeCounters;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import org.junit.jupiter.api.Test;

class NoiseReportTest {
    private static final List<String> STATUS = List.of("Name:\tjava", "State:\tR (running)",
            "voluntary_ctxt_switches:\t12", "nonvoluntary_ctxt_switches:\t3");
    private static final List<String> STAT = List.of(
            "cpu  100 5 50 1000 20 1 2 30 7 0", "cpu0 50 2 25 500 10 0 1 15 3 0", "intr 12345");

    @Test
    void parsesContextSwitchesFromAStatusFile() {
        long[] switches = ProcReadings.contextSwitches(STATUS);
        assertEquals(12, switches[ProcReadings.VOLUNTARY]);
        assertEquals(3, switches[ProcReadings.INVOLUNTARY]);
    }

    @Test
    void parsesStealAndAllTicksFromTheCpuLineWithoutCountingGuestTwice() {
        long[] ticks = ProcReadings.cpuTicks(STAT);
        assertEquals(30, ticks[ProcReadings.STEAL]);
        assertEquals(100 + 5 + 50 + 1000 + 20 + 1 + 2 + 30, ticks[ProcReadings.TOTAL]);
        assertEquals(100 + 5 + 50 + 1 + 2, ticks[ProcReadings.BUSY], "user, nice, system, irq and softirq");
    }

    @Test
    void splitsFieldsAtRunsOfSpacesAndTabsAsTheKernelWritesThem() {
        assertEquals(List.of("cpu", "100", "5", "50"), ProcReadings.fields("  cpu  100\t5 \t 50 \n"));
        assertEquals(List.of(), ProcReadings.fields(" \t "));
        assertEquals(30, ProcReadings.cpuTicks(List.of("cpu\t100 5 50  1000 20 1 2 30 7 0"))[ProcReadings.STEAL]);
    }

    @Test
    void parsesThisProcesssUserAndSystemTicksPastANameWithSpacesAndParentheses() {
        List<String> self = List.of("4242 (my (odd) name) R 1 4242 4242 0 -1 4194304 100 0 0 0 250 30 0 0 20 0 25 0 100");
        assertEquals(250 + 30, ProcReadings.processTicks(self));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> ProcReadings.processTicks(List.of("4242 (java) R 1 2")))
                .getMessage().contains("no utime and stime"));
        assertThrows(IllegalArgumentException.class, () -> ProcReadings.processTicks(List.of()));
        // qemu-user's emulated /proc/self/stat gives 0 for both: a running JVM's own CPU time is then not read
        NoiseProbe probe = NoiseProbe.start(FakeCounters.nanoseconds(new CostlyClock(10)),
                FakeCounters.threadTimes(new CostlyCpuTimes(0, 10)),
                path -> path.equals(ProcReadings.SELF_STAT) ? List.of("7 (java) R 1 7 7 0 -1 0 0 0 0 0 0 0 0 0")
                        : path.equals(ProcReadings.STAT) ? STAT : STATUS);
        assertFalse(probe.finish().load().otherProcessesCpuShare().isPresent());
        assertTrue(assertThrows(IllegalArgumentException.class,
                () -> ProcReadings.processTicks(List.of("1 (java) R 1 1 1 0 -1 0 0 0 0 0 x 3 0 0")))
                .getMessage().contains("'x' is not a count"));
    }

    @Test
    void malformedProcTextIsRefusedWithWhatWasWrong() {
        assertTrue(assertThrows(IllegalArgumentException.class, () -> ProcReadings.contextSwitches(STATUS.subList(0, 3)))
                .getMessage().contains("nonvoluntary_ctxt_switches"));
        assertThrows(IllegalArgumentException.class, () -> ProcReadings.contextSwitches(List.of("nonvoluntary_ctxt_switches: 1")));
        assertTrue(assertThrows(IllegalArgumentException.class,
                () -> ProcReadings.contextSwitches(List.of("voluntary_ctxt_switches: x", "nonvoluntary_ctxt_switches: 1")))
                .getMessage().contains("'x' is not a count"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> ProcReadings.cpuTicks(List.of("cpu 1 2 3 4 5 6 7")))
                .getMessage().contains("no steal column"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> ProcReadings.cpuTicks(List.of("cpu0 1 2 3 4 5 6 7 8")))
                .getMessage().contains("no 'cpu' line"));
    }

    @Test
    void theProbeReportsDifferencesOverTheRun() {
        Deque<List<String>> statuses = new ArrayDeque<>(List.of(STATUS, List.of(
                "voluntary_ctxt_switches:\t15", "nonvoluntary_ctxt_switches:\t10")));
        Deque<List<String>> stats = new ArrayDeque<>(List.of(STAT, STAT, List.of("cpu  200 5 50 1060 20 1 2 40 7 0")));
        Deque<List<String>> schedstats = new ArrayDeque<>(List.of(List.of("1000000000 2000000000 40"),
                List.of("5000000000 7000000000 90")));
        // this process: 10 ticks at the start, 50 at the end
        Deque<List<String>> self = new ArrayDeque<>(List.of(List.of("7 (java) S 1 7 7 0 -1 0 0 0 0 0 6 4 0 0"),
                List.of("7 (java) S 1 7 7 0 -1 0 0 0 0 0 30 20 0 0")));
        CostlyClock wall = new CostlyClock(100);
        long[] now = {0};
        NoiseProbe probe = NoiseProbe.start(FakeCounters.nanoseconds(wall),
                FakeCounters.threadTimes(new CostlyCpuTimes(0, 40)),
                path -> path.equals(ProcReadings.THREAD_STATUS) ? statuses.pop()
                        : path.equals(ProcReadings.SELF_STAT) ? self.pop()
                        : path.equals(ProcReadings.THREAD_SCHEDSTAT) ? schedstats.pop() : stats.pop(),
                () -> now[0]);
        now[0] = 10_000_000_000L;
        probe.sample();
        probe.sample();
        NoiseReport noise = probe.finish();
        // 4 s on a CPU and 5 s in the run queue of 10 s: 5 of the 6 s off the CPU were preemption, not waiting
        assertEquals(5.0 / 6, probe.runnableShare(), 1e-12);
        assertEquals(3, noise.voluntaryContextSwitches().getAsLong());
        assertEquals(7, noise.involuntaryContextSwitches().getAsLong());
        assertEquals(10, noise.stealTicks().getAsLong());
        assertEquals(170, noise.cpuTicks().getAsLong());
        assertEquals(10.0 / 170, noise.stealShare().getAsDouble(), 1e-15);
        assertFalse(noise.contextSwitchesUnavailable().isPresent());
        assertFalse(noise.stealUnavailable().isPresent());
        // each timing reads the fake clocks twice: 100 ns of wall, 40 ns of CPU
        assertEquals(2, noise.referenceWall().count());
        assertEquals(100, noise.referenceWall().median());
        assertEquals(40, noise.referenceCpu().median());
        assertEquals(0, noise.drift());
        // 100 busy ticks of 170, 40 of them this process's: the others used 60 of 170
        assertEquals(60.0 / 170, noise.load().otherProcessesCpuShare().getAsDouble(), 1e-15);
        int cpus = Runtime.getRuntime().availableProcessors();
        assertEquals(String.format(java.util.Locale.ROOT, "loaded: other processes used 35%% of the CPUs' time (%.2f of %d CPUs), ",
                60.0 / 170 * cpus, cpus) + "steal 5.9%; this machine drifted 0.0% during the run (thread CPU time of a fixed reference loop: 40 ns to 40 ns; "
                + "its wall time, preemptions included: 100 ns to 100 ns, 0.0%, over 2 timings); 3 voluntary and 7 "
                + "involuntary context switches; steal 5.9% of CPU time. The figures and intervals include this noise.",
                noise.summary());
        assertEquals("noise: " + noise.summary(), noise.toString());
    }

    @Test
    void whatCannotBeReadIsSaidNeverAZero() {
        NoiseProbe probe = NoiseProbe.start(FakeCounters.nanoseconds(new CostlyClock(10)),
                FakeCounters.threadTimes(new CostlyCpuTimes(0, 10)),
                path -> {
                    throw new IOException("No such file");
                });
        NoiseReport noise = probe.finish();
        assertFalse(noise.voluntaryContextSwitches().isPresent());
        assertFalse(noise.involuntaryContextSwitches().isPresent());
        assertFalse(noise.stealTicks().isPresent());
        assertFalse(noise.cpuTicks().isPresent());
        assertFalse(noise.stealShare().isPresent());
        assertFalse(noise.load().otherProcessesCpuShare().isPresent());
        assertTrue(noise.contextSwitchesUnavailable().get().contains("/proc/thread-self/status cannot be read (No such file)"));
        assertTrue(noise.stealUnavailable().get().contains("/proc/stat cannot be read"));
        assertEquals(1, noise.referenceWall().count(), "finish() times the loop once when nothing was sampled");
        assertTrue(noise.summary().contains("context switches not available (/proc/thread-self/status"), noise.summary());
        assertTrue(noise.summary().contains("steal not available (/proc/stat"), noise.summary());
    }

    @Test
    void driftIsTheTrimmedSpreadOfTheCpuTimesAndWallDriftThatOfTheWallTimes() {
        // One preempted timing (1000) is trimmed away; what is left spreads 10% on wall time, 20% on CPU time.
        double[] wall = {100, 100, 100, 100, 100, 100, 100, 100, 100, 1000, 110};
        double[] cpu = {100, 120, 100, 100, 100, 100, 100, 100, 100, 130, 5};
        NoiseReport noise = new NoiseReport(Statistics.of(wall, 1), Statistics.of(cpu, 1), null, "none", new long[] {0, 0}, null,
                MachineLoadTest.quiet());
        assertEquals(0.1, noise.wallDrift(), 1e-12);
        assertEquals(0.2, noise.drift(), 1e-12);
        assertEquals(0, noise.stealShare().getAsDouble());
        NoiseReport swapped = new NoiseReport(Statistics.of(cpu, 1), Statistics.of(wall, 1), null, "none", null, "none",
                MachineLoadTest.quiet());
        assertEquals(0.1, swapped.drift(), 1e-12);
        assertEquals(0.2, swapped.wallDrift(), 1e-12);
        assertTrue(swapped.summary().startsWith(MachineLoadTest.quiet().summary() + "; this machine drifted 10.0% during the run (thread CPU time of a fixed "
                + "reference loop: 100 ns to 110 ns; its wall time, preemptions included: 100 ns to 120 ns, 20.0%, over 11 "
                + "timings); context switches not available (none); steal not available (none)."), swapped.summary());
    }

    @Test
    void growsBeyondItsFirstArrays() {
        NoiseProbe probe = NoiseProbe.start(FakeCounters.nanoseconds(new CostlyClock(10)),
                FakeCounters.threadTimes(new CostlyCpuTimes(0, 10)), path -> List.of());
        for (int i = 0; i < 200; i++) {
            probe.sample();
        }
        NoiseReport noise = probe.finish();
        assertEquals(200, noise.referenceWall().count());
        assertEquals(20, noise.referenceWall().trim(), "a tenth trimmed at each end");
        assertTrue(noise.contextSwitchesUnavailable().isPresent());
    }

    @Test
    void onLinuxAnotherProcessSpinningIsCountedAsTheOthersCpuTime() throws Exception {
        assumeTrue(Files.isReadable(Path.of(ProcReadings.SELF_STAT)), "Linux /proc only");
        // The kernel's own accounting over the run: a shell spinning for 1.5 s, this thread asleep.
        NoiseProbe probe = NoiseProbe.start(dev.counters.Counters.performance(), dev.counters.Counters.threadTimes());
        Process spinner = new ProcessBuilder("sh", "-c", "while :; do :; done").start();
        try {
            for (int i = 0; i < 15; i++) {
                Thread.sleep(100);
                probe.sample();
            }
        } finally {
            spinner.destroyForcibly().waitFor();
        }
        MachineLoad load = probe.finish().load();
        int cpus = Runtime.getRuntime().availableProcessors();
        double otherCpus = load.otherProcessesCpuShare().getAsDouble() * cpus;
        assertTrue(otherCpus >= 0.6 && otherCpus <= cpus, "at least most of a core, the spinner's: " + load.summary());
    }

    @Test
    void onLinuxTheThreadsOwnVoluntarySwitchesIncludeItsSleeps() throws Exception {
        assumeTrue(Files.isReadable(Path.of(ProcReadings.THREAD_STATUS)), "Linux /proc/thread-self only");
        NoiseProbe probe = NoiseProbe.start(dev.counters.Counters.performance(), dev.counters.Counters.threadTimes());
        for (int i = 0; i < 3; i++) {
            Thread.sleep(2); // each sleep blocks the thread: the kernel counts a voluntary switch
            probe.sample();
        }
        NoiseReport noise = probe.finish();
        assertTrue(noise.voluntaryContextSwitches().getAsLong() >= 3, noise.summary());
        assertTrue(noise.cpuTicks().getAsLong() >= 0 && noise.stealTicks().getAsLong() >= 0, noise.summary());
        assertTrue(noise.referenceWall().min() > 0 && noise.referenceCpu().min() > 0, noise.summary());
    }
}
