package dev.counters.posix;

import static java.util.Objects.requireNonNull;

import dev.counters.nativeaccess.ExecutablePages;

/**
 * Executable pages on POSIX: {@code mmap} a private anonymous read-write page, then {@code mprotect}
 * it read-execute; {@code munmap} it if that fails.
 *
 * <h2>Instruction-cache coherency</h2>
 * On arm64 the instruction cache is not coherent with data writes: code written as data must be
 * cleaned from the data cache and invalidated from the instruction cache to the point of
 * unification ({@code dc cvau; dsb ish; ic ivau; dsb ish; isb}, what GCC's {@code __clear_cache}
 * does) before it runs. Linux does this for a user page when it becomes executable: every page-table
 * update goes through {@code set_pte_at()}/{@code set_ptes()}, which for a present, user-executable,
 * non-special entry calls {@code __sync_icache_dcache()} (arch/arm64/include/asm/pgtable.h,
 * {@code if (pte_present(pte) && pte_user_exec(pte) && !pte_special(pte)) __sync_icache_dcache(pte);});
 * that runs {@code sync_icache_aliases()}, i.e. {@code caches_clean_inval_pou()} over the whole folio,
 * unless the folio is already marked {@code PG_dcache_clean} (arch/arm64/mm/flush.c). {@code mprotect}
 * rewrites the entries through {@code ptep_modify_prot_commit()}, which is {@code set_pte_at()}. A
 * freshly allocated anonymous page has never been mapped executable, so {@code PG_dcache_clean} is
 * clear and the {@code mprotect(PROT_READ|PROT_EXEC)} here synchronises it; {@link ExecutablePages}
 * never writes a page after it became executable, the one case that would need a flush of its own.
 * (Read in the current, folio-based tree. Old kernels returned early for a page without a
 * {@code page_mapping()}, anonymous pages included: v4.3's arch/arm64/mm/flush.c has
 * {@code if (!page_mapping(page)) return;} at the top of {@code __sync_icache_dcache()}; on such a
 * kernel this page is not synchronised, and nothing here has run on one.)
 * FreeBSD's arm64 pmap is not known here to do the same on {@code mprotect}, so CPU_CYCLES is not
 * served from a code page there ({@link PosixCycles}); macOS on Apple silicon executes no page
 * without {@code MAP_JIT} ({@code bsd/sys/mman.h}), so it is not served there either.
 *
 * <p>On x86-64 nothing more is needed. The Intel SDM (Vol. 3A, "Self-Modifying Code", §11.6 in the
 * editions that number it so) has a write to memory held in a code cache invalidate that line, and
 * its "Handling Self- and Cross-Modifying Code" (§8.1.3) asks a processor that runs code written as
 * data to jump to it (which a call is) or, when another processor wrote it, to serialise first, so
 * that no instruction it fetched ahead of the write runs stale. The page here is written once, before
 * it becomes executable and before its address reaches any other thread, so no processor can have
 * fetched from it ahead of the write.
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

    PosixPages(PosixCalls calls, PosixPlatform.Served platform) {
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
