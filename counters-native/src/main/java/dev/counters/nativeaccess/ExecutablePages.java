package dev.counters.nativeaccess;

import static java.util.Objects.requireNonNull;

import dev.counters.spi.TickSource;

/**
 * Makes a few bytes of machine code callable without a page ever being writable and executable
 * at once (W^X): map a read-write page, copy the code in, make the page executable, and give the
 * page back if any step fails. A platform module supplies its own page calls
 * ({@code mmap}/{@code mprotect}, {@code VirtualAlloc}/{@code VirtualProtect}); the sequence is
 * written once, here. Pages that load live as long as the process.
 */
public abstract class ExecutablePages {
    private final CodeBinder binder;

    protected ExecutablePages(CodeBinder binder) {
        this.binder = requireNonNull(binder, "binder");
    }

    /**
     * Places {@code code} in a fresh page and makes it executable.
     *
     * @return the page's address
     * @throws dev.counters.CounterException naming the call that failed, its error code and text
     */
    public final long load(byte[] code) {
        long size = Math.max(pageSize(), code.length);
        long page = allocateWritable(size);
        try {
            binder.copy(code, page);
            makeExecutable(page, size);
        } catch (RuntimeException failure) {
            release(page, size);
            throw failure;
        }
        return page;
    }

    /** A source calling the code at {@code address} as {@code long read(void)}. */
    public final TickSource bindCycleReader(long address) {
        return binder.bindCycleReader(address);
    }

    /** Calls the code at {@code address} once as {@code long f(void)}. */
    public final long call(long address) {
        return binder.call(address);
    }

    /** How the code in these pages is called (FFM or JNA). */
    public String binding() {
        return binder.binding();
    }

    /** The size of a page, the least that is mapped. */
    protected abstract long pageSize();

    /** A fresh read-write page of {@code size} bytes; throws {@link dev.counters.CounterException} when the system refuses. */
    protected abstract long allocateWritable(long size);

    /** Makes {@code page} read-execute and visible to instruction fetch; throws {@link dev.counters.CounterException}. */
    protected abstract void makeExecutable(long page, long size);

    /** Gives back a page that could not be made executable. */
    protected abstract void release(long page, long size);
}
