package dev.counters.jmh;

import java.lang.management.ManagementFactory;
import java.util.HashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.management.JMException;
import javax.management.ObjectName;

/**
 * The native ids (Linux tid, Win32 thread id) of this JVM's Java threads, from HotSpot's own
 * thread dump: the {@code threadPrint} operation of the {@code DiagnosticCommand} MBean, which
 * {@code jcmd Thread.print} also runs. It prints every platform thread as
 * {@code "name" #<java id> ... nid=<native id>}: in hex on JDK 17 ({@code nid=0xad8}), in decimal
 * on JDK 21 and later ({@code #3 [2803] ... nid=2803}). No public API maps a Java thread to its
 * native id, and JMH names its workers by a prefix that Linux's 15-character {@code comm} cuts off,
 * so the dump is the one portable way. It costs milliseconds (the first one far more), so the
 * profiler asks only when a worker it does not know yet appears, outside the measured window.
 */
final class NativeThreadIds {
    private static final Pattern THREAD_LINE = Pattern.compile(
            "^\"(?:.*)\" #(\\d+)\\b.*?\\bnid=(0x[0-9a-fA-F]+|\\d+)\\b", Pattern.MULTILINE);
    private static final String DIAGNOSTIC_COMMAND = "com.sun.management:type=DiagnosticCommand";

    private NativeThreadIds() {}

    /** Java thread id to native thread id, for every thread in a {@code threadPrint} dump. */
    static Map<Long, Long> parse(String dump) {
        Map<Long, Long> ids = new HashMap<>();
        Matcher line = THREAD_LINE.matcher(dump);
        while (line.find()) {
            String nid = line.group(2);
            long nativeId = nid.startsWith("0x") ? Long.parseLong(nid.substring(2), 16) : Long.parseLong(nid);
            ids.put(Long.parseLong(line.group(1)), nativeId);
        }
        return ids;
    }

    /** The ids of this JVM's threads now. */
    static Map<Long, Long> ofThisJvm() {
        return parse(threadDump());
    }

    private static String threadDump() {
        try {
            return (String) ManagementFactory.getPlatformMBeanServer().invoke(new ObjectName(DIAGNOSTIC_COMMAND),
                    "threadPrint", new Object[] {new String[0]}, new String[] {String[].class.getName()});
        } catch (JMException | RuntimeException e) {
            throw new IllegalStateException("Could not read the JVM's thread dump (" + DIAGNOSTIC_COMMAND
                    + " threadPrint), which maps JMH's worker threads to their native ids; this profiler needs a"
                    + " HotSpot JVM (OpenJDK, Temurin, Oracle): " + e, e);
        }
    }
}
