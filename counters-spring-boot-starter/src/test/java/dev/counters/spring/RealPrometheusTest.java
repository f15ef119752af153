package dev.counters.spring;

import static dev.counters.spring.CountersStarterTest.concurrently;
import static dev.counters.spring.CountersStarterTest.perRequest;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real Prometheus server (Debian's {@code prometheus} package, which .ci/run installs) scrapes the
 * application; PromQL over its HTTP API must give each endpoint's CPU seconds per request exactly as
 * the application's own scrape does. Skipped, saying so, where Prometheus is not installed outside CI.
 */
class RealPrometheusTest {
    private static final Pattern RESULT = Pattern.compile("\"uri\":\"([^\"]+)\"\\},\"value\":\\[[^,]+,\"([^\"]+)\"\\]");
    private static final String PER_REQUEST = "sum by (uri) (http_server_requests_cpu_seconds_sum{uri=~\"/heavy|/sleep|/kernel\"})"
            + " / sum by (uri) (http_server_requests_cpu_seconds_count{uri=~\"/heavy|/sleep|/kernel\"})";

    private final HttpClient client = HttpClient.newHttpClient();

    @Test
    void promQlOverARealPrometheusGivesTheScrapedCpuPerRequest(@TempDir Path dir) throws Exception {
        Path prometheus = prometheus();
        try (RunningApplication app = RunningApplication.start()) {
            concurrently(2, 3, app, "/heavy?ms=30", "/sleep?ms=30", "/kernel?ms=30");
            Map<String, Double> scraped = app.scrape();

            int port = freePort();
            Files.writeString(dir.resolve("prometheus.yml"), String.join("\n",
                    "global:",
                    "  scrape_interval: 1s",
                    "scrape_configs:",
                    "  - job_name: counters",
                    "    metrics_path: /actuator/prometheus",
                    "    static_configs:",
                    "      - targets: ['127.0.0.1:" + app.port + "']",
                    ""));
            Process server = new ProcessBuilder(prometheus.toString(),
                    "--config.file=" + dir.resolve("prometheus.yml"),
                    "--storage.tsdb.path=" + dir.resolve("data"),
                    "--web.listen-address=127.0.0.1:" + port)
                    .redirectErrorStream(true)
                    .redirectOutput(dir.resolve("prometheus.log").toFile())
                    .start();
            try {
                Map<String, Double> queried = awaitThreeEndpoints(port, dir);
                for (String uri : List.of("/heavy", "/sleep", "/kernel")) {
                    double expected = perRequest(scraped, "http_server_requests_cpu_seconds", uri);
                    assertEquals(expected, queried.get(uri), expected * 1e-9, uri + ": PromQL " + queried + ", scrape " + expected);
                }
                assertTrue(queried.get("/heavy") > 10 * queried.get("/sleep"), queried.toString());
            } finally {
                server.destroy();
                server.waitFor();
            }
        }
    }

    private Map<String, Double> awaitThreeEndpoints(int port, Path dir) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(90).toNanos();
        Map<String, Double> results = new HashMap<>();
        while (System.nanoTime() < deadline) {
            try {
                results = query(port, PER_REQUEST);
                if (results.size() == 3) {
                    return results;
                }
            } catch (IOException notYetListening) {
                // Prometheus is still starting
            }
            Thread.sleep(500);
        }
        return fail("Prometheus answered " + results + " after 90 s; its log:\n" + Files.readString(dir.resolve("prometheus.log")));
    }

    private Map<String, Double> query(int port, String promQl) throws IOException, InterruptedException {
        URI uri = URI.create("http://127.0.0.1:" + port + "/api/v1/query?query=" + URLEncoder.encode(promQl, StandardCharsets.UTF_8));
        String body = client.send(HttpRequest.newBuilder(uri).build(), HttpResponse.BodyHandlers.ofString()).body();
        Map<String, Double> results = new HashMap<>();
        Matcher result = RESULT.matcher(body);
        while (result.find()) {
            results.put(result.group(1), Double.parseDouble(result.group(2)));
        }
        return results;
    }

    /** Debian's Prometheus; in CI it must be there (.ci/run installs it), elsewhere the test is skipped without it. */
    private static Path prometheus() {
        Path installed = Path.of("/usr/bin/prometheus");
        if (!Files.isExecutable(installed)) {
            if ("true".equals(System.getenv("CI"))) {
                fail("CI must install Debian's prometheus package (.ci/run does): " + installed + " is missing");
            }
            Assumptions.abort("Prometheus is not installed (" + installed + "): `apt-get install prometheus` to run this test;"
                    + " .ci/run installs it");
        }
        return installed;
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }
}
