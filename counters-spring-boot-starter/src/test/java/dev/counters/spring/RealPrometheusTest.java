package dev.counters.spring;

import static dev.counters.spring.CountersStarterTest.concurrently;
import static dev.counters.spring.PrometheusServer.ofUri;
import static dev.counters.spring.PrometheusText.sum;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.counters.Counters;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every PromQL query of docs/SPRING-BOOT.md and docs/MICROMETER.md, run by a real Prometheus scraping
 * the application: each answers what the application's own scrapes say (issue #42 item 4), the
 * {@code rate()} ones over the requests sent between two of them. A query in the docs that no test
 * here runs fails the build.
 */
class RealPrometheusTest {
    static final String PER_REQUEST = "sort_desc(\n  sum by (uri) (rate(http_server_requests_cpu_seconds_sum[5m]))\n"
            + "/ sum by (uri) (rate(http_server_requests_cpu_seconds_count[5m])))";
    static final String KERNEL_SHARE = "sort_desc(\n  sum by (uri) (rate(http_server_requests_cpu_kernel_seconds_sum[5m]))\n"
            + "/ sum by (uri) (rate(http_server_requests_cpu_seconds_sum[5m])))";
    static final String CPU_PER_WALL = "sum by (uri) (rate(http_server_requests_cpu_seconds_sum[5m]))\n"
            + "/ sum by (uri) (rate(http_server_requests_seconds_sum[5m]))";
    static final String COVERED_SHARE = "sum by (uri) (rate(http_server_requests_cpu_covered_seconds_sum[5m]))\n"
            + "/ sum by (uri) (rate(http_server_requests_seconds_sum[5m]))";
    static final String SEMCONV_PER_REQUEST = "sum by (uri) (rate(http_server_requests_cpu_time_seconds_sum[5m]))\n"
            + "/ sum by (uri) (rate(http_server_requests_cpu_time_seconds_count{cpu_mode=\"user\"}[5m]))";
    static final String SEMCONV_KERNEL_SHARE = "sum by (uri) (rate(http_server_requests_cpu_time_seconds_sum{cpu_mode=\"system\"}[5m]))\n"
            + "/ sum by (uri) (rate(http_server_requests_cpu_time_seconds_sum[5m]))";
    static final String PROCESS_SPLIT = "rate(process_cpu_kernel_seconds_total[1m]) + rate(process_cpu_user_seconds_total[1m])";
    static final String PROCESS_TOTAL = "rate(process_cpu_time_ns_total[1m]) / 1e9";
    /** Issue #49 item 5: the unmeasured counter joins the wall-time timer on every label, error too, with no ignoring(...). */
    static final String UNMEASURED_SHARE = "sum without (unmeasured_reason) (rate(http_server_requests_cpu_unmeasured_total[5m]))\n"
            + "/ rate(http_server_requests_seconds_count[5m])";
    private static final Set<String> RUN_HERE = Set.of(PER_REQUEST, KERNEL_SHARE, CPU_PER_WALL, COVERED_SHARE, SEMCONV_PER_REQUEST,
            SEMCONV_KERNEL_SHARE, PROCESS_SPLIT, PROCESS_TOTAL, UNMEASURED_SHARE);
    /** Requests on virtual threads, the unmeasured ones the join reads, where this JDK has them. */
    private static final boolean VIRTUAL = Runtime.version().feature() >= 21;
    private static final List<String> URIS = VIRTUAL ? List.of("/heavy", "/sleep", "/kernel", "/hop", "/virtual-pool")
            : List.of("/heavy", "/sleep", "/kernel", "/hop");
    private static final String CPU = "http_server_requests_cpu_seconds";
    /**
     * How near a {@code rate()} ratio comes to the scrapes' ratio: Prometheus extrapolates each series to
     * the window's edges by up to half a scrape interval, less for a series whose first sample is near
     * zero, so numerator and denominator may stretch differently; with 4 s or more of samples 250 ms apart
     * the difference stays within a few percent (an eighth of a second in four).
     */
    private static final double RATE_TOLERANCE = 0.05;

    @Test
    void everyQueryOfTheDocsIsRunHere() throws IOException {
        Pattern block = Pattern.compile("```promql\n(.*?)\n```", Pattern.DOTALL);
        List<String> missing = new ArrayList<>();
        int found = 0;
        for (String page : List.of("SPRING-BOOT.md", "MICROMETER.md")) {
            Matcher query = block.matcher(Files.readString(docs().resolve(page)));
            while (query.find()) {
                found++;
                if (!RUN_HERE.contains(query.group(1).strip())) {
                    missing.add(page + ": " + query.group(1));
                }
            }
        }
        assertTrue(missing.isEmpty(), "queries in the docs that RealPrometheusTest does not run: " + missing);
        assertEquals(RUN_HERE.size(), found, "each query run here is in the docs once");
    }

    @Test
    void theDocsQueriesGiveWhatTheScrapesSay(@TempDir Path dir) throws Exception {
        try (RunningApplication app = RunningApplication.start();
                Batches batches = Batches.sent(app, dir, CPU + "_count")) {
            PrometheusServer prometheus = batches.prometheus();
            Map<String, Double> perRequest = prometheus.query(PER_REQUEST);
            Map<String, Double> cpuPerWall = prometheus.query(CPU_PER_WALL);
            Map<String, Double> covered = prometheus.query(COVERED_SHARE);
            Map<String, Double> kernel = prometheus.query(KERNEL_SHARE);
            Map<String, Double> unmeasured = prometheus.query(UNMEASURED_SHARE);
            System.out.println("PromQL, boot app: per request " + perRequest + "\n  CPU per wall " + cpuPerWall + "\n  covered "
                    + covered + "\n  kernel share " + kernel + "\n  unmeasured share " + unmeasured);
            assertEquals(VIRTUAL ? 1 : 0, unmeasured.size(), "only the virtual threads' requests are unmeasured: " + unmeasured);
            if (VIRTUAL) {
                // One series, joined on every label of the wall-time timer's: error, exception, method, outcome, status, uri.
                String series = unmeasured.keySet().iterator().next();
                assertTrue(series.contains("\"uri\":\"/virtual-pool\"") && series.contains("\"error\":\"none\""), series);
                assertNear(batches.delta("http_server_requests_cpu_unmeasured_total", "/virtual-pool")
                        / batches.delta("http_server_requests_seconds_count", "/virtual-pool"), only(unmeasured), "/virtual-pool", unmeasured);
                assertEquals(1.0, only(unmeasured), RATE_TOLERANCE, "each request there has a virtual-thread stretch");
            }
            for (String uri : URIS) {
                double wall = batches.delta("http_server_requests_seconds_sum", uri);
                assertNear(batches.delta(CPU + "_sum", uri) / batches.delta(CPU + "_count", uri), ofUri(perRequest, uri), uri, perRequest);
                assertNear(batches.delta(CPU + "_sum", uri) / wall, ofUri(cpuPerWall, uri), uri, cpuPerWall);
                assertNear(batches.delta("http_server_requests_cpu_covered_seconds_sum", uri) / wall, ofUri(covered, uri), uri, covered);
                if (Counters.threadTimes().getInfo().hasKernelUserSplit()) {
                    assertNear(batches.delta("http_server_requests_cpu_kernel_seconds_sum", uri) / batches.delta(CPU + "_sum", uri),
                            ofUri(kernel, uri), uri, kernel);
                }
            }
            assertTrue(ofUri(perRequest, "/heavy") > 10 * ofUri(perRequest, "/sleep"), perRequest.toString());
            assertTrue(ofUri(covered, "/hop") > 0.5, "the Callable's thread is covered too: " + covered);
            if (Counters.processTimes().getInfo().hasKernelUserSplit()) {
                double split = only(prometheus.query(PROCESS_SPLIT));
                double total = only(prometheus.query(PROCESS_TOTAL));
                System.out.println("PromQL, process: kernel + user " + split + " s/s, process_cpu_time_ns_total " + total + " s/s");
                assertTrue(split > 0.7 * total && split < 1.3 * total, "kernel + user " + split + " s/s against the total's " + total);
            }
        }
    }

    @Test
    void theSemanticConventionsQueriesReadEachRequestOnce(@TempDir Path dir) throws Exception {
        Assumptions.assumeTrue(Counters.threadTimes().getInfo().hasKernelUserSplit(), "no kernel/user split here: no cpu.mode");
        String renamed = "http_server_requests_cpu_time_seconds";
        try (RunningApplication app = RunningApplication.start("counters.cpu.observation.naming=semantic-conventions");
                Batches batches = Batches.sent(app, dir, renamed + "_count")) {
            PrometheusServer prometheus = batches.prometheus();
            Map<String, Double> perRequest = prometheus.query(SEMCONV_PER_REQUEST);
            Map<String, Double> kernel = prometheus.query(SEMCONV_KERNEL_SHARE);
            System.out.println("PromQL, semantic conventions: per request " + perRequest + "\n  kernel share " + kernel);
            for (String uri : URIS) {
                double requests = batches.delta(renamed + "_count", uri, "cpu_mode=\"user\"");
                assertNear(batches.delta(renamed + "_sum", uri) / requests, ofUri(perRequest, uri), uri, perRequest);
                assertNear(batches.delta(renamed + "_sum", uri, "cpu_mode=\"system\"") / batches.delta(renamed + "_sum", uri),
                        ofUri(kernel, uri), uri, kernel);
            }
            assertTrue(ofUri(perRequest, "/heavy") >= 0.030 * 0.95, "a /heavy request burns 30 ms: " + perRequest);
        }
    }

    /**
     * The application's scrapes before and after the second batch of requests, the one the
     * {@code rate()}s see, and the Prometheus that sampled it.
     */
    private record Batches(PrometheusServer prometheus, Map<String, Double> before, Map<String, Double> after)
            implements AutoCloseable {
        /**
         * Requests and the application's scrape once it holds them; then Prometheus, started only now
         * so that its first samples hold that first batch whole; more requests, the application's
         * scrape again, and Prometheus's samples of them: so each {@code rate()} spans the second batch.
         */
        static Batches sent(RunningApplication app, Path dir, String counted) throws Exception {
            String[] paths = URIS.stream().map(uri -> uri + "?ms=30").toArray(String[]::new);
            String[] uris = URIS.toArray(new String[0]);
            concurrently(2, 1, app, paths);
            Map<String, Double> before = app.scrapeHolding(2, uris);
            PrometheusServer prometheus = PrometheusServer.start(dir, app.port);
            try {
                String selected = "sum(" + counted + "{uri=~\"" + String.join("|", URIS) + "\"})";
                double first = ofUris(before, counted);
                prometheus.await(selected, results -> results.values().stream().anyMatch(n -> n == first));
                concurrently(2, 3, app, paths);
                Map<String, Double> after = app.scrapeHolding(2 + 2 * 3, uris);
                double sent = ofUris(after, counted);
                prometheus.await(selected, results -> results.values().stream().anyMatch(n -> n == sent));
                Thread.sleep(4_000);   // samples after the batch too, so the rates' extrapolation stays small beside the window
                return new Batches(prometheus, before, after);
            } catch (Throwable e) {
                try {
                    prometheus.close();
                } catch (InterruptedException closing) {
                    e.addSuppressed(closing);
                }
                throw e;
            }
        }

        double delta(String series, String uri, String... labels) {
            List<String> all = new ArrayList<>(List.of(labels));
            all.add("uri=\"" + uri + "\"");
            String[] matching = all.toArray(new String[0]);
            return sum(after, series, matching) - sum(before, series, matching);
        }

        @Override
        public void close() throws Exception {
            prometheus.close();
        }
    }

    /** A series summed over the URIs the requests went to (each scrape adds one of its own, uri="/actuator/prometheus"). */
    private static double ofUris(Map<String, Double> scraped, String series) {
        double sum = 0;
        for (String uri : URIS) {
            sum += sum(scraped, series, "uri=\"" + uri + "\"");
        }
        return sum;
    }

    private static void assertNear(double expected, double queried, String uri, Map<String, Double> results) {
        assertEquals(expected, queried, Math.abs(expected) * RATE_TOLERANCE + 1e-9, uri + ": the scrapes say " + expected + ", PromQL " + results);
    }

    private static double only(Map<String, Double> results) {
        assertEquals(1, results.size(), results.toString());
        return results.values().iterator().next();
    }

    /** docs/, from this module's folder (the starter's, or counters-spring-boot4-tests'). */
    private static Path docs() {
        return Path.of("..", "docs").toAbsolutePath().normalize();
    }
}
