package dev.counters.spring;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.jar.Attributes;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StartupReportTest {
    private static final String POSIX = "provider posix (clock_gettime(CLOCK_THREAD_CPUTIME_ID), binding FFM)";
    private static final String JDK = "provider jdk (ThreadMXBean.getCurrentThreadCpuTime(), binding JVM)";
    private static final StartupReport.Facts PLAIN = new StartupReport.Facts(true, true, false, false, false);
    /** An application that is not reactive and has no executor to report. */
    private static final PropagationReport.Facts NOT_REACTIVE = new PropagationReport.Facts(PropagationReport.Reactor.NOT_REACTIVE,
            false, List.of(), List.of());

    @Test
    void saysWhichProviderAndBindingServeTheClocks() {
        String line = StartupReport.line(POSIX, PLAIN, NOT_REACTIVE, new CountersProperties());
        assertTrue(line.contains(POSIX + " with the kernel/user split"), line);
        assertTrue(line.contains("process.cpu.kernel/user on;"), line);
        assertFalse(line.contains("WARNING"), line);
    }

    @Test
    void saysWhatToAddForTheSplitAndNeverClaimsProcessMetersNoModuleServes() {
        String line = StartupReport.line(JDK, new StartupReport.Facts(false, false, false, false, false),
                NOT_REACTIVE, new CountersProperties());
        assertTrue(line.contains("total only: add counters-posix or counters-windows"), line);
        assertTrue(line.contains("process.cpu.kernel/user off (no platform module"), line);
    }

    @Test
    void warnsOfVirtualThreadsNamingTheRealSeriesAndOfMissingNativeAccessWithTheFix() {
        String line = StartupReport.line(POSIX, new StartupReport.Facts(true, true, true, true, false),
                NOT_REACTIVE, new CountersProperties());
        assertTrue(line.contains("WARNING: spring.threads.virtual.enabled=true"), line);
        assertTrue(line.contains("unmeasured.reason=virtual-thread")
                && line.contains("http_server_requests_cpu_unmeasured_total{unmeasured_reason=\"virtual-thread\"}"), line);
        assertTrue(line.contains("Enable-Native-Access: ALL-UNNAMED") && line.contains("--enable-native-access=ALL-UNNAMED"), line);
    }

    @Test
    void saysWhenJnaServesOnAJdkWithFfm() {
        String line = StartupReport.line(POSIX, new StartupReport.Facts(true, true, false, false, true),
                NOT_REACTIVE, new CountersProperties());
        assertTrue(line.contains("through JNA although this JDK has FFM"), line);
    }

    /** Issue #49: each state of Reactor's context propagation in a reactive application, with the property that changes it. */
    @Test
    void saysWhatItDidForContextPropagationAndWarnsWhereARequestStaysUnmeasured() {
        assertTrue(propagationLine(PropagationReport.Reactor.TURNED_ON).contains("Reactor's automatic context propagation turned on,"
                + " as spring.reactor.context-propagation=auto would (counters.cpu.propagation.reactor=false leaves it off)"));
        assertFalse(propagationLine(PropagationReport.Reactor.TURNED_ON).contains("WARNING"));
        assertTrue(propagationLine(PropagationReport.Reactor.AUTO).contains("Reactor carries observations (spring.reactor.context-propagation=auto)"));
        String limited = propagationLine(PropagationReport.Reactor.LIMITED);
        assertTrue(limited.contains("WARNING: spring.reactor.context-propagation=limited")
                && limited.contains("http_server_requests_cpu_unmeasured_total{unmeasured_reason=\"no-scope\"}"), limited);
        String leftOff = propagationLine(PropagationReport.Reactor.LEFT_OFF);
        assertTrue(leftOff.contains("WARNING: counters.cpu.propagation.reactor=false") && leftOff.contains("spring.reactor.context-propagation=auto"),
                leftOff);
        String missing = propagationLine(PropagationReport.Reactor.LIBRARY_MISSING);
        assertTrue(missing.contains("WARNING: io.micrometer:context-propagation is not on the class path"), missing);
        assertFalse(propagationLine(PropagationReport.Reactor.NOT_REACTIVE).contains("Reactor"));
    }

    @Test
    void namesTheDecoratorItAddedTheApplicationsOwnAndTheExecutorsThatCarryNothing() {
        String decorated = StartupReport.line(POSIX, PLAIN, new PropagationReport.Facts(PropagationReport.Reactor.NOT_REACTIVE, true, List.of(),
                List.of("plainPool (ThreadPoolExecutor)")), new CountersProperties());
        assertTrue(decorated.contains("applicationTaskExecutor (MVC Callable, @Async) decorated with ContextPropagatingTaskDecorator"
                + " (counters.cpu.propagation.task-executor=false leaves it undecorated)"), decorated);
        assertTrue(decorated.contains("unmeasured: what runs on executor beans that do not carry the observation, plainPool (ThreadPoolExecutor)"),
                decorated);
        String own = StartupReport.line(POSIX, PLAIN, new PropagationReport.Facts(PropagationReport.Reactor.NOT_REACTIVE, false,
                List.of("mdc (MdcDecorator)"), List.of()), new CountersProperties());
        assertTrue(own.contains("the application's TaskDecorator mdc (MdcDecorator) left on Boot's task executor"), own);
        assertFalse(own.contains("unmeasured:"), own);
    }

    private static String propagationLine(PropagationReport.Reactor reactor) {
        return StartupReport.line(POSIX, PLAIN, new PropagationReport.Facts(reactor, false, List.of(), List.of()), new CountersProperties());
    }

    /**
     * Issue #42 item 4: on JDK 25 without the flag the line said INFO, because the JDK enables native access
     * for a module once it has warned about it; the command line is what says whether it was granted.
     */
    @Test
    void nativeAccessIsGrantedByTheCommandLineOrTheJarsManifestOnly(@TempDir Path folder) throws IOException {
        assertFalse(StartupReport.nativeAccessGranted(List.of("-Xmx1g"), "com.example.App"));
        assertTrue(StartupReport.nativeAccessGranted(List.of("--enable-native-access=ALL-UNNAMED"), "com.example.App"));
        assertTrue(StartupReport.nativeAccessGranted(List.of("--enable-native-access=com.sun.jna,ALL-UNNAMED"), null));
        assertFalse(StartupReport.nativeAccessGranted(List.of("--enable-native-access=com.sun.jna"), null));
        assertTrue(StartupReport.nativeAccessGranted(List.of("--illegal-native-access=allow"), null));
        Manifest granting = new Manifest();
        granting.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        granting.getMainAttributes().putValue("Enable-Native-Access", "ALL-UNNAMED");
        Path app = folder.resolve("app.jar");
        try (JarOutputStream jar = new JarOutputStream(Files.newOutputStream(app), granting)) {
            jar.flush();
        }
        Path plain = folder.resolve("plain.jar");
        Manifest empty = new Manifest();
        empty.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        try (JarOutputStream jar = new JarOutputStream(Files.newOutputStream(plain), empty)) {
            jar.flush();
        }
        assertTrue(StartupReport.nativeAccessGranted(List.of(), app + " --server.port=8080"));
        assertFalse(StartupReport.nativeAccessGranted(List.of(), plain.toString()));
        assertFalse(StartupReport.nativeAccessGranted(List.of(), folder.resolve("missing.jar").toString()));
    }
}
