package dev.counters.spring;

import dev.counters.CounterInfo;
import dev.counters.Counters;
import dev.counters.micrometer.ProcessCpuMetrics;
import java.io.IOException;
import java.lang.System.Logger.Level;
import java.lang.management.ManagementFactory;
import java.util.List;
import java.util.jar.JarFile;
import java.util.jar.Manifest;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.context.ApplicationListener;
import org.springframework.core.env.Environment;

/**
 * The one line the starter logs once the application is ready: which provider and binding serve the
 * CPU clocks, whether they split kernel and user time, and what would leave requests unmeasured.
 */
final class StartupReport implements ApplicationListener<ApplicationReadyEvent> {
    /** The Prometheus series and label that count requests' stretches on virtual threads, as the WARN names them. */
    static final String UNMEASURED_SERIES = "http_server_requests_cpu_unmeasured_total";
    static final String VIRTUAL_THREAD_LABEL = "unmeasured_reason=\"virtual-thread\"";

    private static final String ENABLE_NATIVE_ACCESS = "--enable-native-access=";
    private static final String ALL_UNNAMED = "ALL-UNNAMED";
    private static final System.Logger LOG = System.getLogger(CountersAutoConfiguration.class.getName());

    private final Environment environment;
    private final CountersProperties properties;
    private volatile String line;

    StartupReport(Environment environment, CountersProperties properties) {
        this.environment = environment;
        this.properties = properties;
    }

    @Override
    public void onApplicationEvent(ApplicationReadyEvent event) {
        boolean virtualThreads = Runtime.version().feature() >= 21
                && Binder.get(environment).bind("spring.threads.virtual.enabled", Boolean.class).orElse(false);
        CounterInfo threadTimes = Counters.threadTimes().getInfo();
        String clocks = "provider " + threadTimes.provider() + " (" + threadTimes.source() + ", binding "
                + threadTimes.binding() + ")";
        Facts facts = new Facts(threadTimes.hasKernelUserSplit(), ProcessCpuMetrics.hasKernelUserSplit(), virtualThreads,
                nativeAccessMissing(), Runtime.version().feature() >= 22 && threadTimes.binding().usesJna());
        PropagationReport.Facts propagation = PropagationReport.of(event.getApplicationContext(),
                event.getSpringApplication().getWebApplicationType(), properties);
        String logged = line(clocks, facts, propagation, properties);
        line = logged;
        LOG.log(logged.contains("WARNING") ? Level.WARNING : Level.INFO, logged);
    }

    /** The line logged at start-up; null before the application is ready. */
    String line() {
        return line;
    }

    /**
     * What the line reports: whether the thread clock and the process clock split kernel from user
     * time, whether virtual threads are on, whether this JDK (22+) restricts native access and has not
     * granted it, and whether JNA serves on a JDK where FFM could.
     */
    record Facts(boolean threadSplit, boolean processSplit, boolean virtualThreads, boolean nativeAccessMissing,
            boolean jnaWhereFfmCould) {}

    /** The line, from the facts it reports; {@code clocks} names the provider, source and binding. */
    static String line(String clocks, Facts facts, PropagationReport.Facts propagation, CountersProperties properties) {
        StringBuilder line = new StringBuilder("counters: CPU time per observation ")
                .append(properties.getObservation().isEnabled() ? "on" : "off")
                .append(", process.cpu.kernel/user ")
                .append(!properties.getProcess().isEnabled() ? "off"
                        : facts.processSplit() ? "on" : "off (no platform module splits the process's CPU time here)")
                .append("; THREAD_TIMES from ").append(clocks)
                .append(facts.threadSplit()
                        ? " with the kernel/user split"
                        : ", the total only: add counters-posix or counters-windows for the kernel/user split");
        PropagationReport.appendTo(line, propagation);
        if (facts.virtualThreads()) {
            line.append("; WARNING: spring.threads.virtual.enabled=true: a virtual thread has no CPU clock of its own"
                    + " (no JDK up to 25 reads one), so what requests run on virtual threads is not in <name>.cpu but"
                    + " counted in <name>.cpu.unmeasured, tag unmeasured.reason=virtual-thread (Prometheus: "
                    + UNMEASURED_SERIES + "{" + VIRTUAL_THREAD_LABEL + "}); work they hand to platform-thread pools"
                    + " that carry the observation is measured");
        }
        if (facts.nativeAccessMissing()) {
            line.append("; WARNING: native access is not enabled for the class path (JDK ")
                    .append(Runtime.version().feature())
                    .append(" warns about it and will one day refuse it): in a Boot jar add the"
                    + " manifest entry Enable-Native-Access: ALL-UNNAMED (spring-boot-maven-plugin builds on"
                    + " maven-jar-plugin's <archive><manifestEntries>), or run java with"
                    + " --enable-native-access=ALL-UNNAMED");
        } else if (facts.jnaWhereFfmCould()) {
            line.append("; the clocks are read through JNA although this JDK has FFM: Counters.available() says why");
        }
        return line.toString();
    }

    /**
     * Whether this JDK (22+) restricts native access and the command line has not granted it to the class
     * path. Asked of the command line, not of {@code Module.isNativeAccessEnabled()}: once the JDK has
     * warned about a restricted call (JNA loading its library), it enables native access for that module
     * so as to warn once, and the module then reads as enabled.
     */
    private static boolean nativeAccessMissing() {
        return Runtime.version().feature() >= 22
                && !nativeAccessGranted(ManagementFactory.getRuntimeMXBean().getInputArguments(), System.getProperty("sun.java.command"));
    }

    /**
     * Whether {@code arguments} (the JVM's, as the launcher normalised them) or the manifest of the jar
     * that {@code command} runs ({@code java -jar app.jar}: {@code Enable-Native-Access: ALL-UNNAMED})
     * grant native access to the class path, or allow it without a warning.
     */
    static boolean nativeAccessGranted(List<String> arguments, String command) {
        for (String argument : arguments) {
            if (argument.startsWith(ENABLE_NATIVE_ACCESS)
                    && List.of(argument.substring(ENABLE_NATIVE_ACCESS.length()).split(",")).contains(ALL_UNNAMED)) {
                return true;
            }
            if (argument.equals("--illegal-native-access=allow")) {
                return true;
            }
        }
        if (command == null || command.isBlank()) {
            return false;
        }
        String program = command.strip().split("\\s+")[0];
        if (!program.endsWith(".jar")) {
            return false;
        }
        try (JarFile jar = new JarFile(program)) {
            Manifest manifest = jar.getManifest();
            return manifest != null && ALL_UNNAMED.equals(manifest.getMainAttributes().getValue("Enable-Native-Access"));
        } catch (IOException | SecurityException unreadable) {
            return false;
        }
    }
}
