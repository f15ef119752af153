package dev.counters.spring;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class StartupReportTest {
    private static final String POSIX = "provider posix (clock_gettime(CLOCK_THREAD_CPUTIME_ID), binding FFM)";
    private static final String JDK = "provider jdk (ThreadMXBean.getCurrentThreadCpuTime(), binding JVM)";
    private static final StartupReport.Facts PLAIN = new StartupReport.Facts(true, true, false, false, false);

    @Test
    void saysWhichProviderAndBindingServeTheClocks() {
        String line = StartupReport.line(POSIX, PLAIN, new CountersProperties());
        assertTrue(line.contains(POSIX + " with the kernel/user split"), line);
        assertTrue(line.contains("process.cpu.kernel/user on;"), line);
        assertFalse(line.contains("WARNING"), line);
    }

    @Test
    void saysWhatToAddForTheSplitAndNeverClaimsProcessMetersNoModuleServes() {
        String line = StartupReport.line(JDK, new StartupReport.Facts(false, false, false, false, false), new CountersProperties());
        assertTrue(line.contains("total only: add counters-posix or counters-windows"), line);
        assertTrue(line.contains("process.cpu.kernel/user off (no platform module"), line);
    }

    @Test
    void warnsOfVirtualThreadsNamingTheRealSeriesAndOfMissingNativeAccessWithTheFix() {
        String line = StartupReport.line(POSIX, new StartupReport.Facts(true, true, true, true, false), new CountersProperties());
        assertTrue(line.contains("WARNING: spring.threads.virtual.enabled=true"), line);
        assertTrue(line.contains("unmeasured.reason=virtual-thread")
                && line.contains("http_server_requests_cpu_unmeasured_total{unmeasured_reason=\"virtual-thread\"}"), line);
        assertTrue(line.contains("Enable-Native-Access: ALL-UNNAMED") && line.contains("--enable-native-access=ALL-UNNAMED"), line);
    }

    @Test
    void saysWhenJnaServesOnAJdkWithFfm() {
        String line = StartupReport.line(POSIX, new StartupReport.Facts(true, true, false, false, true), new CountersProperties());
        assertTrue(line.contains("through JNA although this JDK has FFM"), line);
    }
}
