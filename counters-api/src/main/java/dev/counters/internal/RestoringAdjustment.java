package dev.counters.internal;

import static java.util.Objects.requireNonNull;

import dev.counters.internal.ThreadControl.Adjustment;

/**
 * An applied change to the calling thread, undone once by {@link #close()} on that same thread:
 * the calls that undo it ({@code sched_setaffinity(0, ...)}, {@code SetThreadPriority(GetCurrentThread(), ...)})
 * act on whichever thread makes them.
 */
final class RestoringAdjustment implements Adjustment {
    private final Thread owner = Thread.currentThread();
    private final String description;
    private final Runnable restore;
    private boolean closed;

    RestoringAdjustment(String description, Runnable restore) {
        this.description = requireNonNull(description, "description");
        this.restore = requireNonNull(restore, "restore");
    }

    @Override
    public boolean applied() {
        return true;
    }

    @Override
    public String description() {
        return description;
    }

    @Override
    public void close() {
        if (closed) {
            return;
        }
        if (Thread.currentThread() != owner) {
            throw new IllegalStateException("This adjustment (" + description + ") was made on thread '" + owner.getName()
                    + "' and can only be undone there, but close() was called on '" + Thread.currentThread().getName()
                    + "'; close it on the thread that made it, e.g. with try-with-resources");
        }
        closed = true;
        restore.run();
    }

    @Override
    public String toString() {
        return description + (closed ? " (restored)" : "");
    }
}
