package dev.counters.spring;

import static dev.counters.spring.PrometheusText.has;
import static dev.counters.spring.PrometheusText.sum;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.counters.Counters;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.springframework.boot.SpringBootVersion;

/**
 * The starter in a real Boot web application on a loopback port, hit by concurrent clients, checked
 * through what {@code /actuator/prometheus} serves. Run against Boot 3.5 here and against Boot 4 in
 * counters-spring-boot4-tests.
 */
class CountersStarterTest {
    private static final String CPU = "http_server_requests_cpu_seconds";
    private static final String KERNEL = "http_server_requests_cpu_kernel_seconds";
    private static final String WALL = "http_server_requests_seconds";
    private static final int HEAVY_MS = 100;
    private static final int SLEEP_MS = 100;

    @Test
    void eachEndpointsCpuTimeAndKernelShareShowWithNoCode() throws Exception {
        try (RunningApplication app = RunningApplication.start()) {
            concurrently(4, 6, app, "/heavy?ms=" + HEAVY_MS, "/sleep?ms=" + SLEEP_MS, "/kernel?ms=" + HEAVY_MS);
            Map<String, Double> scraped = app.scrapeHolding(24, "/heavy", "/sleep", "/kernel");

            double heavy = perRequest(scraped, CPU, "/heavy");
            double heavyWall = perRequest(scraped, WALL, "/heavy");
            double sleeping = perRequest(scraped, CPU, "/sleep");
            String figures = "boot " + SpringBootVersion.getVersion() + ": heavy " + heavy + " s CPU in " + heavyWall
                    + " s wall, sleeping " + sleeping + " s CPU";
            // Each heavy request computed until its thread had used HEAVY_MS by the JDK's clock: its CPU is
            // that much, no more than its wall time (which is the same, unless the 2 cores were shared).
            assertTrue(heavy >= HEAVY_MS / 1000.0 * 0.95 && heavy <= heavyWall * 1.01, figures);
            assertTrue(sleeping < 0.010, figures);
            assertEquals(24, sum(scraped, CPU + "_count", "uri=\"/heavy\""), figures);
            if (Counters.threadTimes().getInfo().hasKernelUserSplit()) {
                double kernelShare = kernelShare(scraped, "/kernel");
                double heavyShare = kernelShare(scraped, "/heavy");
                assertTrue(kernelShare > 0.3 && kernelShare > 3 * heavyShare,
                        "kernel share: file writes " + kernelShare + ", computing " + heavyShare);
                assertTrue(has(scraped, "process_cpu_kernel_seconds_total"), scraped.keySet().toString());
                assertTrue(has(scraped, "process_cpu_user_seconds_total"), scraped.keySet().toString());
            }
        }
    }

    /** Issue #42: a Callable's work on Boot's task executor, which the request's observation reaches, is the request's; the heavy requests' is not. */
    @Test
    void requestsThatHopThreadsGetTheirOwnTimeOnEveryThreadAndNoOneElses() throws Exception {
        try (RunningApplication app = RunningApplication.start()) {
            concurrently(4, 5, app, "/hop?ms=" + HEAVY_MS, "/heavy?ms=" + HEAVY_MS);
            Map<String, Double> scraped = app.scrapeHolding(20, "/hop", "/heavy");

            double measured = sum(scraped, CPU + "_count", "uri=\"/hop\"");
            double hop = perRequest(scraped, CPU, "/hop");
            String figures = measured + " measured, " + hop + " s CPU per request; " + scraped.keySet();
            assertEquals(20, measured, figures);
            assertEquals(0, sum(scraped, "http_server_requests_cpu_unmeasured_total", "uri=\"/hop\""), figures);
            assertTrue(hop >= HEAVY_MS / 1000.0 * 0.95 && hop <= perRequest(scraped, WALL, "/hop") * 1.01, figures);
        }
    }

    @Test
    void eachPartSwitchesOff() throws Exception {
        try (RunningApplication app = RunningApplication.start(
                "counters.cpu.observation.enabled=false", "counters.cpu.process.enabled=false")) {
            app.get("/heavy?ms=1");
            Map<String, Double> scraped = app.scrapeHolding(1, "/heavy");
            assertTrue(has(scraped, WALL + "_count"), "Boot's own timer is still there");
            assertFalse(has(scraped, CPU + "_count"), scraped.keySet().toString());
            assertFalse(has(scraped, "process_cpu_kernel_seconds_total"), scraped.keySet().toString());
        }
    }

    @Test
    void semanticConventionsNamingPutsTheModeInATag() throws Exception {
        Assumptions.assumeTrue(Counters.threadTimes().getInfo().hasKernelUserSplit(), "no kernel/user split here");
        try (RunningApplication app = RunningApplication.start("counters.cpu.observation.naming=semantic-conventions")) {
            app.get("/heavy?ms=20");
            Map<String, Double> scraped = app.scrapeHolding(1, "/heavy");
            String renamed = "http_server_requests_cpu_time_seconds_sum";
            double user = sum(scraped, renamed, "uri=\"/heavy\"", "cpu_mode=\"user\"");
            double system = sum(scraped, renamed, "uri=\"/heavy\"", "cpu_mode=\"system\"");
            assertTrue(user + system >= 0.019, scraped.keySet().toString());
            assertFalse(has(scraped, CPU + "_count"), "the total is the sum over the modes: " + scraped.keySet());
            assertFalse(has(scraped, KERNEL + "_count"), scraped.keySet().toString());
        }
    }

    @Test
    void requestsOnVirtualThreadsAreCountedAsUnmeasured() throws Exception {
        Assumptions.assumeTrue(Runtime.version().feature() >= 21, "virtual threads need JDK 21+");
        try (RunningApplication app = RunningApplication.start("spring.threads.virtual.enabled=true")) {
            app.get("/heavy?ms=5");
            app.get("/heavy?ms=5");
            Map<String, Double> scraped = app.scrapeHolding(2, "/heavy");
            assertEquals(2, sum(scraped, "http_server_requests_cpu_unmeasured_total", "uri=\"/heavy\"", "unmeasured_reason=\"virtual-thread\""),
                    scraped.keySet().toString());
            assertFalse(has(scraped, CPU + "_count"), scraped.keySet().toString());
        }
    }

    /** Each of {@code threads} clients GETs each path {@code times} times. */
    static void concurrently(int threads, int times, RunningApplication app, String... paths) throws Exception {
        ExecutorService clients = Executors.newFixedThreadPool(threads);
        try {
            List<Future<?>> done = new ArrayList<>();
            for (int client = 0; client < threads; client++) {
                done.add(clients.submit(() -> {
                    for (int i = 0; i < times; i++) {
                        for (String path : paths) {
                            app.get(path);
                        }
                    }
                    return null;
                }));
            }
            for (Future<?> each : done) {
                each.get(5, TimeUnit.MINUTES);
            }
        } finally {
            clients.shutdown();
        }
    }

    static double perRequest(Map<String, Double> scraped, String timer, String uri) {
        return sum(scraped, timer + "_sum", "uri=\"" + uri + "\"") / sum(scraped, timer + "_count", "uri=\"" + uri + "\"");
    }

    private static double kernelShare(Map<String, Double> scraped, String uri) {
        return sum(scraped, KERNEL + "_sum", "uri=\"" + uri + "\"") / sum(scraped, CPU + "_sum", "uri=\"" + uri + "\"");
    }
}
