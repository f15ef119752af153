package dev.counters.spring;

import dev.counters.CounterInfo;
import dev.counters.Counters;
import java.lang.System.Logger.Level;
import java.lang.reflect.Method;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.ApplicationListener;
import org.springframework.core.env.Environment;

/**
 * The one line the starter logs once the application is ready: which provider and binding serve the
 * CPU clocks, whether they split kernel and user time, and what would leave requests unmeasured.
 */
final class StartupReport implements ApplicationListener<ApplicationReadyEvent> {
    private static final System.Logger LOG = System.getLogger(CountersAutoConfiguration.class.getName());

    private final Environment environment;
    private final CountersProperties properties;

    StartupReport(Environment environment, CountersProperties properties) {
        this.environment = environment;
        this.properties = properties;
    }

    @Override
    public void onApplicationEvent(ApplicationReadyEvent event) {
        boolean virtualThreads = Runtime.version().feature() >= 21
                && environment.getProperty("spring.threads.virtual.enabled", Boolean.class, false);
        CounterInfo threadTimes = Counters.threadTimes().getInfo();
        String clocks = "provider " + threadTimes.provider() + " (" + threadTimes.source() + ", binding "
                + threadTimes.binding() + ")";
        String line = line(clocks, threadTimes.hasKernelUserSplit(), properties, virtualThreads, nativeAccessMissing());
        LOG.log(line.contains("WARNING") ? Level.WARNING : Level.INFO, line);
    }

    /** The line, from the facts it reports; {@code clocks} names the provider, source and binding. */
    static String line(String clocks, boolean kernelUserSplit, CountersProperties properties, boolean virtualThreads,
            boolean nativeAccessMissing) {
        StringBuilder line = new StringBuilder("counters: CPU time per observation ")
                .append(properties.getObservation().isEnabled() ? "on" : "off")
                .append(", process.cpu.kernel/user ")
                .append(properties.getProcess().isEnabled() ? "on" : "off")
                .append("; THREAD_TIMES from ").append(clocks)
                .append(kernelUserSplit
                        ? " with the kernel/user split"
                        : ", the total only: add counters-posix or counters-windows for the kernel/user split");
        if (virtualThreads) {
            line.append("; WARNING: spring.threads.virtual.enabled=true: requests on virtual threads have no"
                    + " CPU clock of their own and are counted in <name>.cpu.unmeasured{reason=virtual-thread}");
        }
        if (nativeAccessMissing) {
            line.append("; WARNING: native access is not enabled for the class path: in a Boot jar add the"
                    + " manifest entry Enable-Native-Access: ALL-UNNAMED (spring-boot-maven-plugin builds on"
                    + " maven-jar-plugin's <archive><manifestEntries>), or run java with"
                    + " --enable-native-access=ALL-UNNAMED");
        }
        return line.toString();
    }

    /** Whether this JDK (22+) restricts native access and has not granted it to the counters' code. */
    private static boolean nativeAccessMissing() {
        if (Runtime.version().feature() < 22) {
            return false;
        }
        try {
            Method enabled = Module.class.getMethod("isNativeAccessEnabled");
            return !(Boolean) enabled.invoke(Counters.class.getModule());
        } catch (ReflectiveOperationException unexpected) {
            return false;
        }
    }
}
