package dev.counters.windows;

import static java.util.Objects.requireNonNull;

import dev.counters.CounterException;
import dev.counters.nativeaccess.CodeLoader;
import dev.counters.spi.TickSource;

/**
 * Makes machine code callable on Windows without a page ever being writable and executable at
 * once (W^X): {@code VirtualAlloc} a read-write page, copy the code in, {@code VirtualProtect} it
 * execute-read, then {@code FlushInstructionCache}. Each failure carries {@code GetLastError} and
 * the system's text for it.
 */
final class WindowsCodeLoader implements CodeLoader {
    static final long PAGE_BYTES = 4096;
    static final String VIRTUAL_ALLOC = "VirtualAlloc(MEM_COMMIT|MEM_RESERVE, PAGE_READWRITE)";
    static final String VIRTUAL_PROTECT = "VirtualProtect(PAGE_EXECUTE_READ)";
    static final String FLUSH_INSTRUCTION_CACHE = "FlushInstructionCache";

    private final Win32 api;

    WindowsCodeLoader(Win32 api) {
        this.api = requireNonNull(api, "api");
    }

    @Override
    public long load(byte[] code) {
        long size = Math.max(PAGE_BYTES, code.length);
        long page = api.virtualAlloc(size, Win32.PAGE_READWRITE);
        if (page == 0) {
            throw Win32Errors.lastError(api, VIRTUAL_ALLOC);
        }
        api.copy(code, page);
        if (!api.virtualProtect(page, size, Win32.PAGE_EXECUTE_READ)) {
            CounterException failure = Win32Errors.lastError(api, VIRTUAL_PROTECT);
            api.virtualFree(page);
            throw failure;
        }
        if (!api.flushInstructionCache(api.getCurrentProcess(), page, size)) {
            throw Win32Errors.lastError(api, FLUSH_INSTRUCTION_CACHE);
        }
        return page;
    }

    @Override
    public TickSource bindReader(long address) {
        return api.bindCycleReader(address);
    }

    @Override
    public long call(long address) {
        return api.call(address);
    }
}
