package dev.counters.micrometer;

/**
 * Why part of an observation has no CPU figure: the {@code unmeasured.reason} tag of
 * {@code <name>.cpu.unmeasured} (in Prometheus, the label {@code unmeasured_reason}).
 */
enum Unmeasured {
    /** A scope opened on a virtual thread, which has no CPU clock of its own (JDK 21 to 25 give none). */
    VIRTUAL_THREAD("virtual-thread"),
    /** The thread's CPU clock could not be made or read: the observed work goes on unmeasured. */
    CLOCK_FAILED("clock-failed"),
    /**
     * The observation never opened a scope on any thread, and was not started and stopped on one platform
     * thread with no other scope opened there in between: no stretch of it can be told from other work.
     */
    NO_SCOPE("no-scope");

    private final String tag;

    Unmeasured(String tag) {
        this.tag = tag;
    }

    String tag() {
        return tag;
    }
}
