package dev.counters.measure.cycles;

import com.sun.jna.Function;
import com.sun.jna.Native;
import com.sun.jna.NativeLibrary;
import com.sun.jna.Platform;
import com.sun.jna.Pointer;
import dev.counters.CounterException;

/**
 * A few bytes of machine code made callable without ever being writable and executable at once
 * (W^X): a page is mapped read-write, the code copied in, then the page is made read-execute
 * ({@code mmap} + {@code mprotect} on POSIX, {@code VirtualAlloc} + {@code VirtualProtect} +
 * {@code FlushInstructionCache} on Windows). The page lives as long as the process.
 */
final class ExecutablePage {
    private ExecutablePage() {}

    /** Places {@code code} in a fresh executable page; returns the page's address. */
    static Pointer load(byte[] code) {
        return Platform.isWindows() ? loadWindows(code) : loadPosix(code);
    }

    private static Pointer loadPosix(byte[] code) {
        long size = Math.max(PosixMemory.getpagesize(), code.length);
        Pointer page = PosixMemory.mmap(null, size, PosixMemory.PROT_READ | PosixMemory.PROT_WRITE,
                PosixMemory.MAP_PRIVATE | PosixMemory.MAP_ANONYMOUS, -1, 0);
        if (page == null || Pointer.nativeValue(page) == -1L) {
            throw posixFailure("mmap(PROT_READ|PROT_WRITE, MAP_PRIVATE|MAP_ANONYMOUS)");
        }
        page.write(0, code, 0, code.length);
        if (PosixMemory.mprotect(page, size, PosixMemory.PROT_READ | PosixMemory.PROT_EXEC) != 0) {
            CounterException failure = posixFailure("mprotect(PROT_READ|PROT_EXEC)");
            PosixMemory.munmap(page, size);
            throw failure;
        }
        if (Platform.isARM()) {
            clearInstructionCache(page, code.length);
        }
        return page;
    }

    /** On aarch64 the instruction cache is not coherent with data writes: libgcc's {@code __clear_cache} syncs them. */
    private static void clearInstructionCache(Pointer page, int length) {
        Function clearCache;
        try {
            clearCache = NativeLibrary.getInstance("gcc_s").getFunction("__clear_cache");
        } catch (UnsatisfiedLinkError e) {
            // Linux on arm64 synchronises the caches when a user page becomes executable; the call is belt and braces.
            return;
        }
        clearCache.invokeVoid(new Object[] {page, page.share(length)});
    }

    private static Pointer loadWindows(byte[] code) {
        long size = Math.max(4096, code.length);
        Pointer page = WindowsMemory.VirtualAlloc(null, size, WindowsMemory.MEM_COMMIT | WindowsMemory.MEM_RESERVE,
                WindowsMemory.PAGE_READWRITE);
        if (page == null) {
            throw windowsFailure("VirtualAlloc(MEM_COMMIT|MEM_RESERVE, PAGE_READWRITE)");
        }
        page.write(0, code, 0, code.length);
        if (!WindowsMemory.VirtualProtect(page, size, WindowsMemory.PAGE_EXECUTE_READ, new int[1])) {
            CounterException failure = windowsFailure("VirtualProtect(PAGE_EXECUTE_READ)");
            WindowsMemory.VirtualFree(page, 0, WindowsMemory.MEM_RELEASE);
            throw failure;
        }
        if (!WindowsMemory.FlushInstructionCache(WindowsMemory.GetCurrentProcess(), page, size)) {
            throw windowsFailure("FlushInstructionCache");
        }
        return page;
    }

    private static CounterException posixFailure(String api) {
        int errno = Native.getLastError();
        return CounterException.nativeFailure(api, errno, PosixMemory.strerror(errno));
    }

    private static CounterException windowsFailure(String api) {
        int error = Native.getLastError();
        return CounterException.nativeFailure(api, error, "GetLastError " + error);
    }
}
