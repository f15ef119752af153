package dev.counters.measure.internal.stats;

/** The ratios B/A of pairs of runs, and the runs a flag keeps. */
public final class Ratios {
    private Ratios() {}

    /**
     * B/A of each pair; a pair whose A took no measurable time (a counter step coarser than the task)
     * has no ratio.
     *
     * @throws IllegalArgumentException if the series differ in length or an A time is not positive
     */
    public static double[] of(double[] a, double[] b) {
        if (a.length != b.length) {
            throw new IllegalArgumentException("A has " + a.length + " runs but B has " + b.length + "; a pair needs one of each");
        }
        double[] ratios = new double[a.length];
        for (int i = 0; i < a.length; i++) {
            if (!(a[i] > 0)) {
                throw new IllegalArgumentException("run " + (i + 1) + " of A took " + a[i] + " ns on this clock: no ratio "
                        + "can be taken; the task is shorter than the clock's step, so make it do more work per run");
            }
            ratios[i] = b[i] / a[i];
        }
        return ratios;
    }

    /** The values whose flag in {@code setAside} (as long as {@code values}) is not set. */
    public static double[] kept(double[] values, boolean[] setAside) {
        double[] kept = new double[values.length - Preemptions.count(setAside)];
        int next = 0;
        for (int i = 0; i < values.length; i++) {
            if (!setAside[i]) {
                kept[next++] = values[i];
            }
        }
        return kept;
    }
}
