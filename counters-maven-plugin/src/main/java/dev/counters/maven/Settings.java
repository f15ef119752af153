package dev.counters.maven;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The gate's settings as people write them in a pom or on the command line: {@code 2%}, {@code 10s}. */
final class Settings {
    private static final Pattern DURATION = Pattern.compile("\\s*(\\d+(?:\\.\\d+)?)\\s*(ms|s|m|min)\\s*");

    private Settings() {}

    /**
     * A margin written {@code 2%} or as a share, {@code 0.02}.
     *
     * @throws IllegalArgumentException if it is neither, or not from 0 to below 100%
     */
    static double margin(String text) {
        String trimmed = text.trim();
        boolean percent = trimmed.endsWith("%");
        BigDecimal value;
        try {
            value = new BigDecimal(percent ? trimmed.substring(0, trimmed.length() - 1).trim() : trimmed);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("the margin '" + text + "' is not a number: write it as 2% or 0.02", e);
        }
        double share = percent ? value.movePointLeft(2).doubleValue() : value.doubleValue();
        if (!percent && share >= 1 && share < 100) {
            throw new IllegalArgumentException("the margin '" + text + "' is a share, below 1: did you mean " + text + "% ("
                    + value.movePointLeft(2).toPlainString() + ")?");
        }
        if (!(share >= 0 && share < 1)) {
            throw new IllegalArgumentException("the margin '" + text + "' must be from 0% to below 100%");
        }
        return share;
    }

    /**
     * A duration written {@code 10s}, {@code 1500ms}, {@code 2m} (or {@code 2min}), or ISO-8601, {@code PT10S}.
     *
     * @throws IllegalArgumentException if it is none of these
     */
    static Duration duration(String text, String what) {
        Matcher matcher = DURATION.matcher(text.toLowerCase(Locale.ROOT));
        if (matcher.matches()) {
            BigDecimal amount = new BigDecimal(matcher.group(1));
            BigDecimal millis = switch (matcher.group(2)) {
                case "ms" -> amount;
                case "s" -> amount.movePointRight(3);
                default -> amount.multiply(BigDecimal.valueOf(60_000));
            };
            return Duration.ofMillis(millis.longValue());
        }
        try {
            return Duration.parse(text.trim());
        } catch (DateTimeParseException e) {
            throw new IllegalArgumentException(what + " '" + text + "' is not a duration: write it as 10s, 1500ms, 2m or PT10S", e);
        }
    }
}
