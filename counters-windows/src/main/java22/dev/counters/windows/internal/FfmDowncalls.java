package dev.counters.windows.internal;

import dev.counters.nativeaccess.ForeignLayers;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.StructLayout;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.VarHandle;
import java.util.Arrays;

/**
 * How {@link FfmWindowsCalls} links and makes its downcalls: the three kinds of handle
 * ({@linkplain #critical critical} for the reads, {@linkplain #capturing capturing}
 * {@code GetLastError}, {@linkplain #plain plain}), the exports they need, and the calls off the
 * hot path, which box their arguments and, where the handle captures it, remember this thread's
 * {@code GetLastError} for {@link #lastError()}. Touching this class links nothing, so it needs no
 * native access of its own: {@link FfmKernel32} and {@link FfmWinmm} link through it.
 */
final class FfmDowncalls {
    /** {@code GetLastError()} after this thread's last failed read or last other call; touched only then. */
    private static final ThreadLocal<int[]> LAST_ERROR = ThreadLocal.withInitial(() -> new int[1]);
    private static final StructLayout CALL_STATE = Linker.Option.captureStateLayout();
    private static final VarHandle GET_LAST_ERROR = CALL_STATE.varHandle(MemoryLayout.PathElement.groupElement("GetLastError"));

    private FfmDowncalls() {}

    /** {@code GetLastError()} as the last failed read or other capturing call on this thread left it. */
    static int lastError() {
        return LAST_ERROR.get()[0];
    }

    /** A read failed: repeats it through {@code capturing}, remembering {@code GetLastError} if it fails again. */
    static boolean retry(MethodHandle capturing, long... arguments) {
        try (Arena arena = Arena.ofConfined()) {
            Object[] withHandle = Arrays.stream(arguments).boxed().toArray();
            return (int) calledCapturing(capturing, arena, withHandle) != 0;
        }
    }

    /** Calls {@code capturing} with a fresh capture state from {@code arena}, then remembers {@code GetLastError}. */
    static Object calledCapturing(MethodHandle capturing, Arena arena, Object... arguments) {
        MemorySegment state = arena.allocate(CALL_STATE);
        Object[] all = new Object[arguments.length + 1];
        all[0] = state;
        System.arraycopy(arguments, 0, all, 1, arguments.length);
        Object result = invoke(capturing, all);
        LAST_ERROR.get()[0] = (int) GET_LAST_ERROR.get(state, 0L);
        return result;
    }

    /** A call off the hot path, its arguments boxed. */
    static Object invoke(MethodHandle handle, Object... arguments) {
        try {
            return handle.invokeWithArguments(arguments);
        } catch (Throwable impossible) {
            throw ForeignLayers.downcallThrew(handle.toString(), impossible);
        }
    }

    static MethodHandle critical(MemorySegment symbol, FunctionDescriptor signature) {
        return Linker.nativeLinker().downcallHandle(symbol, signature, Linker.Option.critical(false));
    }

    static MethodHandle capturing(MemorySegment symbol, FunctionDescriptor signature) {
        return Linker.nativeLinker().downcallHandle(symbol, signature, Linker.Option.captureCallState("GetLastError"));
    }

    static MethodHandle plain(MemorySegment symbol, FunctionDescriptor signature) {
        return Linker.nativeLinker().downcallHandle(symbol, signature);
    }

    static MemorySegment required(SymbolLookup library, String name) {
        return library.find(name).orElseThrow(() -> new UnsatisfiedLinkError("no export " + name + " for an FFM downcall"));
    }
}
