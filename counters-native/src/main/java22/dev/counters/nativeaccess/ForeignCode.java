package dev.counters.nativeaccess;

import static java.lang.foreign.ValueLayout.JAVA_LONG;

import dev.counters.internal.TickSource;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;

/**
 * The {@link CodeBinder} of the FFM layers (JDK 22+): machine code at a native address copied in
 * and called through a downcall handle, {@link Linker.Option#critical(boolean) critical(false)}
 * since the code only reads a register. The cycle reader's handle is held in a {@code static
 * final} field, which the JIT treats as a constant, so a read costs the instructions and a plain
 * call; it is bound once per process, as {@link ExecutableCode}'s JNA reader is (a later binding
 * gets the reader bound first, whose code is the same).
 */
public final class ForeignCode implements CodeBinder {
    private static final FunctionDescriptor LONG_OF_NOTHING = FunctionDescriptor.of(JAVA_LONG);
    private static final ForeignCode INSTANCE = new ForeignCode();
    /** The page the first {@link #bindCycleReader} call names, read once by {@link Reader}'s initialisation. */
    private static long readerAddress;

    private ForeignCode() {}

    /** The binder; checks that this module may make downcalls, as every FFM layer's {@code bind()} does. */
    public static CodeBinder binder() {
        Module module = ForeignCode.class.getModule();
        if (!module.isNativeAccessEnabled()) {
            throw ForeignLayers.nativeAccessNotEnabled(module);
        }
        return INSTANCE;
    }

    @Override
    public dev.counters.CounterInfo.Binding binding() {
        return dev.counters.CounterInfo.Binding.FFM;
    }

    @Override
    public void copy(byte[] code, long address) {
        MemorySegment.ofAddress(address).reinterpret(code.length).copyFrom(MemorySegment.ofArray(code));
    }

    @Override
    public synchronized TickSource bindCycleReader(long address) {
        if (readerAddress == 0) {
            readerAddress = address;
        }
        Reader.link();
        return Reader::read;
    }

    @Override
    public long call(long address) {
        try {
            return (long) Linker.nativeLinker().downcallHandle(MemorySegment.ofAddress(address), LONG_OF_NOTHING).invokeExact();
        } catch (Throwable thrown) {
            throw ForeignLayers.downcallThrew("the code at 0x" + Long.toHexString(address), thrown);
        }
    }

    /** The cycle reader, linked to the first page bound. */
    private static final class Reader {
        private static final MethodHandle READ = Linker.nativeLinker().downcallHandle(
                MemorySegment.ofAddress(readerAddress), LONG_OF_NOTHING, Linker.Option.critical(false));

        static void link() {}

        static long read() {
            try {
                return (long) READ.invokeExact();
            } catch (Throwable thrown) {
                throw ForeignLayers.downcallThrew("the cycle reader", thrown);
            }
        }
    }
}
