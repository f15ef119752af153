package dev.counters.cli;

import dev.counters.CounterKind;
import dev.counters.TimeUnits;
import dev.counters.cli.report.ChartFile;
import dev.counters.cli.report.OutputFormat;
import java.math.BigInteger;
import java.time.Duration;
import java.util.Arrays;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * Turns option values into typed values, or into a message naming the valid choices; picocli
 * then prints it with the usage and exits with code 2.
 */
final class OptionConverters {
    private OptionConverters() {}

    /** The kind names users may type, for messages. */
    static String kindChoices() {
        return Arrays.stream(CounterKind.values()).map(Enum::name).collect(Collectors.joining(", "));
    }

    /** {@code table}, {@code csv}, {@code json}, ignoring case. */
    static final class FormatConverter implements ITypeConverter<OutputFormat> {
        @Override
        public OutputFormat convert(String value) {
            try {
                return OutputFormat.parse(value);
            } catch (IllegalArgumentException e) {
                throw new TypeConversionException(e.getMessage());
            }
        }
    }

    /** A {@link CounterKind} by name, ignoring case, with {@code -} for {@code _}: {@code thread-times}. */
    static final class KindConverter implements ITypeConverter<CounterKind> {
        @Override
        public CounterKind convert(String value) {
            String key = value.trim().toUpperCase(Locale.ROOT).replace('-', '_');
            for (CounterKind kind : CounterKind.values()) {
                if (kind.name().equals(key)) {
                    return kind;
                }
            }
            throw new TypeConversionException("unknown kind '" + value + "'; use one of: " + kindChoices());
        }
    }

    /** A time unit as {@link TimeUnits#parse} reads it: s, ms, us (or µs), ns. */
    static final class UnitConverter implements ITypeConverter<TimeUnit> {
        @Override
        public TimeUnit convert(String value) {
            try {
                return TimeUnits.parse(value);
            } catch (IllegalArgumentException e) {
                throw new TypeConversionException(e.getMessage());
            }
        }
    }

    /**
     * A whole amount above 0 and a unit, e.g. {@code 1200ms}, {@code 2s}, {@code 500 us}, at most a
     * day: every duration option bounds or times something, which a zero cannot.
     */
    static final class DurationConverter implements ITypeConverter<Duration> {
        private static final Pattern AMOUNT_AND_UNIT = Pattern.compile("\\s*(\\d+)\\s*(\\S.*)");

        /** Longer than any run these options bound, and far from the 292 years a nanosecond count can hold. */
        private static final Duration LONGEST = Duration.ofDays(1);

        @Override
        public Duration convert(String value) {
            Matcher matcher = AMOUNT_AND_UNIT.matcher(value);
            if (!matcher.matches()) {
                throw new TypeConversionException(
                        "expected a whole amount and a unit, such as 1200ms or 2s (units: " + TimeUnits.ACCEPTED_NAMES
                                + "), but was " + Messages.quote(value));
            }
            TimeUnit unit;
            try {
                unit = TimeUnits.parse(matcher.group(2));
            } catch (IllegalArgumentException e) {
                throw new TypeConversionException(e.getMessage() + " (in " + Messages.quote(value) + ")");
            }
            BigInteger amount = new BigInteger(matcher.group(1));
            if (amount.signum() == 0) {
                throw new TypeConversionException("must be more than 0 (a zero time bounds or times nothing), but was "
                        + Messages.quote(value));
            }
            if (amount.compareTo(BigInteger.valueOf(unit.convert(LONGEST))) > 0) {
                throw new TypeConversionException("the number " + shortened(matcher.group(1)) + " is too large: at most "
                        + "1 day (86400s), but was " + Messages.quote(value));
            }
            return Duration.of(amount.longValueExact(), unit.toChronoUnit());
        }

        /** A number of at most 24 digits as it is, a longer one by its first digits and length. */
        private static String shortened(String digits) {
            return digits.length() <= 24 ? digits : digits.substring(0, 12) + "... (" + digits.length() + " digits)";
        }
    }

    /** A chart file ending in .svg or .png. */
    static final class ChartFileConverter implements ITypeConverter<ChartFile> {
        @Override
        public ChartFile convert(String value) {
            try {
                return ChartFile.parse(value);
            } catch (IllegalArgumentException e) {
                throw new TypeConversionException(e.getMessage());
            }
        }
    }
}
