package dev.counters.examples.report;

import static java.util.Objects.requireNonNull;

import java.nio.file.Path;
import java.util.Locale;

/**
 * Where to draw a chart, and in which format, told by the file's extension: {@code .svg} for a
 * vector drawing a browser shows and scales, {@code .png} for a picture.
 */
public final class ChartFile {
    /** The extensions {@link #parse} accepts, for messages. */
    public static final String ACCEPTED = ".svg, .png";

    /** The drawing formats a chart can be written in. */
    public enum Format { SVG, PNG }

    private final Path path;
    private final Format format;

    private ChartFile(Path path, Format format) {
        this.path = path;
        this.format = format;
    }

    /**
     * The chart file named {@code name}.
     *
     * @throws IllegalArgumentException if the name ends in neither {@value #ACCEPTED}
     */
    public static ChartFile parse(String name) {
        requireNonNull(name, "chart file name");
        String lower = name.toLowerCase(Locale.ROOT);
        if (lower.endsWith(".svg") && lower.length() > 4) {
            return new ChartFile(Path.of(name), Format.SVG);
        }
        if (lower.endsWith(".png") && lower.length() > 4) {
            return new ChartFile(Path.of(name), Format.PNG);
        }
        throw new IllegalArgumentException(
                "chart file '" + name + "' must end in one of: " + ACCEPTED + " (the extension chooses the format)");
    }

    public Path path() {
        return path;
    }

    public Format format() {
        return format;
    }

    @Override
    public String toString() {
        return path.toString();
    }
}
