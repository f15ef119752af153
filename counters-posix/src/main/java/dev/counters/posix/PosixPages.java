package dev.counters.posix;

import static java.util.Objects.requireNonNull;

import dev.counters.nativeaccess.ExecutablePages;

/**
 * Executable pages on POSIX: {@code mmap} a private anonymous read-write page, then {@code mprotect}
 * it read-execute; {@code munmap} it if that fails. (Linux on arm64 synchronises the instruction
 * cache when a user page becomes executable.)
 */
final class PosixPages extends ExecutablePages {
    static final int PROT_READ = 0x1;
    static final int PROT_WRITE = 0x2;
    static final int PROT_EXEC = 0x4;
    static final int MAP_PRIVATE = 0x02;
    static final String MMAP_API = "mmap(PROT_READ|PROT_WRITE, MAP_PRIVATE|MAP_ANONYMOUS)";
    static final String MPROTECT_API = "mprotect(PROT_READ|PROT_EXEC)";
    private static final long MAP_FAILED = -1;

    private final PosixCalls calls;
    private final int mapAnonymous;

    PosixPages(PosixCalls calls, PosixPlatform platform) {
        super(calls.codeBinder());
        this.calls = requireNonNull(calls, "calls");
        this.mapAnonymous = platform.mapAnonymous();
    }

    @Override
    protected long pageSize() {
        return calls.pageSize();
    }

    @Override
    protected long allocateWritable(long size) {
        long page = calls.mmap(size, PROT_READ | PROT_WRITE, MAP_PRIVATE | mapAnonymous);
        if (page == MAP_FAILED || page == 0) {
            throw PosixErrors.of(calls, MMAP_API);
        }
        return page;
    }

    @Override
    protected void makeExecutable(long page, long size) {
        if (calls.mprotect(page, size, PROT_READ | PROT_EXEC) != 0) {
            throw PosixErrors.of(calls, MPROTECT_API);
        }
    }

    @Override
    protected void release(long page, long size) {
        calls.munmap(page, size);
    }
}
