package dev.counters.measure.internal;

import static com.google.common.base.Preconditions.checkArgument;

/** The 97.5% quantile of Student's t distribution, for two-sided 95% confidence intervals. */
public final class StudentT {
    /** t(0.975, df) for df = 1..30, from the standard tables. */
    private static final double[] TABLE = {
        12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
        2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086,
        2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042,
    };
    private static final double Z975 = 1.959963984540054;

    private StudentT() {}

    /**
     * t(0.975, {@code degreesOfFreedom}): the table up to 30, beyond it the Cornish-Fisher
     * expansion around the normal quantile (accurate to 0.001 there).
     */
    public static double quantile975(int degreesOfFreedom) {
        checkArgument(degreesOfFreedom >= 1, "degrees of freedom must be at least 1, was %s", degreesOfFreedom);
        if (degreesOfFreedom <= TABLE.length) {
            return TABLE[degreesOfFreedom - 1];
        }
        double z = Z975;
        double n = degreesOfFreedom;
        double z3 = z * z * z;
        double z5 = z3 * z * z;
        double z7 = z5 * z * z;
        return z
                + (z3 + z) / (4 * n)
                + (5 * z5 + 16 * z3 + 3 * z) / (96 * n * n)
                + (3 * z7 + 19 * z5 + 17 * z3 - 15 * z) / (384 * n * n * n);
    }
}
