package dev.counters.measure;

/**
 * What a comparison means for a build that must not get slower: the answer of a performance gate
 * ({@code counters compare --fail-if slower}, the Maven plugin, {@code counters-junit}), read from
 * the verdict of a comparison run with the gate's margin ({@link Compare#margin(double)}).
 *
 * <p>With a margin m, {@link Verdict#SLOWER} says the whole interval of B/A lies above {@code 1 + m}:
 * B is slower by more than the margin, with the confidence asked, and that is the one outcome that
 * fails a gate. {@link Verdict#FASTER} and {@link Verdict#INDISTINGUISHABLE} (any difference within
 * the margin) pass it. The others ({@link Verdict#TOO_NOISY}, {@link Verdict#TOO_FEW},
 * {@link Verdict#CLOCKS_DISAGREE}) could not tell: a gate passes them by default and says so, or
 * fails them when asked to ({@code --fail-if-undecided}). A task of a suite that could not be
 * measured at all is {@link #FAILED}: it fails the gate, as an error of the run, never as a regression.
 */
public enum GateOutcome {
    /** B is not slower than A by more than the margin: faster, or alike within the margin. */
    PASSED,
    /** B is slower than A by more than the margin: a regression. */
    REGRESSED,
    /** The comparison could not tell: too noisy, too few measurements, or the clocks disagree. */
    UNDECIDED,
    /**
     * A task of a suite could not be measured: it threw, its fork died, or a build lacks its class
     * ({@link SuiteResult.TaskOutcome#failure()} says which). A single comparison throws instead.
     */
    FAILED;

    /** What {@code verdict} means for a gate. */
    static GateOutcome of(Verdict verdict) {
        return switch (verdict) {
            case SLOWER -> REGRESSED;
            case FASTER, INDISTINGUISHABLE -> PASSED;
            case TOO_NOISY, TOO_FEW, CLOCKS_DISAGREE -> UNDECIDED;
        };
    }
}
