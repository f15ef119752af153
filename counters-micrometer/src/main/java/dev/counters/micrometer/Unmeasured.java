package dev.counters.micrometer;

/** Why an observation has no CPU figure: the {@code unmeasured.reason} tag of {@code <name>.cpu.unmeasured}. */
enum Unmeasured {
    /** Started on a virtual thread, which has no CPU clock of its own. */
    VIRTUAL_THREAD("virtual-thread"),
    /** Stopped on a different thread than it started on: neither thread's clock measures it. */
    OTHER_THREAD("other-thread"),
    /** The thread's CPU clock failed to read (a {@link dev.counters.CounterException}): the observation goes on unmeasured. */
    CLOCK_FAILED("clock-failed");

    private final String tag;

    Unmeasured(String tag) {
        this.tag = tag;
    }

    String tag() {
        return tag;
    }
}
