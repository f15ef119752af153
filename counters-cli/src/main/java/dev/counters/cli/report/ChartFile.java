package dev.counters.cli.report;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Locale;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Where to draw a chart, and in which format, told by the file's extension: {@code .svg} for a
 * vector drawing a browser shows and scales, {@code .png} for a picture.
 *
 * <p>A chart is checked before anything is measured ({@link #checkWritable}), and written to a
 * temporary file in the same folder that is then moved into place ({@link #write}): a failed write
 * leaves any earlier chart as it was, and no folder is ever created. The temporary file has a short
 * name of its own ({@value #TEMPORARY_PREFIX}, up to 13 random characters, {@code .tmp}), so that
 * any chart name the file system allows (up to 255 bytes) can be written, and a shutdown hook
 * removes it if the JVM ends (SIGINT, SIGTERM) before it is moved into place. A symbolic link is written
 * through, never replaced: the chart goes to the file it points to (moved into place there), or,
 * where that is no regular file (a device such as {@code /dev/full}, a pipe), straight into it, as
 * a shell redirection would.
 */
public final class ChartFile {
    /** The extensions {@link #parse} accepts, for messages. */
    public static final String ACCEPTED = ".svg, .png";

    /** The drawing formats a chart can be written in. */
    public enum Format { SVG, PNG }

    /** Writes a drawing into a stream. */
    @FunctionalInterface
    public interface Drawing {
        void writeTo(OutputStream out) throws IOException;
    }

    /** How a temporary chart file's name starts: hidden, and saying whose it is. */
    static final String TEMPORARY_PREFIX = ".counters-";

    /** The most symbolic links followed to the chart's file, as Linux's own limit for a path. */
    private static final int MAX_LINKS = 40;

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

    /**
     * Checks, before a long run, that the chart can be written: its folder exists and is a folder,
     * the path is not a folder, and a file can be created beside it (which is deleted again).
     *
     * @throws IllegalArgumentException if the path names a missing folder, a folder, or has a
     *     file where a folder should be: a mistake in the path, said in the message
     * @throws IOException if the folder refuses a new file (permissions, a read-only or special
     *     file system)
     */
    public void checkWritable() throws IOException {
        Path target = target();
        Path folder = folderOf(target);
        if (!Files.exists(folder)) {
            throw new IllegalArgumentException("the folder of chart file '" + described() + "' does not exist: create "
                    + folder + " first, or name a chart file in an existing folder");
        }
        if (!Files.isDirectory(folder)) {
            throw new IllegalArgumentException("chart file '" + described() + "' cannot be written: " + folder
                    + " is a file, not a folder");
        }
        if (Files.isDirectory(target)) {
            throw new IllegalArgumentException("chart file '" + described() + "' is a folder; name a file inside it, "
                    + "such as " + path.resolve("runs" + extension()));
        }
        if (isSpecialFile(target)) {
            if (!Files.isWritable(target)) {
                throw new IOException(described() + " is not writable");
            }
            return;
        }
        Files.delete(temporaryFile(folder));
    }

    /**
     * Writes {@code drawing} to a temporary file in the folder of the chart (of the file a link
     * points to) and moves it over that file, atomically where the file system can; on failure the
     * temporary file is removed and an existing chart is left untouched. A link itself is never
     * replaced; a special file it points to is written straight into.
     *
     * @throws IOException if the drawing, the write or the move failed
     */
    public void write(Drawing drawing) throws IOException {
        Path target = target();
        if (isSpecialFile(target)) {
            try (OutputStream out = Files.newOutputStream(target)) {
                drawing.writeTo(out);
            }
            return;
        }
        Path temporary = temporaryFile(folderOf(target));
        Thread removal = new Thread(() -> deleteQuietly(temporary), "counters chart clean-up");
        try {
            // A signal that came already lets the report finish (the chart with it): no hook then, the catch cleans up.
            ShutdownHooks.add(removal);
            try (OutputStream out = Files.newOutputStream(temporary)) {
                drawing.writeTo(out);
            }
            moveIntoPlace(temporary, target);
        } catch (IOException | RuntimeException e) {
            Files.deleteIfExists(temporary);
            throw e;
        } finally {
            ShutdownHooks.remove(removal);
        }
    }

    private static void deleteQuietly(Path temporary) {
        try {
            Files.deleteIfExists(temporary);
        } catch (IOException e) {
            // The JVM is ending; the file may be gone already, or its folder with it.
        }
    }

    private static void moveIntoPlace(Path temporary, Path target) throws IOException {
        try {
            Files.move(temporary, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(temporary, target, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    /**
     * The file the chart goes to: the path, or where its chain of symbolic links ends (which
     * need not exist yet). A rename onto the link would replace the link with a file.
     *
     * @throws IOException if the links cannot be read or form a loop
     */
    private Path target() throws IOException {
        Path current = path.toAbsolutePath();
        for (int hops = 0; Files.isSymbolicLink(current); hops++) {
            if (hops == MAX_LINKS) {
                throw new IOException("chart file '" + path + "' is a chain of more than " + MAX_LINKS
                        + " symbolic links (a loop?)");
            }
            current = folderOf(current).resolve(Files.readSymbolicLink(current)).normalize();
        }
        return current;
    }

    /** An existing file that is neither regular nor a folder: a device or a pipe, which cannot be renamed over. */
    private static boolean isSpecialFile(Path target) {
        return Files.exists(target) && !Files.isRegularFile(target) && !Files.isDirectory(target);
    }

    /** The path as given, and where its links lead if they lead elsewhere: {@code full.png (a link to /dev/full)}. */
    private String described() throws IOException {
        Path target = target();
        return target.equals(path.toAbsolutePath()) ? path.toString() : path + " (a link to " + target + ")";
    }

    /**
     * A new, empty file beside the chart, with a name of at most 27 bytes, whatever the chart's is.
     * Unlike {@link Files#createTempFile}, which makes a file only its owner may read, it gets the
     * permissions any new file there gets, which the chart keeps.
     */
    private static Path temporaryFile(Path folder) throws IOException {
        String name = TEMPORARY_PREFIX + Long.toUnsignedString(ThreadLocalRandom.current().nextLong(), 36) + ".tmp";
        return Files.createFile(folder.resolve(name));
    }

    private static Path folderOf(Path file) {
        Path parent = file.toAbsolutePath().getParent();
        return parent == null ? file.toAbsolutePath().getRoot() : parent;
    }

    private String extension() {
        return format == Format.SVG ? ".svg" : ".png";
    }

    @Override
    public String toString() {
        return path.toString();
    }
}
