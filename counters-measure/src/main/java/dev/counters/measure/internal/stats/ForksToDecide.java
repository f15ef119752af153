package dev.counters.measure.internal.stats;

/**
 * How many forks would have decided a comparison that the forks run so far could not: from the
 * spread of their ratios, the fewest forks whose interval, at the first look's confidence, would be
 * narrow enough to exclude 1 (a decisive verdict) or to lie within the equivalence band
 * (indistinguishable), whichever comes first. A figure computed from what was measured, on the
 * assumption that more forks scatter as these did.
 */
public final class ForksToDecide {
    /** The most forks this ever proposes: beyond 64, no budget is worth proposing. */
    public static final int MAX_FORKS = 64;

    private ForksToDecide() {}

    /**
     * The fewest forks that would decide, or -1 when no number up to {@link #MAX_FORKS} would (the
     * ratio lies on the edge of the margin, or the forks did not scatter at all).
     *
     * @param interval the interval over the forks so far (at least two)
     * @param confidence the confidence a first look reads at
     */
    public static int of(ForkInterval interval, double confidence, double margin, double band) {
        int n = interval.forks();
        if (n < 2 || !(interval.low() > 0) || Double.isInfinite(interval.high())) {
            return -1;
        }
        double halfWidth = (Math.log(interval.high()) - Math.log(interval.low())) / 2;
        double spread = halfWidth * Math.sqrt(n) / StudentT.quantile(n - 1, 1 - (1 - interval.confidence()) / 2);
        double distance = Math.abs(Math.log(interval.ratio()));
        double needed = Math.max(distance - Math.log1p(margin), Math.log1p(band) - distance);
        if (!(spread > 0) || !(needed > 0)) {
            return -1;
        }
        for (int forks = 2; forks <= MAX_FORKS; forks++) {
            if (StudentT.quantile(forks - 1, 1 - (1 - confidence) / 2) * spread / Math.sqrt(forks) < needed) {
                return forks;
            }
        }
        return -1;
    }
}
