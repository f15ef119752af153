package dev.counters.spring;

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
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assumptions;

/**
 * A real Prometheus server (Debian's {@code prometheus} package, which .ci/run installs) scraping an
 * application four times a second, and PromQL over its HTTP API. Skipped, saying so, where Prometheus is not
 * installed outside CI.
 */
final class PrometheusServer implements AutoCloseable {
    private static final Pattern RESULT = Pattern.compile("\\{\"metric\":\\{([^}]*)\\},\"value\":\\[[^,]+,\"([^\"]+)\"\\]");
    private final HttpClient client = HttpClient.newHttpClient();
    private final Process server;
    private final Path dir;
    private final int port;

    private PrometheusServer(Process server, Path dir, int port) {
        this.server = server;
        this.dir = dir;
        this.port = port;
    }

    /** Starts Prometheus in {@code dir}, scraping the application on {@code appPort} four times a second. */
    static PrometheusServer start(Path dir, int appPort) throws IOException {
        Path prometheus = installed();
        int port = freePort();
        Files.writeString(dir.resolve("prometheus.yml"), String.join("\n",
                "global:",
                "  scrape_interval: 250ms",
                "scrape_configs:",
                "  - job_name: counters",
                "    metrics_path: /actuator/prometheus",
                "    static_configs:",
                "      - targets: ['127.0.0.1:" + appPort + "']",
                ""));
        Process server = new ProcessBuilder(prometheus.toString(),
                "--config.file=" + dir.resolve("prometheus.yml"),
                "--storage.tsdb.path=" + dir.resolve("data"),
                "--web.listen-address=127.0.0.1:" + port)
                .redirectErrorStream(true)
                .redirectOutput(dir.resolve("prometheus.log").toFile())
                .start();
        return new PrometheusServer(server, dir, port);
    }

    /** Queries until the answer satisfies {@code done} (90 s at most): each result's labels (as Prometheus writes them) and value. */
    Map<String, Double> await(String promQl, Predicate<Map<String, Double>> done) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(90).toNanos();
        Map<String, Double> results = Map.of();
        while (System.nanoTime() < deadline) {
            try {
                results = query(promQl);
                if (done.test(results)) {
                    return results;
                }
            } catch (IOException notYetListening) {
                // Prometheus is still starting
            }
            Thread.sleep(200);
        }
        return fail("Prometheus answered " + results + " to " + promQl + " after 90 s; its log:\n"
                + Files.readString(dir.resolve("prometheus.log")));
    }

    /** The instant query's results: each result's labels (as Prometheus writes them, e.g. {@code "uri":"/heavy"}) and value. */
    Map<String, Double> query(String promQl) throws IOException, InterruptedException {
        URI uri = URI.create("http://127.0.0.1:" + port + "/api/v1/query?query=" + URLEncoder.encode(promQl, StandardCharsets.UTF_8));
        String body = client.send(HttpRequest.newBuilder(uri).build(), HttpResponse.BodyHandlers.ofString()).body();
        Map<String, Double> results = new LinkedHashMap<>();
        Matcher result = RESULT.matcher(body);
        while (result.find()) {
            results.put(result.group(1), Double.parseDouble(result.group(2)));
        }
        return results;
    }

    /** The result of {@code uri}, from a query grouped by uri. */
    static double ofUri(Map<String, Double> results, String uri) {
        Double value = results.get("\"uri\":\"" + uri + "\"");
        return value == null ? fail("no result for uri " + uri + " in " + results) : value;
    }

    @Override
    public void close() throws InterruptedException {
        server.destroy();
        server.waitFor();
    }

    /** Debian's Prometheus; in CI it must be there (.ci/run installs it), elsewhere the test is skipped without it. */
    private static Path installed() {
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
