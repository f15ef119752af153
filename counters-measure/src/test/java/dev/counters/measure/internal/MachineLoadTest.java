package dev.counters.measure.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.counters.measure.MachineLoad;
import dev.counters.testing.FakeCounters;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

/**
 * The load thresholds on fixed {@code /proc} text: what a 2-vCPU VM's {@code /proc/stat} and
 * {@code /proc/thread-self/status} read idle, with one core spinning and with two, through the
 * very probe a comparison uses.
 */
class MachineLoadTest {
    private static final long SECOND = 1_000_000_000L;

    /** A quiet load for reports built by hand. */
    static MachineLoad quiet() {
        return new MachineLoad(2, OptionalDouble.of(0), null, OptionalDouble.of(0), OptionalLong.of(0), 10, 100, 0);
    }

    private static List<String> stat(long steal, long total, int procsRunning) {
        long idle = total - steal;
        return List.of("cpu  0 0 0 " + idle + " 0 0 0 " + steal + " 0 0", "cpu0 0 0 0 0 0 0 0 0 0 0", "intr 1",
                "ctxt 5", "btime 1", "processes 9", "procs_running " + procsRunning, "procs_blocked 0");
    }

    private static List<String> status(long involuntary) {
        return List.of("Name:\tjava", "voluntary_ctxt_switches:\t5", "nonvoluntary_ctxt_switches:\t" + involuntary);
    }

    /**
     * Probes a 10 s run with 10 samples: {@code running} threads runnable at each sample (the
     * measuring one included), {@code steal} of 1000 ticks, {@code involuntary} switches.
     */
    private static MachineLoad probe(int running, long steal, long involuntary, int runs, int preempted) {
        Deque<List<String>> stats = new ArrayDeque<>();
        stats.add(stat(0, 0, running));
        for (int i = 0; i < 10; i++) {
            stats.add(stat(0, 0, running));
        }
        stats.add(stat(steal, 1000, running));
        Deque<List<String>> statuses = new ArrayDeque<>(List.of(status(0), status(involuntary)));
        long[] now = {0};
        NoiseProbe probe = NoiseProbe.start(FakeCounters.nanoseconds(new CostlyClock(10)),
                FakeCounters.threadTimes(new CostlyCpuTimes(0, 10)),
                path -> path.equals(ProcReadings.STAT) ? stats.pop() : path.equals(ProcReadings.THREAD_STATUS) ? statuses.pop() : List.of(),
                () -> now[0]);
        for (int i = 0; i < 10; i++) {
            probe.sample();
        }
        now[0] = 10 * SECOND;
        return probe.finish(runs, preempted).load();
    }

    @Test
    void thisJvmsOwnRunnableThreadsAreNotTheMachinesLoad() {
        // Issue 28: "loaded: 2.0 other threads runnable on 2 CPUs" on an idle machine were the JVM's own compiler threads.
        Deque<List<String>> stats = new ArrayDeque<>();
        for (int i = 0; i < 12; i++) {
            stats.add(stat(0, 1000, 3));
        }
        Deque<List<String>> statuses = new ArrayDeque<>(List.of(status(0), status(0)));
        List<String> ownThreads = List.of("101 (java) S 1 101", "102 (C2 CompilerThre) R 1 101", "103 (main) R 1 101",
                "104 (GC Thread#0) S 1 101");
        NoiseProbe probe = NoiseProbe.start(FakeCounters.nanoseconds(new CostlyClock(10)),
                FakeCounters.threadTimes(new CostlyCpuTimes(0, 10)),
                path -> path.equals(ProcReadings.STAT) ? stats.pop() : path.equals(ProcReadings.THREAD_STATUS) ? statuses.pop() : List.of(),
                () -> 0, () -> ownThreads);
        for (int i = 0; i < 10; i++) {
            probe.sample();
        }
        MachineLoad load = probe.finish(400, 0).load();
        assertEquals(1, load.otherRunnableThreads().getAsDouble(), "3 runnable, 2 of them this JVM's");
        assertEquals(2, ProcReadings.runnableThreads(List.of("7 (a) b) R 1", "8 (x) S 1", "9 (y) R 1")),
                "a name with a parenthesis and a space");
    }

    @Test
    void otherProcessesCpuTimeMakesTheMachineLoadedWhereAShortRunsRunQueueMissedIt() {
        // A 2 s run with one core busy whose few run-queue samples all missed the spin loop: the
        // kernel's count of the other processes' CPU time over the whole run still sees it.
        MachineLoad busy = new MachineLoad(2, OptionalDouble.of(0), 0, OptionalDouble.of(0.49), null, OptionalDouble.of(0),
                OptionalLong.of(300), 2, 64, 9);
        assertTrue(busy.isLoaded(), busy.summary());
        assertEquals("loaded: other processes used 49% of the CPUs' time (0.98 of 2 CPUs), 150.0 involuntary context "
                + "switches per second (300)", busy.summary(), "its preemptions are no longer this JVM's own");
        assertEquals(0.49, busy.otherProcessesCpuShare().getAsDouble());
        MachineLoad idle = new MachineLoad(2, OptionalDouble.of(0), 0, OptionalDouble.of(0.01), null, OptionalDouble.of(0),
                OptionalLong.of(2), 10, 400, 0);
        assertFalse(idle.isLoaded(), idle.summary());
        assertTrue(idle.summary().startsWith("quiet: 0.0 other threads runnable on 2 CPUs, other processes used 1% of the "
                + "CPUs' time (0.02 of 2 CPUs), steal 0.0%"), idle.summary());
        assertTrue(new MachineLoad(2, OptionalDouble.of(0), 0, OptionalDouble.of(MachineLoad.OTHER_CPU_SHARE), null,
                OptionalDouble.of(0), OptionalLong.of(0), 10, 400, 0).isLoaded(), "from the threshold on");
        assertFalse(quiet().otherProcessesCpuShare().isPresent(), "not read: not given");
        assertThrows(IllegalArgumentException.class, () -> new MachineLoad(2, OptionalDouble.of(0), 0, OptionalDouble.of(1.5),
                null, OptionalDouble.of(0), OptionalLong.of(0), 10, 400, 0));
    }

    @Test
    void ownPreemptionsStayOwnWhileOtherProcessesUseLittleCpu() {
        // parallelSort's pool preempting the measuring thread on an idle machine
        MachineLoad pool = new MachineLoad(2, OptionalDouble.of(0), 0.1, OptionalDouble.of(0.02), null, OptionalDouble.of(0),
                OptionalLong.of(900), 5, 100, 40);
        assertFalse(pool.isLoaded(), pool.summary());
        assertTrue(pool.summary().endsWith("by this JVM's own threads (its compiler, GC or the task's pool), as other "
                + "processes' threads were runnable in fewer than a quarter of the samples and used little CPU"), pool.summary());
    }

    @Test
    void idleIsQuiet() {
        // idle 2-vCPU VM: only the measuring thread runnable, no steal, a switch now and then
        MachineLoad load = probe(1, 0, 2, 400, 0);
        assertFalse(load.isLoaded(), load.summary());
        assertEquals("quiet", load.label());
        assertEquals(0, load.otherRunnableThreads().getAsDouble());
        assertEquals(0.2, load.involuntarySwitchesPerSecond().getAsDouble(), 1e-12);
        assertEquals(2, load.involuntarySwitches().getAsLong());
        assertEquals("quiet: 0.0 other threads runnable on " + load.cpus() + " CPUs, steal 0.0%, 0.2 involuntary switches per "
                + "second, 0 of 400 runs preempted", load.summary());
    }

    @Test
    void aFreshJvmsOwnCompilerThreadsOnAnIdleMachineAreQuiet() {
        // Busy idle runs of the trials (docs/MEASURE.md): the JIT's threads preempted the measuring thread
        // 177 times in 4.7 s and 106 of 1124 runs; a short run, 26 times in 0.54 s and 15 of 124 runs.
        MachineLoad busiestIdle = probe(1, 0, 380, 1124, 106);
        assertFalse(busiestIdle.isLoaded(), busiestIdle.summary());
        MachineLoad shortRun = new MachineLoad(2, OptionalDouble.of(0), null, OptionalDouble.of(0), OptionalLong.of(26), 0.544,
                124, 15);
        assertEquals(47.8, shortRun.involuntarySwitchesPerSecond().getAsDouble(), 0.05);
        assertFalse(shortRun.isLoaded(), "fewer than " + MachineLoad.MIN_SWITCHES + " switches: " + shortRun.summary());
    }

    @Test
    void theTasksOwnPoolThreadsPreemptingTheMeasuringThreadOnAnIdleMachineAreQuiet() {
        // Arrays.parallelSort on a pool of 2 on 2 CPUs (the run): the pool's workers preempted the
        // measuring thread in 40% of the runs, with no other process's thread runnable.
        MachineLoad load = new MachineLoad(2, OptionalDouble.of(0), null, OptionalDouble.of(0), OptionalLong.of(2000), 10,
                400, 160);
        assertFalse(load.isLoaded(), load.summary());
        assertEquals("quiet: 0.0 other threads runnable on 2 CPUs, steal 0.0%, 200.0 involuntary switches per second, "
                + "160 of 400 runs preempted; 200.0 involuntary context switches per second (2000) and 160 of 400 runs "
                + "preempted (40%) by this JVM's own threads (its compiler, GC or the task's pool), as other processes' "
                + "threads were runnable in fewer than a quarter of the samples", load.summary());
        MachineLoad halfLoaded = new MachineLoad(2, OptionalDouble.of(0.5), null, OptionalDouble.of(0), OptionalLong.of(2000),
                10, 400, 160);
        assertTrue(halfLoaded.isLoaded(), "another process's thread confirms the preemptions: " + halfLoaded.summary());
        // One core busy, a short run: the median of its few samples is 0, but 40% of them saw the spin loop.
        MachineLoad shortBusy = new MachineLoad(2, OptionalDouble.of(0), 0.4, OptionalDouble.empty(), null, OptionalDouble.of(0),
                OptionalLong.of(500), 2.5, 100, 15);
        assertTrue(shortBusy.isLoaded(), shortBusy.summary());
        assertTrue(shortBusy.summary().contains("200.0 involuntary context switches per second (500)"), shortBusy.summary());
        MachineLoad ownPool = new MachineLoad(2, OptionalDouble.of(0), 0.24, OptionalDouble.empty(), null, OptionalDouble.of(0),
                OptionalLong.of(2000), 10, 400, 160);
        assertFalse(ownPool.isLoaded(), "a daemon seen now and then is not the preemptions' cause: " + ownPool.summary());
        assertThrows(IllegalArgumentException.class, () -> new MachineLoad(2, OptionalDouble.of(0), 1.5, OptionalDouble.empty(), null,
                OptionalDouble.of(0), OptionalLong.of(0), 1, 1, 0));
    }

    @Test
    void oneCoreSpinningIsLoadedByTheRunQueue() {
        MachineLoad load = new MachineLoad(2, OptionalDouble.of(1), null, OptionalDouble.of(0.001), OptionalLong.of(5), 10,
                400, 4);
        assertTrue(load.isLoaded());
        assertEquals("loaded: 1.0 other threads runnable on 2 CPUs", load.summary());
        // As the trials' busy runs read: one other thread runnable, ~150 switches a second, 10-71% of the runs preempted.
        MachineLoad probed = probe(2, 1, 1500, 1000, 300);
        assertEquals(1, probed.otherRunnableThreads().getAsDouble());
        assertTrue(probed.summary().contains("150.0 involuntary context switches per second (1500)"), probed.summary());
        assertTrue(probed.summary().contains("300 of 1000 runs preempted (30%)"), probed.summary());
        assertTrue(probed.isLoaded(), probed.summary());
    }

    @Test
    void twoCoresSpinningIsLoadedOnEveryWitness() {
        MachineLoad load = probe(3, 60, 3000, 400, 160);
        assertTrue(load.isLoaded());
        assertEquals(2, load.otherRunnableThreads().getAsDouble());
        assertTrue(load.summary().contains("steal 6.0%"), load.summary());
        assertTrue(load.summary().contains("300.0 involuntary context switches per second (3000)"), load.summary());
        assertTrue(load.summary().contains("160 of 400 runs preempted (40%)"), load.summary());
    }

    @Test
    void eachWitnessAloneCrossesItsThreshold() {
        OptionalDouble none = OptionalDouble.of(0);
        OptionalLong noSwitches = OptionalLong.of(0);
        // Where the run queue is read, switches and preempted runs without another process's thread are this JVM's own.
        OptionalDouble noQueue = OptionalDouble.empty();
        assertFalse(new MachineLoad(4, OptionalDouble.of(1.5), null, none, noSwitches, 1, 100, 0).isLoaded());
        assertTrue(new MachineLoad(4, OptionalDouble.of(2), null, none, noSwitches, 1, 100, 0).isLoaded());
        assertFalse(new MachineLoad(2, none, null, OptionalDouble.of(0.049), noSwitches, 1, 100, 0).isLoaded());
        assertTrue(new MachineLoad(2, none, null, OptionalDouble.of(0.05), noSwitches, 1, 100, 0).isLoaded());
        assertFalse(new MachineLoad(2, noQueue, "no run queue", none, OptionalLong.of(99), 1, 100, 0).isLoaded());
        assertTrue(new MachineLoad(2, noQueue, "no run queue", none, OptionalLong.of(100), 1, 100, 0).isLoaded());
        assertFalse(new MachineLoad(2, noQueue, "no run queue", none, OptionalLong.of(29), 0.2, 100, 0).isLoaded(), "145 a second, but 29");
        assertTrue(new MachineLoad(2, noQueue, "no run queue", none, OptionalLong.of(30), 0.2, 100, 0).isLoaded());
        assertFalse(new MachineLoad(2, noQueue, "no run queue", none, OptionalLong.of(100), 0, 100, 0).isLoaded(), "no time, no rate");
        assertFalse(new MachineLoad(2, noQueue, "no run queue", none, noSwitches, 1, 60, 16).isLoaded(), "27% of a short idle run");
        assertTrue(new MachineLoad(2, noQueue, "no run queue", none, noSwitches, 1, 100, 30).isLoaded());
        assertEquals(0.3, new MachineLoad(2, noQueue, "no run queue", none, noSwitches, 1, 100, 30).preemptedShare());
        assertEquals(0, new MachineLoad(2, none, null, none, noSwitches, 1, 0, 0).preemptedShare());
    }

    @Test
    void withoutProcTheRunQueueIsSaidToBeUnavailableAndTheClocksStillJudge() {
        long[] now = {0};
        NoiseProbe probe = NoiseProbe.start(FakeCounters.nanoseconds(new CostlyClock(10)),
                FakeCounters.threadTimes(new CostlyCpuTimes(0, 10)),
                path -> {
                    throw new IOException("No such file");
                }, () -> now[0]);
        probe.sample();
        probe.sample();
        MachineLoad load = probe.finish(100, 30).load();
        assertFalse(load.otherRunnableThreads().isPresent());
        assertFalse(load.involuntarySwitchesPerSecond().isPresent());
        assertTrue(load.runnableUnavailable().get().contains("Processor Queue Length"), load.runnableUnavailable().get());
        assertTrue(load.isLoaded());
        assertEquals("loaded: 30 of 100 runs preempted (30%)", load.summary());
        assertEquals(30, load.preemptedRuns());
        assertEquals(100, load.runs());
        assertEquals(load.summary(), load.toString());
        MachineLoad quietOne = probe(1, 0, 0, 0, 0);
        assertTrue(quietOne.runnableUnavailable().isEmpty());
    }

    @Test
    void withoutTaskRunsTheReferenceTimingsGiveThePreemptedShare() {
        MachineLoad load = NoiseProbe.start(FakeCounters.nanoseconds(new CostlyClock(10)),
                FakeCounters.threadTimes(new CostlyCpuTimes(0, 10)), path -> List.of()).finish().load();
        assertEquals(1, load.runs(), "finish() times the loop once when nothing was sampled");
        assertEquals(0, load.preemptedRuns());
        assertTrue(load.summary().contains("run queue not available"), load.summary());
    }

    @Test
    void parsesTheRunQueueAndRefusesTextWithoutIt() {
        assertEquals(3, ProcReadings.procsRunning(stat(0, 0, 3)));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> ProcReadings.procsRunning(List.of("cpu 1 2")))
                .getMessage().contains("procs_running"));
        assertThrows(IllegalArgumentException.class, () -> new MachineLoad(0, OptionalDouble.empty(), "x",
                OptionalDouble.empty(), OptionalLong.empty(), 1, 0, 0));
        assertThrows(IllegalArgumentException.class, () -> new MachineLoad(2, OptionalDouble.empty(), null,
                OptionalDouble.empty(), OptionalLong.empty(), 1, 0, 0));
        assertThrows(IllegalArgumentException.class, () -> new MachineLoad(2, OptionalDouble.of(0), null,
                OptionalDouble.empty(), OptionalLong.empty(), 1, 3, 4));
    }
}
