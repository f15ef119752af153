package dev.counters.measure.internal.fork;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InvalidClassException;
import java.io.ObjectInputFilter;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.OutputStream;
import java.lang.reflect.RecordComponent;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Set;
import java.util.TreeSet;
import java.util.zip.CRC32;

/**
 * The messages between a comparison and its forks, one each way: a {@link ForkRequest} on the
 * fork's standard input, a {@link ForkReply} in a file. Each is a header line, then the record
 * written with Java serialization (parent and fork run this same library), read back through a
 * filter that takes only these records and the JDK types they hold.
 *
 * <p>The header ({@code counters-fork-message 4 3f2a9c1d}) carries {@link ForkMessage#VERSION} and
 * a fingerprint of every record a message may hold: each one's name and its components' names and
 * types. Java serialization waives {@code serialVersionUID} for records and fills a component the
 * stream lacks with its default, so a component added without raising the version would be read
 * as a silent zero; the fingerprint refuses it instead. A reader refuses a header that differs,
 * naming both sides, before it reads any object.
 */
public final class ForkMessages {
    /** What every header starts with. */
    static final String MAGIC = "counters-fork-message";
    /** This build's header: the version and the fingerprint of the records. */
    static final String HEADER = MAGIC + " " + ForkMessage.VERSION + " " + fingerprint(ForkRequest.class, ForkReply.class);
    private static final int LONGEST_HEADER = 200;
    private static final Set<String> PACKAGES = Set.of("java.lang", "java.util", "java.time", "java.util.concurrent",
            ForkMessages.class.getPackageName(), "dev.counters.measure.internal", "dev.counters.measure");
    private static final ObjectInputFilter ONLY_MESSAGES = info -> {
        Class<?> type = info.serialClass();
        if (info.depth() > 20 || info.references() > 10_000) {
            return ObjectInputFilter.Status.REJECTED;
        }
        if (type == null) {
            return ObjectInputFilter.Status.UNDECIDED;
        }
        Class<?> element = type;
        while (element.isArray()) {
            element = element.getComponentType();
        }
        return element.isPrimitive() || PACKAGES.contains(element.getPackageName()) ? ObjectInputFilter.Status.ALLOWED
                : ObjectInputFilter.Status.REJECTED;
    };

    private ForkMessages() {}

    /** Writes the header and {@code message} to {@code out} (flushed, not closed). */
    static void write(ForkMessage message, OutputStream out) throws IOException {
        out.write((HEADER + "\n").getBytes(StandardCharsets.US_ASCII));
        ObjectOutputStream objects = new ObjectOutputStream(out);
        objects.writeObject(message);
        objects.flush();
    }

    /**
     * Reads one message of {@code type} from {@code in}.
     *
     * @throws IOException if it is not one, or was written by a build whose messages differ (its
     *     version or its records), saying so
     */
    static <T extends ForkMessage> T read(InputStream in, Class<T> type) throws IOException {
        String header = headerLine(in);
        if (!header.startsWith(MAGIC + " ")) {
            throw new IOException("not a message of counters' forks (it starts with '" + printable(header) + "')");
        }
        if (!header.equals(HEADER)) {
            throw new IOException("a message of another build of counters-measure: it reads '" + header + "', this build's is '"
                    + HEADER + "' (version and fingerprint of the messages): the fork and its parent must run the same "
                    + "counters-measure; check that the class path the forks get holds no other copy of it");
        }
        ObjectInputStream objects = new ObjectInputStream(in);
        objects.setObjectInputFilter(ONLY_MESSAGES);
        Object message;
        try {
            message = objects.readObject();
        } catch (ClassNotFoundException | InvalidClassException e) {
            throw new IOException("not a message of this library's build: " + e, e);
        }
        if (!type.isInstance(message)) {
            throw new IOException("expected a " + type.getSimpleName() + ", read a " + message.getClass().getName());
        }
        int version = ((ForkMessage) message).version();
        if (version != ForkMessage.VERSION) {
            throw new IOException("a message of version " + version + ", this library speaks version " + ForkMessage.VERSION
                    + ": the fork and its parent run different builds of counters-measure");
        }
        return type.cast(message);
    }

    /** The first line of {@code in}, at most {@link #LONGEST_HEADER} bytes, without its end. */
    private static String headerLine(InputStream in) throws IOException {
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        for (int read = in.read(); read != '\n'; read = in.read()) {
            if (read < 0 || line.size() >= LONGEST_HEADER) {
                break;
            }
            line.write(read);
        }
        return line.toString(StandardCharsets.ISO_8859_1);
    }

    private static String printable(String text) {
        return text.replaceAll("[^\\x20-\\x7e]", "?");
    }

    /**
     * A CRC-32 of every record reachable from {@code roots} (sealed subtypes, component types, their
     * type arguments' records): each one's name and each component's name and generic type, in a
     * stable order. Any component added, removed, renamed or retyped changes it.
     */
    static String fingerprint(Class<?>... roots) {
        Set<String> described = new TreeSet<>();
        Deque<Class<?>> todo = new ArrayDeque<>(java.util.List.of(roots));
        Set<Class<?>> seen = new java.util.HashSet<>();
        while (!todo.isEmpty()) {
            Class<?> type = todo.pop();
            if (!seen.add(type) || !type.getName().startsWith("dev.counters.")) {
                continue;
            }
            if (type.isSealed()) {
                todo.addAll(java.util.List.of(type.getPermittedSubclasses()));
            }
            StringBuilder text = new StringBuilder(type.getName());
            if (type.isRecord()) {
                for (RecordComponent component : type.getRecordComponents()) {
                    text.append(' ').append(component.getName()).append(':').append(component.getGenericType().getTypeName());
                    todo.add(component.getType());
                }
            } else if (type.isEnum()) {
                for (Object constant : type.getEnumConstants()) {
                    text.append(' ').append(constant);
                }
            }
            described.add(text.toString());
        }
        CRC32 crc = new CRC32();
        crc.update(String.join("\n", described).getBytes(StandardCharsets.UTF_8));
        return String.format("%08x", crc.getValue());
    }
}
