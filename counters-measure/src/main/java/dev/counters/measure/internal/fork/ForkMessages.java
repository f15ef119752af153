package dev.counters.measure.internal.fork;

import java.io.IOException;
import java.io.InputStream;
import java.io.InvalidClassException;
import java.io.ObjectInputFilter;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.OutputStream;
import java.util.Set;

/**
 * The messages between a comparison and its forks, one each way: a {@link ForkRequest} on the
 * fork's standard input, a {@link ForkReply} in a file. Both are records written with Java
 * serialization (parent and fork run the same JDK and this same library, so the classes match), read
 * back through a filter that takes only these records and the JDK types they hold, and checked for
 * their {@link ForkMessage#VERSION}.
 */
public final class ForkMessages {
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

    /** Writes {@code message} to {@code out} (flushed, not closed). */
    static void write(ForkMessage message, OutputStream out) throws IOException {
        ObjectOutputStream objects = new ObjectOutputStream(out);
        objects.writeObject(message);
        objects.flush();
    }

    /**
     * Reads one message of {@code type} from {@code in}.
     *
     * @throws IOException if it is not one, or of another {@link #VERSION}
     */
    static <T extends ForkMessage> T read(InputStream in, Class<T> type) throws IOException {
        ObjectInputStream objects = new ObjectInputStream(in);
        objects.setObjectInputFilter(ONLY_MESSAGES);
        Object message;
        try {
            message = objects.readObject();
        } catch (ClassNotFoundException | InvalidClassException e) {
            throw new IOException("not a message of this library's version: " + e, e);
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
}
