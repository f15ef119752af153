package dev.counters.measure.cycles;

import com.sun.jna.Function;
import com.sun.jna.Library;
import com.sun.jna.Native;
import com.sun.jna.NativeLibrary;
import com.sun.jna.Platform;
import com.sun.jna.Pointer;
import com.sun.jna.SymbolProvider;
import dev.counters.CounterException;
import dev.counters.spi.TickSource;
import java.util.Map;
import java.util.Optional;

/**
 * The processor's free-running cycle counter, read directly: {@code RDTSC} on x86-64 (preceded by
 * {@code LFENCE}, so earlier instructions finish before the read), {@code CNTVCT_EL0} on aarch64
 * (preceded by {@code ISB}). A C program would compile {@code 0F 31} into a DLL; here the same bytes are
 * placed in a page that is mapped writable, then made executable (never both, see
 * {@link ExecutablePage}), and bound with JNA direct mapping: a {@link SymbolProvider} resolves
 * the native method's name to the page, so a read is one direct call that allocates nothing.
 *
 * <p>The x86 time-stamp counter ticks at a fixed rate on every CPU of the last decade
 * ({@code constant_tsc}, {@code nonstop_tsc}), not at the current core clock; its rate is found
 * by {@link dev.counters.measure.CpuFrequency#estimate()}. The aarch64 virtual counter ticks at
 * the rate in {@code CNTFRQ_EL0} ({@link #declaredFrequency()}).
 *
 * <p>A read costs one JNA direct call (about 0.1 us here), far more than the instruction itself;
 * it is a counter for intervals of microseconds and longer, not for single instructions.
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
    /** The name {@link CycleCode}'s native method is bound to. */
    static final String SYMBOL = "counters_read_cycles";

    private ProcessorCounter() {}

    /** Whether the counter can be read here. */
    public static boolean isAvailable() {
        return Holder.AVAILABLE;
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
        if (!Holder.AVAILABLE) {
            throw new UnsupportedOperationException("The processor cycle counter cannot be read here: " + Holder.REASON);
        }
        return CycleCode.counters_read_cycles();
    }

    /** The counter as a {@link TickSource}. */
    public static TickSource source() {
        if (!isAvailable()) {
            throw new UnsupportedOperationException("The processor cycle counter cannot be read here: " + Holder.REASON);
        }
        return CycleCode::counters_read_cycles;
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
        static final boolean AVAILABLE;
        static final String REASON;
        /** Held so that the library (and its symbol provider) live as long as the binding. */
        static final NativeLibrary LIBRARY;
        static final String INSTRUCTION;
        static final Long DECLARED_FREQUENCY;

        static {
            NativeLibrary library = null;
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
                    library = bind(ExecutablePage.load(x86 ? X86_64_READ : AARCH64_READ));
                    CycleCode.counters_read_cycles();
                    if (arm) {
                        declared = Function.getFunction(ExecutablePage.load(AARCH64_FREQUENCY)).invokeLong(NO_ARGUMENTS);
                    }
                }
            } catch (CounterException | UnsatisfiedLinkError | UnsupportedOperationException e) {
                library = null;
                reason = "could not make the " + instruction + " code executable: " + e.getMessage();
            }
            AVAILABLE = library != null;
            LIBRARY = library;
            REASON = reason;
            INSTRUCTION = instruction;
            DECLARED_FREQUENCY = declared;
        }

        /** Binds {@link CycleCode} to the code at {@code page}: a library whose symbol provider knows {@link #SYMBOL}. */
        private static NativeLibrary bind(Pointer page) {
            long address = Pointer.nativeValue(page);
            SymbolProvider provider = (handle, name, parent) ->
                    SYMBOL.equals(name) ? address : parent.getSymbolAddress(handle, name, null);
            NativeLibrary library = NativeLibrary.getInstance(Platform.isWindows() ? "kernel32" : Platform.C_LIBRARY_NAME,
                    Map.of(Library.OPTION_SYMBOL_PROVIDER, provider));
            Native.register(CycleCode.class, library);
            return library;
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
