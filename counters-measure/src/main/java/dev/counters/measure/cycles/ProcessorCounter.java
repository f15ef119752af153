package dev.counters.measure.cycles;

import com.sun.jna.Function;
import com.sun.jna.Platform;
import dev.counters.CounterException;
import dev.counters.spi.TickSource;
import java.util.Optional;

/**
 * The processor's free-running cycle counter, read directly: {@code RDTSC} on x86-64 (preceded by
 * {@code LFENCE}, so earlier instructions finish before the read), {@code CNTVCT_EL0} on aarch64
 * (preceded by {@code ISB}). Seed 002 compiles {@code 0F 31} into a DLL; here the same bytes are
 * placed in a page that is mapped writable, then made executable (never both, see
 * {@link ExecutablePage}), and called through JNA.
 *
 * <p>The x86 time-stamp counter ticks at a fixed rate on every CPU of the last decade
 * ({@code constant_tsc}, {@code nonstop_tsc}), not at the current core clock; its rate is found
 * by {@link dev.counters.measure.CpuFrequency#estimate()}. The aarch64 virtual counter ticks at
 * the rate in {@code CNTFRQ_EL0} ({@link #declaredFrequency()}).
 *
 * <p>A read costs one JNA call (about 0.1-0.3 us), far more than the instruction itself; it is a
 * counter for intervals of microseconds and longer, not for single instructions.
 */
public final class ProcessorCounter {
    /** lfence; rdtsc; shl rdx, 32; or rax, rdx; ret */
    private static final byte[] X86_64_READ = {
        0x0F, (byte) 0xAE, (byte) 0xE8,
        0x0F, 0x31,
        0x48, (byte) 0xC1, (byte) 0xE2, 0x20,
        0x48, 0x09, (byte) 0xD0,
        (byte) 0xC3,
    };
    /** isb; mrs x0, cntvct_el0; ret (little-endian words). */
    private static final byte[] AARCH64_READ = words(0xD5033FDF, 0xD53BE040, 0xD65F03C0);
    /** mrs x0, cntfrq_el0; ret */
    private static final byte[] AARCH64_FREQUENCY = words(0xD53BE000, 0xD65F03C0);
    private static final Object[] NO_ARGUMENTS = {};

    private ProcessorCounter() {}

    /** Whether the counter can be read here. */
    public static boolean isAvailable() {
        return Holder.READ != null;
    }

    /** Why the counter cannot be read here; empty when it can. */
    public static Optional<String> unavailableReason() {
        return Optional.ofNullable(Holder.REASON);
    }

    /** The instruction read: {@code "RDTSC"} or {@code "CNTVCT_EL0"}; names the architecture when unsupported. */
    public static String instruction() {
        return Holder.INSTRUCTION;
    }

    /**
     * The counter's current value.
     *
     * @throws UnsupportedOperationException if it cannot be read here (see {@link #unavailableReason()})
     */
    public static long read() {
        Function read = Holder.READ;
        if (read == null) {
            throw new UnsupportedOperationException("The processor cycle counter cannot be read here: " + Holder.REASON);
        }
        return read.invokeLong(NO_ARGUMENTS);
    }

    /** The counter as a {@link TickSource}. */
    public static TickSource source() {
        if (!isAvailable()) {
            throw new UnsupportedOperationException("The processor cycle counter cannot be read here: " + Holder.REASON);
        }
        return ProcessorCounter::read;
    }

    /**
     * The frequency the hardware declares for the counter, where it declares one: aarch64's
     * {@code CNTFRQ_EL0}. x86 has no such register (the kernel's figure is in
     * {@link dev.counters.measure.FrequencyEstimate#kernelReportedHz()}).
     */
    public static Optional<Long> declaredFrequency() {
        return Optional.ofNullable(Holder.DECLARED_FREQUENCY);
    }

    private static byte[] words(int... words) {
        byte[] bytes = new byte[words.length * 4];
        for (int i = 0; i < words.length; i++) {
            for (int b = 0; b < 4; b++) {
                bytes[i * 4 + b] = (byte) (words[i] >>> (8 * b));
            }
        }
        return bytes;
    }

    private static final class Holder {
        static final Function READ;
        static final String REASON;
        static final String INSTRUCTION;
        static final Long DECLARED_FREQUENCY;

        static {
            Function read = null;
            String reason = null;
            String instruction;
            Long declared = null;
            boolean x86 = Platform.isIntel() && Platform.is64Bit();
            boolean arm = Platform.isARM() && Platform.is64Bit();
            instruction = x86 ? "RDTSC" : arm ? "CNTVCT_EL0" : "none on " + System.getProperty("os.arch");
            try {
                if (!x86 && !arm) {
                    reason = "no cycle counter is known for " + System.getProperty("os.arch") + " (x86-64 and aarch64 are)";
                } else if (Platform.isMac() && arm) {
                    reason = "macOS on Apple silicon only executes MAP_JIT pages; not supported";
                } else if (x86 && Platform.isLinux() && !tscEnabled()) {
                    reason = "RDTSC is disabled for this process (prctl PR_GET_TSC says PR_TSC_SIGSEGV)";
                } else {
                    read = ExecutablePage.load(x86 ? X86_64_READ : AARCH64_READ);
                    read.invokeLong(NO_ARGUMENTS);
                    if (arm) {
                        declared = ExecutablePage.load(AARCH64_FREQUENCY).invokeLong(NO_ARGUMENTS);
                    }
                }
            } catch (CounterException | UnsatisfiedLinkError | UnsupportedOperationException e) {
                read = null;
                reason = "could not make the " + instruction + " code executable: " + e.getMessage();
            }
            READ = read;
            REASON = reason;
            INSTRUCTION = instruction;
            DECLARED_FREQUENCY = declared;
        }

        private static boolean tscEnabled() {
            int[] state = new int[1];
            if (LinuxPrctl.prctl(LinuxPrctl.PR_GET_TSC, state, 0, 0, 0) != 0) {
                return true; // a kernel without the option lets every process read the TSC
            }
            return state[0] != LinuxPrctl.PR_TSC_SIGSEGV;
        }
    }
}
