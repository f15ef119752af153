package dev.counters.micrometer;

import static java.util.Objects.requireNonNull;

import dev.counters.Counters;
import dev.counters.CpuTimesCounter;
import dev.counters.internal.CounterHandover;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tag;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.binder.MeterBinder;

/**
 * The process's CPU time split into kernel and user, as two Micrometer counters in seconds:
 * {@code process.cpu.kernel} and {@code process.cpu.user}. They sit beside Micrometer's own
 * {@code process.cpu.time} ({@code ProcessorMetrics}), which has the total only, and answer what
 * it cannot: how much of the CPU the process burns is spent in system calls, page faults and
 * other kernel work.
 *
 * <pre>{@code
 * new ProcessorMetrics().bindTo(registry);     // process.cpu.time, process.cpu.usage
 * new ProcessCpuMetrics().bindTo(registry);    // process.cpu.kernel, process.cpu.user
 * }</pre>
 *
 * <p>They read PROCESS_TIMES ({@code getrusage(RUSAGE_SELF)} on Linux, {@code GetProcessTimes} on
 * Windows) and count from the moment {@link #bindTo} ran, not from the process's start as
 * {@code process.cpu.time} does: set their rates beside its rate, which is what a dashboard plots
 * ({@code rate(process_cpu_kernel_seconds_total[1m]) + rate(process_cpu_user_seconds_total[1m])}
 * against {@code rate(process_cpu_time_ns_total[1m]) / 1e9} in Prometheus, where Micrometer's
 * {@code process.cpu.time} counts nanoseconds), never their sum beside its value, which falls short by
 * the CPU time the process spent before binding.
 *
 * <p>They never decrease, as a counter must not (Prometheus reads a decrease as a reset). The
 * kernel's split comes from sampled ticks and is apportioned over the exact total, so on its own
 * a part may step back by a few milliseconds between two reads while the total grows; each read
 * therefore keeps each part at least where it was, and kernel plus user still equals the total
 * read. Without a platform module (counters-posix, counters-windows) the JDK floor has no split,
 * and this binder registers nothing rather than a zero: {@link #hasKernelUserSplit()} says which
 * you have.
 */
public final class ProcessCpuMetrics implements MeterBinder {
    private static final double NANOS_PER_SECOND = 1e9;

    private final Tags tags;

    /** A binder whose meters carry no extra tags. */
    public ProcessCpuMetrics() {
        this(Tags.empty());
    }

    /** A binder whose meters carry {@code tags}. */
    public ProcessCpuMetrics(Iterable<Tag> tags) {
        this.tags = Tags.of(requireNonNull(tags, "tags is null; pass Tags.empty() for none"));
    }

    /** Whether this platform's PROCESS_TIMES splits kernel from user time, so that binding registers meters. */
    public static boolean hasKernelUserSplit() {
        return Counters.processTimes().getInfo().hasKernelUserSplit();
    }

    @Override
    public void bindTo(MeterRegistry registry) {
        requireNonNull(registry, "registry is null; pass the MeterRegistry to bind to");
        CpuTimesCounter counter = Counters.processTimes();
        if (!counter.getInfo().hasKernelUserSplit()) {
            return;
        }
        ProcessCpu cpu = new ProcessCpu(counter);
        FunctionCounter.builder("process.cpu.kernel", registry, meters -> cpu.kernelSeconds())
                .description("CPU time the process spent in the kernel (system time) since this binder was bound, not since the process started")
                .baseUnit("seconds")
                .tags(tags)
                .register(registry);
        FunctionCounter.builder("process.cpu.user", registry, meters -> cpu.userSeconds())
                .description("CPU time the process spent in user code since this binder was bound, not since the process started")
                .baseUnit("seconds")
                .tags(tags)
                .register(registry);
    }

    /**
     * The process's CPU clock, started at binding; read by whichever thread scrapes, one at a time.
     * A FunctionCounter holds its state object weakly, and nothing else holds this clock: so the
     * state object is the registry, and the counting function, which the meter holds, holds the clock.
     */
    private static final class ProcessCpu {
        private final CpuTimesCounter counter;
        private final MonotoneSplit split = new MonotoneSplit();

        ProcessCpu(CpuTimesCounter counter) {
            this.counter = counter;
            counter.start();
        }

        synchronized double kernelSeconds() {
            read();
            return split.kernel() / NANOS_PER_SECOND;
        }

        synchronized double userSeconds() {
            read();
            return split.user() / NANOS_PER_SECOND;
        }

        private void read() {
            // The scraping thread is seldom the one that bound the metrics: it takes the clock over (under this lock).
            CounterHandover.toCurrentThread(counter);
            counter.stop();
            split.advance(counter.getNanoseconds(), counter.getKernelNanoseconds());
        }
    }
}
