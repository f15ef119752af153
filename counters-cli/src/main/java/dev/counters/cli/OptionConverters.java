package dev.counters.cli;

import dev.counters.CounterKind;
import dev.counters.TimeUnits;
import dev.counters.cli.report.ChartFile;
import dev.counters.cli.report.OutputFormat;
import dev.counters.measure.Compare;
import java.math.BigInteger;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
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

    /**
     * A share, written as a fraction ({@code 0.0025}) or a percentage ({@code 0.25%}): the one
     * convention of {@code --target}, {@code --margin} and {@code --confidence}, as the API's
     * {@code target(0.0025)}. A bare number of 1 or more is refused: it is most likely a percentage
     * without its sign.
     */
    static final class ShareConverter implements ITypeConverter<Double> {
        @Override
        public Double convert(String value) {
            String text = value.trim();
            boolean percent = text.endsWith("%");
            double number;
            try {
                number = Double.parseDouble(percent ? text.substring(0, text.length() - 1).trim() : text);
            } catch (NumberFormatException e) {
                throw new TypeConversionException("'" + value + "' is not a share; write it as 0.0025 or 0.25%");
            }
            double share = percent ? number / 100 : number;
            if (!(share >= 0 && share < 1)) {
                throw new TypeConversionException("'" + value + "' is not a share from 0 to below 1; write it as 0.0025 or "
                        + "0.25%" + (percent || !(number >= 1 && number < 100) ? "" : " (did you mean " + text + "%?)"));
            }
            return share;
        }
    }

    /** {@code auto}, {@code wall} or {@code cpu}, ignoring case. */
    static final class JudgedByConverter implements ITypeConverter<Compare.JudgedBy> {
        @Override
        public Compare.JudgedBy convert(String value) {
            return constant(Compare.JudgedBy.class, value, "clock");
        }
    }

    /** {@code alternating}, {@code sequential} or {@code duet}, ignoring case. */
    static final class OrderConverter implements ITypeConverter<Compare.Order> {
        @Override
        public Compare.Order convert(String value) {
            return constant(Compare.Order.class, value, "order");
        }
    }

    /** The constant of {@code type} named {@code value}, ignoring case, or a message listing them. */
    private static <E extends Enum<E>> E constant(Class<E> type, String value, String what) {
        for (E constant : type.getEnumConstants()) {
            if (constant.name().equalsIgnoreCase(value.trim())) {
                return constant;
            }
        }
        List<String> names = Arrays.stream(type.getEnumConstants()).map(c -> c.name().toLowerCase(Locale.ROOT)).toList();
        throw new TypeConversionException("unknown " + what + " '" + value + "'; use " + String.join(", ", names.subList(0,
                names.size() - 1)) + " or " + names.get(names.size() - 1));
    }

    /**
     * JVM options in one argument, as JMH's {@code -jvmArgs} takes them: {@code "-Xmx1g -XX:+UseG1GC"},
     * split at spaces outside quotes; single or double quotes keep a value with spaces together
     * ({@code -Dname="a b"}) and are removed.
     */
    static final class JvmArgsConverter implements ITypeConverter<List<String>> {
        @Override
        public List<String> convert(String value) {
            List<String> options = new ArrayList<>();
            StringBuilder option = new StringBuilder();
            boolean started = false;
            char quote = 0;
            for (char c : value.toCharArray()) {
                if (quote != 0) {
                    if (c == quote) {
                        quote = 0;
                    } else {
                        option.append(c);
                    }
                } else if (c == '"' || c == '\'') {
                    quote = c;
                    started = true;
                } else if (Character.isWhitespace(c)) {
                    if (started) {
                        options.add(option.toString());
                        option.setLength(0);
                        started = false;
                    }
                } else {
                    option.append(c);
                    started = true;
                }
            }
            if (quote != 0) {
                throw new TypeConversionException("the quote " + quote + " in " + Messages.quote(value) + " is not closed");
            }
            if (started) {
                options.add(option.toString());
            }
            for (String each : options) {
                if (!each.startsWith("-")) {
                    throw new TypeConversionException(Messages.quote(each) + " in " + Messages.quote(value) + " is not a "
                            + "JVM option (they start with '-', as -Xmx1g); give the options only, in one argument: "
                            + "--jvm-args \"-Xmx1g -XX:+UseG1GC\"");
                }
            }
            return List.copyOf(options);
        }
    }
}
