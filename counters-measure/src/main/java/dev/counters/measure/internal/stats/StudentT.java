package dev.counters.measure.internal.stats;

import static com.google.common.base.Preconditions.checkArgument;

/**
 * Student's t distribution: its distribution function and its quantiles at any probability, for
 * the intervals over forks (read at 99.2%, 99.93%, ...) and over repetitions (97.5% for a
 * two-sided 95% interval).
 *
 * <p>Computed here rather than taken from a statistics library: the distribution function is the
 * regularized incomplete beta function, {@code P(T <= t) = 1 - I_x(df/2, 1/2) / 2} with
 * {@code x = df / (df + t^2)} for {@code t >= 0}, evaluated by its continued fraction (Lentz's
 * method, as in Numerical Recipes, section 6.4), and a quantile is found by bisection on it. The
 * tests hold it to Apache Commons Math's {@code TDistribution} to 1e-9.
 */
public final class StudentT {
    private static final double EPSILON = 1e-15;
    private static final double TINY = 1e-300;
    private static final int MAX_TERMS = 10_000;

    private StudentT() {}

    /** {@code P(T <= t)} for Student's t with {@code degreesOfFreedom}. */
    public static double cdf(double degreesOfFreedom, double t) {
        checkArgument(degreesOfFreedom > 0, "degrees of freedom must be above 0, was %s", degreesOfFreedom);
        checkArgument(!Double.isNaN(t), "t is NaN");
        if (Double.isInfinite(t)) {
            return t > 0 ? 1 : 0;
        }
        double x = degreesOfFreedom / (degreesOfFreedom + t * t);
        double tail = 0.5 * regularizedBeta(x, degreesOfFreedom / 2, 0.5);
        return t >= 0 ? 1 - tail : tail;
    }

    /**
     * The quantile at {@code p} (strictly between 0 and 1) of Student's t with
     * {@code degreesOfFreedom}: the t with {@code cdf(degreesOfFreedom, t) == p}.
     */
    public static double quantile(int degreesOfFreedom, double p) {
        checkArgument(degreesOfFreedom >= 1, "degrees of freedom must be at least 1, was %s", degreesOfFreedom);
        checkArgument(p > 0 && p < 1, "p is a probability strictly between 0 and 1, was %s", p);
        if (p < 0.5) {
            return -quantile(degreesOfFreedom, 1 - p);
        }
        double low = 0;
        double high = 1;
        while (cdf(degreesOfFreedom, high) < p) {
            low = high;
            high *= 2;
        }
        for (int i = 0; i < 200 && high - low > 1e-13 * Math.max(1, high); i++) {
            double middle = (low + high) / 2;
            if (cdf(degreesOfFreedom, middle) < p) {
                low = middle;
            } else {
                high = middle;
            }
        }
        return (low + high) / 2;
    }

    /** t(0.975, {@code degreesOfFreedom}): the half-width factor of a two-sided 95% interval. */
    public static double quantile975(int degreesOfFreedom) {
        return quantile(degreesOfFreedom, 0.975);
    }

    /** {@code I_x(a, b)}, the regularized incomplete beta function. */
    static double regularizedBeta(double x, double a, double b) {
        if (x <= 0) {
            return 0;
        }
        if (x >= 1) {
            return 1;
        }
        double front = Math.exp(a * Math.log(x) + b * Math.log1p(-x) - logBeta(a, b));
        // The continued fraction converges quickly for x < (a + 1) / (a + b + 2); use the symmetry beyond.
        if (x < (a + 1) / (a + b + 2)) {
            return front * continuedFraction(x, a, b) / a;
        }
        return 1 - front * continuedFraction(1 - x, b, a) / b;
    }

    /** The continued fraction of the incomplete beta function, by the modified Lentz method. */
    private static double continuedFraction(double x, double a, double b) {
        double c = 1;
        double d = nonZero(1 - (a + b) * x / (a + 1));
        d = 1 / d;
        double h = d;
        for (int m = 1; m <= MAX_TERMS; m++) {
            int m2 = 2 * m;
            double even = m * (b - m) * x / ((a + m2 - 1) * (a + m2));
            d = 1 / nonZero(1 + even * d);
            c = nonZero(1 + even / c);
            h *= d * c;
            double odd = -(a + m) * (a + b + m) * x / ((a + m2) * (a + m2 + 1));
            d = 1 / nonZero(1 + odd * d);
            c = nonZero(1 + odd / c);
            double step = d * c;
            h *= step;
            if (Math.abs(step - 1) < EPSILON) {
                return h;
            }
        }
        throw new ArithmeticException("the incomplete beta function's continued fraction did not converge for x=" + x
                + ", a=" + a + ", b=" + b);
    }

    private static double nonZero(double value) {
        return Math.abs(value) < TINY ? TINY : value;
    }

    private static double logBeta(double a, double b) {
        return logGamma(a) + logGamma(b) - logGamma(a + b);
    }

    /** The logarithm of the gamma function for {@code x > 0}: Lanczos' approximation (g = 7, n = 9), good to 1e-15. */
    static double logGamma(double x) {
        if (x < 0.5) {
            // Reflection: Gamma(x) Gamma(1 - x) = pi / sin(pi x).
            return Math.log(Math.PI / Math.abs(Math.sin(Math.PI * x))) - logGamma(1 - x);
        }
        double[] g = {
            0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313,
            -176.61502916214059, 12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6,
            1.5056327351493116e-7,
        };
        double z = x - 1;
        double sum = g[0];
        for (int i = 1; i < g.length; i++) {
            sum += g[i] / (z + i);
        }
        double t = z + 7.5;
        return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(sum);
    }
}
