package dev.counters.measure.internal.fork;

import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/**
 * The JVM options a fork runs with. By default it inherits this JVM's own
 * ({@code RuntimeMXBean.getInputArguments()}) but those that would write to this JVM's files, open
 * its ports or attach its agents: a fork sharing them overwrites the user's GC log or flight
 * recording, or fails on a JMX or debugger port already in use. Heap and GC choices, system
 * properties, module options and {@code --enable-native-access} are inherited, so a fork measures
 * the same JVM. Given options replace the inherited ones (JMH's {@code -jvmArgs}), appended ones
 * follow them ({@code -jvmArgsAppend}): either way what the user gives is taken as given.
 *
 * <p>On JDK 22 and later, where this library's code has native access (a jar manifest's
 * {@code Enable-Native-Access}, or the option), forks get {@code --enable-native-access=ALL-UNNAMED},
 * since they run on the class path: they read the same clocks through FFM as this JVM, not JNA.
 */
public final class ForkJvmOptions {
    /** Options a fork does not inherit: logs and recordings to files, agents, debuggers, remote management, crash files. */
    private static final List<Predicate<String>> NOT_INHERITED = List.of(
            option -> option.startsWith("-Xlog"),
            option -> option.startsWith("-Xloggc"),
            option -> option.startsWith("-verbose"),
            option -> option.startsWith("-XX:StartFlightRecording"),
            option -> option.startsWith("-XX:FlightRecorderOptions"),
            option -> option.startsWith("-agentlib:") || option.startsWith("-agentpath:") || option.startsWith("-javaagent:"),
            option -> option.startsWith("-Xrunjdwp") || option.equals("-Xdebug"),
            option -> option.startsWith("-Dcom.sun.management.jmxremote"),
            option -> option.startsWith("-XX:HeapDumpPath") || option.startsWith("-XX:ErrorFile")
                    || option.startsWith("-XX:LogFile") || option.equals("-XX:+LogCompilation")
                    || option.equals("-XX:+HeapDumpOnOutOfMemoryError"),
            option -> option.startsWith("--enable-native-access"));
    private static final String NATIVE_ACCESS = "--enable-native-access=ALL-UNNAMED";
    /**
     * The environment variables a JVM (or its launcher) reads options from. A fork runs without
     * them: this JVM's options from them are among its input arguments already, and inherited under
     * the same policy; read again by the fork, a {@code -Xlog:gc:file=gc.log} in
     * {@code JDK_JAVA_OPTIONS} wrote {@code gc.log.0} beside the user's log, and a debugger agent in
     * {@code JAVA_TOOL_OPTIONS} made every fork fail on its port.
     */
    static final java.util.Set<String> FROM_THE_ENVIRONMENT = java.util.Set.of("JAVA_TOOL_OPTIONS", "JDK_JAVA_OPTIONS",
            "_JAVA_OPTIONS");

    private ForkJvmOptions() {}

    /** This JVM's own options, less those a fork does not inherit. */
    public static List<String> inherited() {
        return inherited(ManagementFactory.getRuntimeMXBean().getInputArguments());
    }

    /** {@code options} less those a fork does not inherit. */
    static List<String> inherited(List<String> options) {
        List<String> kept = new ArrayList<>();
        for (String option : options) {
            if (NOT_INHERITED.stream().noneMatch(rule -> rule.test(option))) {
                kept.add(option);
            }
        }
        return kept;
    }

    /**
     * What a fork runs with: {@code given} (or, if null, the inherited options), then {@code appended},
     * then native access where this JVM has it and neither list says otherwise.
     */
    public static List<String> of(List<String> given, List<String> appended) {
        List<String> options = new ArrayList<>(given != null ? given : inherited());
        options.addAll(appended);
        if (options.stream().noneMatch(option -> option.startsWith("--enable-native-access")) && hasNativeAccess()) {
            options.add(NATIVE_ACCESS);
        }
        return List.copyOf(options);
    }

    /**
     * Whether this JVM granted native access, on JDK 22+: to this library's code
     * ({@code Module.isNativeAccessEnabled()}, which a jar manifest's {@code Enable-Native-Access}
     * sets on the class path) or to any module by option.
     */
    static boolean hasNativeAccess() {
        if (Runtime.version().feature() < 22) {
            return false;
        }
        if (ManagementFactory.getRuntimeMXBean().getInputArguments().stream()
                .anyMatch(option -> option.startsWith("--enable-native-access"))) {
            return true;
        }
        try {
            Module module = ForkJvmOptions.class.getModule();
            return (Boolean) Module.class.getMethod("isNativeAccessEnabled").invoke(module);
        } catch (ReflectiveOperationException | RuntimeException e) {
            return false;
        }
    }
}
