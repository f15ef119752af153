package dev.counters.measure.cycles;

import com.sun.jna.Native;
import com.sun.jna.Pointer;

/** kernel32 memory calls for the executable page (JNA direct mapping). */
final class WindowsMemory {
    static final int MEM_COMMIT = 0x1000;
    static final int MEM_RESERVE = 0x2000;
    static final int MEM_RELEASE = 0x8000;
    static final int PAGE_READWRITE = 0x04;
    static final int PAGE_EXECUTE_READ = 0x20;

    static {
        Native.register("kernel32");
    }

    private WindowsMemory() {}

    static native Pointer VirtualAlloc(Pointer address, long size, int allocationType, int protect);

    static native boolean VirtualProtect(Pointer address, long size, int newProtect, int[] oldProtect);

    static native boolean VirtualFree(Pointer address, long size, int freeType);

    static native boolean FlushInstructionCache(Pointer process, Pointer address, long size);

    static native Pointer GetCurrentProcess();
}
