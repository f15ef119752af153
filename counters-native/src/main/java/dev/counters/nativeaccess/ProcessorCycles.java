package dev.counters.nativeaccess;

import static java.util.Objects.requireNonNull;

import com.google.common.base.Suppliers;
import dev.counters.CounterInfo;
import dev.counters.CounterKind;
import dev.counters.internal.CycleFrequency;
import dev.counters.internal.LazyFrequency;
import dev.counters.internal.ResolutionProbe;
import dev.counters.internal.TickSource;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * The processor's free-running cycle counter ({@link CycleInstruction}) made readable: its code
 * proven to run by a trial page that is given back, then loaded for good into an executable page
 * by the platform's {@link ExecutablePages} when the first counter needs it. Serves {@link CounterKind#CPU_CYCLES} in counters-posix and counters-windows alike.
 *
 * <p>The x86 time-stamp counter ticks at a fixed rate on every CPU of the last decade
 * ({@code constant_tsc}, {@code nonstop_tsc}), not at the current core clock; its rate is
 * estimated once per process by {@link CycleFrequency} when a conversion first needs it. The
 * aarch64 virtual counter's rate is the one {@code CNTFRQ_EL0} declares.
 *
 * <p>A read costs one native call (an FFM downcall on JDK 22+, a JNA direct call before; their
 * costs are in docs/PERFORMANCE.md), far more than the instruction itself: a counter for longer
 * intervals, not for single instructions.
 */
public final class ProcessorCycles {
    private final CycleInstruction instruction;
    private final ExecutablePages pages;
    private final Supplier<TickSource> source;
    private final LazyFrequency frequency;
    private final Long declaredFrequency;

    private ProcessorCycles(CycleInstruction instruction, ExecutablePages pages, Long declaredFrequency) {
        this.instruction = instruction;
        this.pages = pages;
        this.source = Suppliers.memoize(() -> pages.bindCycleReader(pages.load(instruction.readCode())));
        this.declaredFrequency = declaredFrequency;
        this.frequency = declaredFrequency != null
                ? LazyFrequency.fixed(declaredFrequency)
                : LazyFrequency.of(instruction.name() + " frequency estimated against System.nanoTime()",
                        () -> pages.withCycleReader(instruction.readCode(), CycleFrequency::estimate));
    }

    /**
     * Proves that the reader of {@code instruction} runs in {@code pages}, by a trial that gives its
     * page back, and reads the rate the hardware declares where it declares one. Nothing stays
     * mapped until {@link #source()} is first asked for. Every failure is the binding's reason: a
     * {@link dev.counters.CounterException} from the page calls, a denied or missing native layer.
     */
    public static Binding<ProcessorCycles> bind(CycleInstruction instruction, ExecutablePages pages) {
        requireNonNull(instruction, "instruction");
        requireNonNull(pages, "pages");
        Binding<ProcessorCycles> bound = Binding.of(() -> {
            pages.callOnce(instruction.readCode());
            Long declared = instruction.frequencyCode().map(pages::callOnce).orElse(null);
            return new ProcessorCycles(instruction, pages, declared);
        });
        return bound.failure().isPresent()
                ? Binding.failed("could not make the " + instruction.name() + " code executable: " + bound.failure().get())
                : bound;
    }

    /** The instruction read: {@code RDTSC} or {@code CNTVCT_EL0}. */
    public CycleInstruction instruction() {
        return instruction;
    }

    /**
     * The counter as a source: one direct call per read, nothing allocated. The first call loads the
     * reader into a page that lives as long as the process; later calls share it.
     *
     * @throws dev.counters.CounterException if the page calls fail now although the trial passed
     */
    public TickSource source() {
        return source.get();
    }

    /**
     * The counter's rate: declared by the hardware where it is, else estimated lazily, once, through
     * a trial page that is given back.
     */
    public LazyFrequency frequency() {
        return frequency;
    }

    /** The rate the hardware declares, where it declares one (aarch64's {@code CNTFRQ_EL0}). */
    public Optional<Long> declaredFrequency() {
        return Optional.ofNullable(declaredFrequency);
    }

    /**
     * {@link CounterKind#CPU_CYCLES}'s description for {@code provider}. Maps no page: the rate comes
     * from {@link #frequency()}, and the resolution is probed through {@link #source()} only when
     * {@link CounterInfo#measureResolution()} asks.
     */
    public CounterInfo describe(String provider) {
        long hertz = frequency.get();
        return CounterInfo.builder(CounterKind.CPU_CYCLES)
                .provider(provider)
                .source(instruction.name() + " from a W^X code page, called through " + pages.binding())
                .binding(pages.binding())
                .frequency(hertz)
                .resolution(() -> ResolutionProbe.measure(source(), hertz))
                .monotonic(instruction != CycleInstruction.RDTSC || invariantTsc(cpuFlags()))
                .notes(notes(cpuFlags()))
                .build();
    }

    private String notes(String flags) {
        if (instruction != CycleInstruction.RDTSC) {
            return "the virtual counter of the generic timer; frequency declared by CNTFRQ_EL0";
        }
        if (flags.isEmpty()) {
            return "frequency estimated against the high-performance counter; invariance not checked on this OS";
        }
        return "frequency estimated against the high-performance counter; "
                + (invariantTsc(flags) ? "invariant TSC (constant_tsc, nonstop_tsc)" : "TSC NOT invariant: it may change rate or stop")
                + (flags.contains(" tsc_known_freq ") ? "; kernel knows the exact rate (tsc_known_freq)" : "");
    }

    /** Whether the TSC runs at a constant rate through frequency and sleep states, as far as the flags tell. */
    private static boolean invariantTsc(String flags) {
        return flags.contains(" constant_tsc ") && flags.contains(" nonstop_tsc ");
    }

    /** The first processor's flags from /proc/cpuinfo, space-padded, or empty off Linux. */
    private static String cpuFlags() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/cpuinfo"))) {
                if (line.startsWith("flags")) {
                    return " " + line.substring(line.indexOf(':') + 1).trim() + " ";
                }
            }
        } catch (IOException | RuntimeException e) {
            return "";
        }
        return "";
    }

    @Override
    public String toString() {
        return instruction.name() + " cycle counter";
    }
}
