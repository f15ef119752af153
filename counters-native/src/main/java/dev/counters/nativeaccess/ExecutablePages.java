package dev.counters.nativeaccess;

import static java.util.Objects.requireNonNull;

import dev.counters.internal.TickSource;
import java.util.function.LongUnaryOperator;
import java.util.function.ToLongFunction;

/**
 * Makes a few bytes of machine code callable without a page ever being writable and executable
 * at once (W^X): map a read-write page, copy the code in, make the page executable, and give the
 * page back if any step fails. A platform module supplies its own page calls
 * ({@code mmap}/{@code mprotect}, {@code VirtualAlloc}/{@code VirtualProtect}); the sequence is
 * written once, here. Pages that {@link #load} keeps live as long as the process; a trial
 * ({@link #callOnce}, {@link #withCycleReader}) gives its page back before it returns, so asking
 * whether the code runs here, or what it reads, keeps nothing mapped.
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
        long size = sizeFor(code);
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

    /**
     * Places {@code code} in a fresh page, calls it once as {@code long f(void)} and gives the page
     * back: proves the code runs here, or reads a value it returns, keeping nothing mapped.
     *
     * @throws dev.counters.CounterException naming the page call that failed
     */
    public final long callOnce(byte[] code) {
        return withPage(code, binder::call);
    }

    /**
     * Places {@code code} in a fresh page, hands {@code use} a source that calls it, and gives the
     * page back when {@code use} returns; the source must not be read after that.
     *
     * @throws dev.counters.CounterException naming the page call that failed
     */
    public final long withCycleReader(byte[] code, ToLongFunction<TickSource> use) {
        requireNonNull(use, "use");
        return withPage(code, page -> use.applyAsLong(binder.bindCycleReader(page)));
    }

    private long withPage(byte[] code, LongUnaryOperator onPage) {
        long page = load(code);
        try {
            return onPage.applyAsLong(page);
        } finally {
            release(page, sizeFor(code));
        }
    }

    private long sizeFor(byte[] code) {
        return Math.max(pageSize(), code.length);
    }

    /** A source calling the code at {@code address} as {@code long read(void)}. */
    public final TickSource bindCycleReader(long address) {
        return binder.bindCycleReader(address);
    }

    /** How the code in these pages is called (FFM or JNA). */
    public dev.counters.CounterInfo.Binding binding() {
        return binder.binding();
    }

    /** The size of a page, the least that is mapped. */
    protected abstract long pageSize();

    /** A fresh read-write page of {@code size} bytes; throws {@link dev.counters.CounterException} when the system refuses. */
    protected abstract long allocateWritable(long size);

    /** Makes {@code page} read-execute and visible to instruction fetch; throws {@link dev.counters.CounterException}. */
    protected abstract void makeExecutable(long page, long size);

    /** Gives back a page that could not be made executable, or that a trial is done with. */
    protected abstract void release(long page, long size);
}
