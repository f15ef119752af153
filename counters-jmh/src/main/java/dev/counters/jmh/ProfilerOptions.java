package dev.counters.jmh;

import static java.util.Objects.requireNonNull;

import dev.counters.TimeUnits;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.concurrent.TimeUnit;
import joptsimple.OptionException;
import joptsimple.OptionParser;
import joptsimple.OptionSet;
import joptsimple.OptionSpec;
import org.openjdk.jmh.profile.ProfilerException;

/**
 * The profiler's options, in JMH's profiler option style ({@code -prof name:unit=us;process=false}),
 * parsed with JMH's own jopt-simple exactly as JMH's built-in profilers parse theirs.
 *
 * @param unit the unit of the per-operation CPU times
 * @param process whether to report the whole process's CPU time as well as the workers'
 */
record ProfilerOptions(TimeUnit unit, boolean process) {
    static final ProfilerOptions DEFAULTS = new ProfilerOptions(TimeUnit.NANOSECONDS, true);

    ProfilerOptions {
        requireNonNull(unit, "unit");
    }

    /**
     * The options of {@code initLine} (what follows the profiler's name and a colon; empty for none).
     *
     * @throws ProfilerException with the usage text, for {@code help}, an unknown option or a bad value
     */
    static ProfilerOptions parse(String initLine) throws ProfilerException {
        OptionParser parser = new OptionParser();
        OptionSpec<String> unit = parser.accepts("unit", "The unit of the per-operation CPU times: ns, us or ms.")
                .withRequiredArg().describedAs("ns|us|ms").defaultsTo("ns");
        OptionSpec<String> process = parser.accepts("process",
                        "Also report the whole process's CPU time (GC, JIT and every other thread) per operation.")
                .withRequiredArg().describedAs("true|false").defaultsTo("true");
        parser.accepts("help", "Display help.");
        OptionSpec<String> rest = parser.nonOptions();

        String[] arguments = arguments(initLine);
        for (String argument : arguments) {
            String name = argument.isEmpty() ? "" : argument.substring(1).split("=", 2)[0];
            if (!name.isEmpty() && !parser.recognizedOptions().containsKey(name)) {
                throw new ProfilerException("Unknown option '" + name + "' in '" + initLine + "'\n" + help(parser));
            }
        }
        OptionSet set;
        try {
            set = parser.parse(arguments);
        } catch (OptionException e) {
            throw new ProfilerException(e.getMessage() + "\n" + help(parser));
        }
        if (set.has("help")) {
            throw new ProfilerException(help(parser));
        }
        if (!set.valuesOf(rest).isEmpty()) {
            throw new ProfilerException("Unhandled options: " + String.join(" ", set.valuesOf(rest)) + " in '" + initLine
                    + "'; options are name=value pairs separated by ';'\n" + help(parser));
        }
        return new ProfilerOptions(timeUnit(set.valueOf(unit)), bool("process", set.valueOf(process)));
    }

    /** {@code unit=us;process=false} as jopt-simple reads it: {@code -unit=us -process=false}. */
    private static String[] arguments(String initLine) {
        if (initLine == null || initLine.isBlank()) {
            return new String[0];
        }
        String[] parts = initLine.split(";");
        for (int i = 0; i < parts.length; i++) {
            if (!parts[i].isEmpty()) {
                parts[i] = "-" + parts[i].trim();
            }
        }
        return parts;
    }

    private static TimeUnit timeUnit(String name) throws ProfilerException {
        TimeUnit unit;
        try {
            unit = TimeUnits.parse(name);
        } catch (IllegalArgumentException e) {
            throw new ProfilerException("unit=" + name + " is not a unit this profiler reports in; pass unit=ns, us or ms");
        }
        if (unit != TimeUnit.NANOSECONDS && unit != TimeUnit.MICROSECONDS && unit != TimeUnit.MILLISECONDS) {
            throw new ProfilerException("unit=" + name + " is too coarse for CPU time per operation; pass unit=ns, us or ms");
        }
        return unit;
    }

    /** jopt-simple's Boolean reads anything but "true" as false; a typo must not silently turn a figure off. */
    private static boolean bool(String option, String value) throws ProfilerException {
        if (value.equalsIgnoreCase("true") || value.equalsIgnoreCase("false")) {
            return Boolean.parseBoolean(value);
        }
        throw new ProfilerException(option + "=" + value + " is not a boolean; pass " + option + "=true or " + option + "=false");
    }

    private static String help(OptionParser parser) {
        StringWriter text = new StringWriter();
        try {
            parser.printHelpOn(text);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return "Options of " + CpuTimeProfiler.class.getName() + " (e.g. -prof " + CpuTimeProfiler.class.getName()
                + ":unit=us;process=false):\n" + text;
    }

    /** The unit's symbol in JMH's style: {@code ns}, {@code us}, {@code ms}. */
    String unitSymbol() {
        return TimeUnits.shortName(unit);
    }
}
