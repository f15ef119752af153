package dev.counters.windows.internal;

import static java.util.Objects.requireNonNull;

import dev.counters.nativeaccess.ExecutablePages;

/**
 * Executable pages on Windows: {@code VirtualAlloc} a read-write page, then {@code VirtualProtect}
 * it execute-read and {@code FlushInstructionCache}; {@code VirtualFree} it if either fails. Each
 * failure carries {@code GetLastError} and the system's text for it.
 */
final class WindowsPages extends ExecutablePages {
    static final long PAGE_BYTES = 4096;
    static final String VIRTUAL_ALLOC = "VirtualAlloc(MEM_COMMIT|MEM_RESERVE, PAGE_READWRITE)";
    static final String VIRTUAL_PROTECT = "VirtualProtect(PAGE_EXECUTE_READ)";
    static final String FLUSH_INSTRUCTION_CACHE = "FlushInstructionCache";

    private final WindowsCalls api;

    WindowsPages(WindowsCalls api) {
        super(api.codeBinder());
        this.api = requireNonNull(api, "api");
    }

    @Override
    protected long pageSize() {
        return PAGE_BYTES;
    }

    @Override
    protected long allocateWritable(long size) {
        long page = api.virtualAlloc(size, WindowsCalls.PAGE_READWRITE);
        if (page == 0) {
            throw WindowsErrors.lastError(api, VIRTUAL_ALLOC);
        }
        return page;
    }

    @Override
    protected void makeExecutable(long page, long size) {
        if (!api.virtualProtect(page, size, WindowsCalls.PAGE_EXECUTE_READ)) {
            throw WindowsErrors.lastError(api, VIRTUAL_PROTECT);
        }
        if (!api.flushInstructionCache(api.getCurrentProcess(), page, size)) {
            throw WindowsErrors.lastError(api, FLUSH_INSTRUCTION_CACHE);
        }
    }

    @Override
    protected void release(long page, long size) {
        api.virtualFree(page);
    }
}
