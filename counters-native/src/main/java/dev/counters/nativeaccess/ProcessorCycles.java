package dev.counters.nativeaccess;

import static java.util.Objects.requireNonNull;

import dev.counters.CounterInfo;
import dev.counters.CounterKind;
import dev.counters.spi.TickSource;
import dev.counters.toolkit.CycleFrequency;
import dev.counters.toolkit.LazyFrequency;
import dev.counters.toolkit.ResolutionProbe;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * The processor's free-running cycle counter ({@link CycleInstruction}) made readable: its code
 * loaded into an executable page by the platform's {@link ExecutablePages}, bound, and read once to
 * prove it works. Serves {@link CounterKind#CPU_CYCLES} in counters-posix and counters-windows alike.
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
    private final TickSource source;
    private final LazyFrequency frequency;
    private final Long declaredFrequency;
    private final String binding;

    private ProcessorCycles(CycleInstruction instruction, TickSource source, Long declaredFrequency, String binding) {
        this.binding = binding;
        this.instruction = instruction;
        this.source = source;
        this.declaredFrequency = declaredFrequency;
        this.frequency = declaredFrequency != null
                ? LazyFrequency.fixed(declaredFrequency)
                : CycleFrequency.lazyEstimate(instruction.name(), source);
    }

    /**
     * Loads and binds the reader of {@code instruction} into {@code pages}, and reads it once.
     * Every failure is the binding's reason: a {@link dev.counters.CounterException} from the page
     * calls, a denied or missing native layer.
     */
    public static Binding<ProcessorCycles> bind(CycleInstruction instruction, ExecutablePages pages) {
        requireNonNull(instruction, "instruction");
        requireNonNull(pages, "pages");
        Binding<ProcessorCycles> bound = Binding.of(() -> {
            TickSource source = pages.bindCycleReader(pages.load(instruction.readCode()));
            source.read();
            Long declared = instruction.frequencyCode().map(code -> pages.call(pages.load(code))).orElse(null);
            return new ProcessorCycles(instruction, source, declared, pages.binding());
        });
        return bound.failure().isPresent()
                ? Binding.failed("could not make the " + instruction.name() + " code executable: " + bound.failure().get())
                : bound;
    }

    /** The instruction read: {@code RDTSC} or {@code CNTVCT_EL0}. */
    public CycleInstruction instruction() {
        return instruction;
    }

    /** The counter as a source: one direct call per read, nothing allocated. */
    public TickSource source() {
        return source;
    }

    /** The counter's rate: declared by the hardware where it is, else estimated lazily, once. */
    public LazyFrequency frequency() {
        return frequency;
    }

    /** The rate the hardware declares, where it declares one (aarch64's {@code CNTFRQ_EL0}). */
    public Optional<Long> declaredFrequency() {
        return Optional.ofNullable(declaredFrequency);
    }

    /** {@link CounterKind#CPU_CYCLES}'s description for {@code provider}, its resolution probed now. */
    public CounterInfo describe(String provider) {
        long hertz = frequency.get();
        return CounterInfo.builder(CounterKind.CPU_CYCLES)
                .provider(provider)
                .source(instruction.name() + " from a W^X code page, called through " + binding)
                .binding(binding)
                .frequency(hertz)
                .resolution(() -> ResolutionProbe.measure(source, hertz))
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
