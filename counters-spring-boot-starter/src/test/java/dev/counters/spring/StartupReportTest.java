package dev.counters.spring;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class StartupReportTest {
    private static final String POSIX = "provider posix (clock_gettime(CLOCK_THREAD_CPUTIME_ID), binding FFM)";
    private static final String JDK = "provider jdk (ThreadMXBean.getCurrentThreadCpuTime(), binding JVM)";

    @Test
    void saysWhichProviderAndBindingServeTheClocks() {
        String line = StartupReport.line(POSIX, true, new CountersProperties(), false, false);
        assertTrue(line.contains(POSIX + " with the kernel/user split"), line);
        assertFalse(line.contains("WARNING"), line);
    }

    @Test
    void saysWhatToAddForTheSplit() {
        String line = StartupReport.line(JDK, false, new CountersProperties(), false, false);
        assertTrue(line.contains("total only: add counters-posix or counters-windows"), line);
    }

    @Test
    void warnsOfVirtualThreadsAndMissingNativeAccessWithTheFix() {
        String line = StartupReport.line(POSIX, true, new CountersProperties(), true, true);
        assertTrue(line.contains("WARNING: spring.threads.virtual.enabled=true") && line.contains("reason=virtual-thread"), line);
        assertTrue(line.contains("Enable-Native-Access: ALL-UNNAMED") && line.contains("--enable-native-access=ALL-UNNAMED"), line);
    }
}
