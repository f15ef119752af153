package dev.counters.posix;

import static java.util.Objects.requireNonNull;

import dev.counters.CounterException;
import dev.counters.nativeaccess.CodeLoader;
import dev.counters.spi.TickSource;

/**
 * Makes machine code callable on POSIX without a page ever being writable and executable at once
 * (W^X): {@code mmap} a read-write page, copy the code in, {@code mprotect} it read-execute.
 * (Linux on arm64 synchronises the instruction cache when a user page becomes executable.)
 */
final class PosixCodeLoader implements CodeLoader {
    static final int PROT_READ = 0x1;
    static final int PROT_WRITE = 0x2;
    static final int PROT_EXEC = 0x4;
    static final int MAP_PRIVATE = 0x02;
    static final String MMAP_API = "mmap(PROT_READ|PROT_WRITE, MAP_PRIVATE|MAP_ANONYMOUS)";
    static final String MPROTECT_API = "mprotect(PROT_READ|PROT_EXEC)";
    private static final long MAP_FAILED = -1;

    private final PosixCalls calls;
    private final int mapAnonymous;

    PosixCodeLoader(PosixCalls calls, PosixPlatform platform) {
        this.calls = requireNonNull(calls, "calls");
        this.mapAnonymous = platform.mapAnonymous();
    }

    @Override
    public long load(byte[] code) {
        long size = Math.max(calls.pageSize(), code.length);
        long page = calls.mmap(size, PROT_READ | PROT_WRITE, MAP_PRIVATE | mapAnonymous);
        if (page == MAP_FAILED || page == 0) {
            throw NativeFailures.of(calls, MMAP_API);
        }
        calls.copy(code, page);
        if (calls.mprotect(page, size, PROT_READ | PROT_EXEC) != 0) {
            CounterException failure = NativeFailures.of(calls, MPROTECT_API);
            calls.munmap(page, size);
            throw failure;
        }
        return page;
    }

    @Override
    public TickSource bindReader(long address) {
        return calls.bindCycleReader(address);
    }

    @Override
    public long call(long address) {
        return calls.call(address);
    }
}
