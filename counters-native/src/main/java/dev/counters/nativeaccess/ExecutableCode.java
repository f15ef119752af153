package dev.counters.nativeaccess;

import com.sun.jna.Function;
import com.sun.jna.Library;
import com.sun.jna.Native;
import com.sun.jna.NativeLibrary;
import com.sun.jna.Pointer;
import com.sun.jna.SymbolProvider;
import dev.counters.internal.TickSource;
import java.util.Map;

/**
 * Binds machine code at a native address through JNA. The cycle reader is bound with direct
 * mapping: a {@link SymbolProvider} resolves {@link CycleCode}'s native method to the page, so a
 * read is one direct call that allocates nothing.
 */
public final class ExecutableCode {
    private static final Object[] NO_ARGUMENTS = {};
    /** The name {@link CycleCode}'s native method is bound to. */
    static final String SYMBOL = "counters_read_cycles";
    /** Held so that the library (and its symbol provider) live as long as the binding. */
    private static NativeLibrary boundLibrary;

    private ExecutableCode() {}

    /**
     * Binds the cycle reader to the code at {@code address}; {@code hostLibrary} is any library JNA
     * can open ({@code "c"}, {@code "kernel32"}), whose other symbols are looked up as usual.
     *
     * <p>The reader is bound once per process: a later call (a second provider instance, a test's
     * own layer) gets the reader bound first, whose code is the same, and leaves its page unused.
     */
    public static synchronized TickSource bindCycleReader(long address, String hostLibrary) {
        if (boundLibrary != null) {
            return CycleCode::counters_read_cycles;
        }
        SymbolProvider provider = (handle, name, parent) ->
                SYMBOL.equals(name) ? address : parent.getSymbolAddress(handle, name, null);
        NativeLibrary library = NativeLibrary.getInstance(hostLibrary, Map.of(Library.OPTION_SYMBOL_PROVIDER, provider));
        Native.register(CycleCode.class, library);
        boundLibrary = library;
        return CycleCode::counters_read_cycles;
    }

    /** The real {@link CodeBinder}: JNA, binding the cycle reader in {@code hostLibrary}'s name space. */
    public static CodeBinder binder(String hostLibrary) {
        return new CodeBinder() {
            @Override
            public void copy(byte[] code, long address) {
                ExecutableCode.copy(code, address);
            }

            @Override
            public TickSource bindCycleReader(long address) {
                return ExecutableCode.bindCycleReader(address, hostLibrary);
            }

            @Override
            public long call(long address) {
                return ExecutableCode.call(address);
            }
        };
    }

    /** Calls the code at {@code address} once as {@code long f(void)}. */
    public static long call(long address) {
        return Function.getFunction(new Pointer(address)).invokeLong(NO_ARGUMENTS);
    }

    /** Copies {@code code} to native memory at {@code address}. */
    public static void copy(byte[] code, long address) {
        new Pointer(address).write(0, code, 0, code.length);
    }

    /** The cycle reader as a JNA direct-mapped method; registered by {@link #bindCycleReader}. */
    static final class CycleCode {
        private CycleCode() {}

        static native long counters_read_cycles();
    }
}
