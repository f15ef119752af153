package dev.counters.scope;

import dev.counters.CounterReadings;
import dev.counters.CpuTimesReadings;
import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Event;
import jdk.jfr.FlightRecorder;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;
import jdk.jfr.Timespan;

/**
 * The JFR event {@code dev.counters.Scope}: one named {@link CounterScope}, from its start to its
 * close, with the counter's own figures. See it with
 * {@code jfr print --events dev.counters.Scope recording.jfr}, or in JDK Mission Control under
 * "counters".
 *
 * <p>Only named scopes ({@link CounterScope#start(String, dev.counters.Counter)}) emit it, and only
 * while a recording has it enabled (custom events are enabled by default once a recording runs):
 * otherwise a named scope costs one check of a flag more than an unnamed one, and allocates nothing
 * more (docs/PERFORMANCE.md; on JDK 17 24 bytes more once a recording has run in the JVM). For CPU-time kinds {@code kernel} and {@code user} hold the split;
 * for other kinds, and where the platform has no split, they are {@link Long#MIN_VALUE}, which
 * {@code jfr print} shows as {@code N/A}.
 */
@Name(ScopeEvent.NAME)
@Label("Counter Scope")
@Category("counters")
@Description("A named CounterScope: its counter's kind and reading from start to close")
@StackTrace(false)
final class ScopeEvent extends Event {
    /** The event's name, as recordings and {@code jfr print --events} know it. */
    static final String NAME = "dev.counters.Scope";
    /** What {@code kernel} and {@code user} hold when the counter has no kernel/user split. */
    static final long NO_SPLIT = Long.MIN_VALUE;

    @Label("Name")
    @Description("The name the scope was started with")
    String name;

    @Label("Counter Kind")
    @Description("The CounterKind the scope timed with, e.g. THREAD_TIMES")
    String kind;

    @Label("Elapsed")
    @Description("The counter's reading from the scope's start to its close")
    @Timespan(Timespan.NANOSECONDS)
    long elapsed;

    @Label("Kernel")
    @Description("CPU time in the kernel, for THREAD_TIMES and PROCESS_TIMES with a split")
    @Timespan(Timespan.NANOSECONDS)
    long kernel;

    @Label("User")
    @Description("CPU time in user code, for THREAD_TIMES and PROCESS_TIMES with a split")
    @Timespan(Timespan.NANOSECONDS)
    long user;

    /**
     * A begun event for the scope named {@code name}, if a recording has the event enabled now;
     * otherwise null. Until Flight Recorder is first used in this JVM, one static flag answers;
     * after that a probe event asks, which JDK 25's JIT removes and JDK 17's allocates (24 bytes).
     */
    static ScopeEvent beginIfEnabled(String name) {
        if (!FlightRecorder.isInitialized() || !new ScopeEvent().isEnabled()) {
            return null;
        }
        ScopeEvent event = new ScopeEvent();
        event.name = name;
        event.begin();
        return event;
    }

    /** Ends the event with {@code counter}'s readings (stopped at the scope's close) and commits it if it passes the recording's threshold. */
    void end(CounterReadings counter) {
        end();
        if (!shouldCommit()) {
            return;
        }
        kind = counter.getInfo().kind().name();
        elapsed = counter.getNanoseconds();
        kernel = NO_SPLIT;
        user = NO_SPLIT;
        if (counter instanceof CpuTimesReadings && counter.getInfo().hasKernelUserSplit()) {
            CpuTimesReadings cpu = (CpuTimesReadings) counter;
            kernel = cpu.getKernelNanoseconds();
            user = elapsed - kernel;
        }
        commit();
    }
}
