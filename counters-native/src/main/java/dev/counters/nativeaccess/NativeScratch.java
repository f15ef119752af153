package dev.counters.nativeaccess;

import com.sun.jna.Native;
import com.sun.jna.Pointer;

/** {@link Scratch} memory for a native layer bound through JNA: the address of its direct buffer as JNA finds it. */
public final class NativeScratch {
    private NativeScratch() {}

    /** Native memory for {@code bytes} bytes of results. */
    public static Scratch allocate(int bytes) {
        return Scratch.allocateDirect(bytes, buffer -> Pointer.nativeValue(Native.getDirectBufferPointer(buffer)));
    }
}
