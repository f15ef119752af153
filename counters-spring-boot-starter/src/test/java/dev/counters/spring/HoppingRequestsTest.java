package dev.counters.spring;

import static dev.counters.spring.PrometheusText.sum;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.LinkedHashMap;
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
 * Issue #42: requests whose work hops threads, in real Boot applications under concurrent load, each
 * request's recorded CPU set beside what its own code burned (the application's {@link RequestTruth},
 * read from each thread's own CPU clock). A request never records more than its truth and the CPU the
 * framework spends in its scopes ({@link #MARGIN_NANOS}, generous: another request's work would add
 * {@link #BURN_MS} or more); a request whose threads the observation all reached records its truth.
 */
class HoppingRequestsTest {
    private static final String CPU = "http_server_requests_cpu_seconds";
    private static final String COVERED = "http_server_requests_cpu_covered_seconds";
    private static final String WALL = "http_server_requests_seconds";
    private static final String UNMEASURED = "http_server_requests_cpu_unmeasured_total";
    private static final int BURN_MS = 60;
    private static final int WARM_UPS = 3;
    /** The framework's own CPU in a request's scopes on a loaded 2-core machine, and the clocks' resolution, with room to spare. */
    private static final long MARGIN_NANOS = TimeUnit.MILLISECONDS.toNanos(15);
    private static final long LOW_SLACK_NANOS = TimeUnit.MILLISECONDS.toNanos(2);

    @Test
    void asyncMvcRequestsOnASmallTomcatPoolUnderLoadGetTheirOwnCpuOnly() throws Exception {
        try (RunningApplication app = RunningApplication.start("server.tomcat.threads.max=4", "server.tomcat.threads.min-spare=4",
                "counters.test.request-ids=true")) {
            List<String> kinds = List.of("/cf", "/hop", "/async", "/deferred", "/heavy");
            warmUp(app, kinds);
            Map<String, List<String>> sent = named(app, "mvc", 8, 2, kinds, "/sleep?ms=20");
            Map<String, Double> scraped = app.scrapeHolding(WARM_UPS + 8 * 2, kinds.toArray(new String[0]));

            String report = report(scraped, sent);
            System.out.println("boot " + SpringBootVersion.getVersion() + ", async MVC, 4 Tomcat threads, 8 clients:\n" + report
                    + app.startupLine());
            // Issue #49: the Callable (/hop) and @Async work run on Boot's task executor, which the starter decorated.
            assertTrue(app.startupLine().contains("applicationTaskExecutor (MVC Callable, @Async) decorated with"
                    + " ContextPropagatingTaskDecorator"), app.startupLine());
            for (String kind : kinds) {
                for (String id : sent.get(kind)) {
                    assertEquals(1, sum(scraped, CPU + "_count", label(id)), id + " measured\n" + report);
                    assertWithinTruth(scraped, id, true, report);
                }
            }
        }
    }

    @Test
    void webFluxRequestsWithAWebClientHopGetTheirOwnCpuOnly() throws Exception {
        // Issue #49: only the starter, no context-propagation set-up (it turns Reactor's automatic propagation on).
        try (RunningApplication app = RunningApplication.startReactive("counters.test.request-ids=true")) {
            List<String> kinds = List.of("/hop", "/heavy");
            warmUp(app, kinds);
            Map<String, List<String>> sent = named(app, "flux", 4, 3, kinds);
            Map<String, Double> scraped = app.scrapeHolding(Map.of("/hop", WARM_UPS + 4 * 3,
                    "/heavy", 2 * (WARM_UPS + 4 * 3))); // each /hop calls /heavy too

            String report = report(scraped, sent);
            System.out.println("boot " + SpringBootVersion.getVersion() + ", WebFlux, 4 clients:\n" + report + app.startupLine());
            assertTrue(app.startupLine().contains("Reactor's automatic context propagation turned on"), app.startupLine());
            for (String kind : kinds) {
                for (String id : sent.get(kind)) {
                    assertEquals(1, sum(scraped, CPU + "_count", label(id)), id + " measured\n" + report);
                    assertEquals(0, sum(scraped, UNMEASURED, label(id)), id + " has no unmeasured stretch\n" + report);
                    assertWithinTruth(scraped, id, true, report);
                    assertWithinTruth(scraped, id + "-inner", kind.equals("/hop"), report);
                }
            }
        }
    }

    @Test
    void onVirtualThreadsTheirStretchesAreUnmeasuredAndThePoolsAreMeasured() throws Exception {
        Assumptions.assumeTrue(Runtime.version().feature() >= 21, "virtual threads need JDK 21+");
        try (RunningApplication app = RunningApplication.start("spring.threads.virtual.enabled=true", "counters.test.request-ids=true")) {
            List<String> kinds = List.of("/cf", "/heavy");
            warmUp(app, kinds);
            Map<String, List<String>> sent = named(app, "virtual", 4, 2, kinds);
            Map<String, Double> scraped = app.scrapeHolding(WARM_UPS + 4 * 2, kinds.toArray(new String[0]));

            String report = report(scraped, sent);
            System.out.println("boot " + SpringBootVersion.getVersion() + ", virtual threads, 4 clients:\n" + report);
            for (String kind : kinds) {
                for (String id : sent.get(kind)) {
                    assertEquals(1, sum(scraped, UNMEASURED, label(id), "unmeasured_reason=\"virtual-thread\""), id + "\n" + report);
                    assertWithinTruth(scraped, id, kind.equals("/cf"), report);
                }
            }
        }
    }

    /**
     * Issue #49: a reactive application that opted out of context propagation is warned of, with the
     * property named; the starter's decorator is on Boot's task executor, and a pool bean that carries no
     * observation is named as what stays unmeasured.
     */
    @Test
    void theStartupLineWarnsOfAnOptedOutReactiveApplicationAndNamesAPlainPool() throws Exception {
        try (RunningApplication app = RunningApplication.startReactive("spring.reactor.context-propagation=limited",
                "counters.test.plain-pool=true", "spring.task.execution.mode=force")) {
            String line = app.startupLine();
            System.out.println("boot " + SpringBootVersion.getVersion() + ", WebFlux opted out:\n" + line);
            assertTrue(line.contains("WARNING: spring.reactor.context-propagation=limited: Reactor does not carry"), line);
            assertTrue(line.contains(PropagationReport.NO_SCOPE_SERIES), line);
            assertTrue(line.contains("unmeasured: what runs on executor beans that do not carry the observation, plainPool ("), line);
            assertTrue(line.contains("applicationTaskExecutor (MVC Callable, @Async) decorated"), line);
            assertTrue(!line.contains("applicationTaskExecutor (ThreadPoolTaskExecutor)")
                    && !line.contains("applicationTaskExecutor (SimpleAsyncTaskExecutor)"), "decorated, so not listed: " + line);
        }
    }

    /** The recorded CPU of request {@code id} never exceeds its truth by more than the margin; where {@code complete}, it is the truth. */
    private static void assertWithinTruth(Map<String, Double> scraped, String id, boolean complete, String report) {
        long truth = RequestTruth.of(id);
        long recorded = Math.round(sum(scraped, CPU + "_sum", label(id)) * 1e9);
        String figures = id + ": recorded " + recorded / 1e6 + " ms, its own code burned " + truth / 1e6 + " ms\n" + report;
        assertTrue(recorded <= truth + MARGIN_NANOS, figures);
        if (complete) {
            assertTrue(recorded >= truth - LOW_SLACK_NANOS, figures);
        }
    }

    /** Per kind of request: the truth and the recorded CPU per request, the worst excess, and the share of wall time covered. */
    private static String report(Map<String, Double> scraped, Map<String, List<String>> sent) {
        StringBuilder report = new StringBuilder();
        for (Map.Entry<String, List<String>> kind : sent.entrySet()) {
            double truth = 0;
            double recorded = 0;
            double worst = Double.NEGATIVE_INFINITY;
            double maxTruth = 0;
            double maxRecorded = 0;
            double covered = 0;
            double wall = 0;
            double measured = 0;
            double unmeasured = 0;
            for (String id : kind.getValue()) {
                double own = RequestTruth.of(id) / 1e6;
                double cpu = sum(scraped, CPU + "_sum", label(id)) * 1e3;
                truth += own;
                recorded += cpu;
                worst = Math.max(worst, cpu - own);
                maxTruth = Math.max(maxTruth, own);
                maxRecorded = Math.max(maxRecorded, cpu);
                covered += sum(scraped, COVERED + "_sum", label(id));
                wall += sum(scraped, WALL + "_sum", label(id));
                measured += sum(scraped, CPU + "_count", label(id));
                unmeasured += sum(scraped, UNMEASURED, label(id));
            }
            int n = kind.getValue().size();
            report.append(String.format("  %-10s %2d requests: truth %6.2f ms, recorded %6.2f ms per request (max %6.2f against %6.2f,"
                    + " worst excess %+.2f ms); %d measured, %d with an unmeasured stretch; wall time covered %.1f%%%n", kind.getKey(), n,
                    truth / n, recorded / n, maxRecorded, maxTruth, worst, (int) measured, (int) unmeasured, wall == 0 ? 0 : 100 * covered / wall));
        }
        return report.toString();
    }

    private static String label(String id) {
        return RequestTruth.TAG + "=\"" + id + "\"";
    }

    /** Unnamed requests of each kind, so that the named ones find the code compiled and the classes loaded. */
    private static void warmUp(RunningApplication app, List<String> kinds) throws Exception {
        for (int i = 0; i < WARM_UPS; i++) {
            for (String kind : kinds) {
                app.get(kind + "?ms=5");
            }
        }
    }

    /**
     * {@code clients} clients at once each send {@code rounds} rounds of one named request of each kind
     * ({@link #BURN_MS} of CPU), and of each unnamed {@code extra} path; returns the names sent, by kind.
     */
    private static Map<String, List<String>> named(RunningApplication app, String test, int clients, int rounds, List<String> kinds,
            String... extra) throws Exception {
        Map<String, List<String>> sent = new LinkedHashMap<>();
        for (String kind : kinds) {
            sent.put(kind, new ArrayList<>());
            for (int client = 0; client < clients; client++) {
                for (int round = 0; round < rounds; round++) {
                    sent.get(kind).add(test + kind.replace('/', '-') + "-" + client + "-" + round);
                }
            }
        }
        ExecutorService pool = Executors.newFixedThreadPool(clients);
        try {
            List<Future<?>> done = new ArrayList<>();
            for (int client = 0; client < clients; client++) {
                int c = client;
                done.add(pool.submit(() -> {
                    for (int round = 0; round < rounds; round++) {
                        for (String kind : kinds) {
                            app.get(kind + "?ms=" + BURN_MS, test + kind.replace('/', '-') + "-" + c + "-" + round);
                            for (String path : extra) {
                                app.get(path);
                            }
                        }
                    }
                    return null;
                }));
            }
            for (Future<?> each : done) {
                each.get(5, TimeUnit.MINUTES);
            }
        } finally {
            pool.shutdown();
        }
        return sent;
    }
}
