package dev.counters.measure;

/**
 * How {@link Compare} runs the two runs of one pair: one after the other on the calling thread
 * ({@link Compare.Order#ALTERNATING}), or both at once on two workers ({@link Duet}). Which task is
 * first (in time, or on worker 1) is the caller's choice; the pair's figures land in {@code into}.
 */
@FunctionalInterface
interface Pairing {
    /** The index of the first run's wall nanoseconds in {@code into}. */
    int FIRST_WALL = 0;
    /** The first run's thread CPU nanoseconds. */
    int FIRST_CPU = 1;
    /** The second run's wall nanoseconds. */
    int SECOND_WALL = 2;
    /** The second run's thread CPU nanoseconds. */
    int SECOND_CPU = 3;
    /** How many figures a pair gives. */
    int FIGURES = 4;

    /**
     * Runs {@code first} and {@code second} once each, as run {@code index} of the pairs, and
     * writes their wall and CPU nanoseconds into {@code into} at {@link #FIRST_WALL} ... {@link #SECOND_CPU}.
     *
     * @throws TaskFailedException naming the phase and run if a task threw
     */
    void run(Task first, String firstPhase, Task second, String secondPhase, int index, double[] into);

    /** One after the other through {@code pass}, on the calling thread. */
    static Pairing inTurn(Pass pass) {
        return (first, firstPhase, second, secondPhase, index, into) -> {
            double[] figures = pass.once(first, firstPhase, index);
            into[FIRST_WALL] = figures[Pass.WALL];
            into[FIRST_CPU] = figures[Pass.CPU];
            figures = pass.once(second, secondPhase, index);
            into[SECOND_WALL] = figures[Pass.WALL];
            into[SECOND_CPU] = figures[Pass.CPU];
        };
    }
}
