package dev.counters.windows.internal;

import com.sun.jna.Native;
import dev.counters.nativeaccess.Scratch;

/**
 * kernel32 exports present on every supported Windows (Vista and later), bound by JNA direct
 * mapping: a {@code static native} method per export, primitive arguments only, which costs about
 * a fifth of an interface-mapped call. A hot-path out-parameter is the native address of a
 * {@link dev.counters.nativeaccess.Scratch} ({@code long}), which JNA passes unconverted, where a
 * {@code long[]} would be copied in and out on every call. {@code Native.register} binds every
 * method at class initialisation, so exports that some Windows versions lack live in their own
 * classes ({@link PreciseTimeDirect}, {@link CycleTimeDirect}).
 */
final class Kernel32Direct {
    static {
        Native.register("kernel32");
    }

    private Kernel32Direct() {}

    /** Initialises the class, binding every method below or throwing {@link UnsatisfiedLinkError}. */
    static void bind() {}

    static native long GetTickCount64();

    static native boolean QueryPerformanceCounter(long count);

    /** Called once per process: a {@code long[]} is simplest there. */
    static native boolean QueryPerformanceFrequency(long[] frequency);

    static native void GetSystemTimeAsFileTime(long fileTime);

    static native boolean GetThreadTimes(long thread, long creation, long exit, long kernel, long user);

    static native boolean GetProcessTimes(long process, long creation, long exit, long kernel, long user);

    static native long SetThreadAffinityMask(long thread, long mask);

    static native long VirtualAlloc(long address, long size, int allocationType, int protect);

    static native boolean VirtualProtect(long address, long size, int newProtect, int[] oldProtect);

    static native boolean VirtualFree(long address, long size, int freeType);

    static native boolean FlushInstructionCache(long process, long address, long size);
}
