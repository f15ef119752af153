package dev.counters.spring;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Executors;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

/** {@link CpuTestApplication} started on a free loopback port, with a client for it. */
final class RunningApplication implements AutoCloseable {
    private static final String WALL_COUNT = "http_server_requests_seconds_count";
    private final ConfigurableApplicationContext context;
    /** A fixed set of client threads, so a count of the process's threads says what the server keeps. */
    private final HttpClient client = HttpClient.newBuilder()
            .connectTimeout(Duration.ofSeconds(10))
            .executor(Executors.newFixedThreadPool(4, work -> {
                Thread thread = new Thread(work, "http-client");
                thread.setDaemon(true);
                return thread;
            }))
            .build();
    final int port;

    private RunningApplication(ConfigurableApplicationContext context) {
        this.context = context;
        this.port = Integer.parseInt(context.getEnvironment().getProperty("local.server.port"));
    }

    /** Starts the application with {@code properties} on top of a free loopback port and the Prometheus endpoint. */
    static RunningApplication start(String... properties) {
        return new RunningApplication(builder(CpuTestApplication.class, properties).run());
    }

    /** Starts {@link ReactiveTestApplication} (WebFlux on Netty) the same way. */
    static RunningApplication startReactive(String... properties) {
        return new RunningApplication(builder(ReactiveTestApplication.class, properties).web(WebApplicationType.REACTIVE).run());
    }

    private static SpringApplicationBuilder builder(Class<?> application, String... properties) {
        List<String> all = new ArrayList<>(List.of(
                "server.port=0",
                "server.address=127.0.0.1",
                "management.endpoints.web.exposure.include=prometheus",
                "spring.main.banner-mode=off",
                // Tomcat's pool at its full size from the start: a thread count that grows is then a leak.
                "server.tomcat.threads.max=64",
                "server.tomcat.threads.min-spare=64"));
        all.addAll(List.of(properties));
        // For figures without one of the starter's steps (e.g. counters.cpu.propagation.task-executor=false): the
        // tests print their per-request report before they assert.
        String extra = System.getProperty("counters.test.extra-properties", "");
        if (!extra.isBlank()) {
            all.addAll(List.of(extra.split(";")));
        }
        return new SpringApplicationBuilder(application).properties(all.toArray(new String[0]));
    }

    /** GETs {@code path} and returns the body; fails unless the answer is 200. */
    String get(String path) throws IOException, InterruptedException {
        return get(path, null);
    }

    /** GETs {@code path} as the request the test names {@code id} (none if null); fails unless the answer is 200. */
    String get(String path, String id) throws IOException, InterruptedException {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path)).timeout(Duration.ofSeconds(60));
        if (id != null) {
            request.header(RequestTruth.HEADER, id);
        }
        HttpResponse<String> response = client.send(request.build(), HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() != 200) {
            throw new IOException("GET " + path + " answered " + response.statusCode() + ": " + response.body());
        }
        return response.body();
    }

    /** The Prometheus endpoint, parsed. */
    Map<String, Double> scrape() throws IOException, InterruptedException {
        return PrometheusText.parse(get("/actuator/prometheus"));
    }

    /** {@link #scrapeHolding(Map)} with {@code requests} answered on each of {@code uris}. */
    Map<String, Double> scrapeHolding(int requests, String... uris) throws IOException, InterruptedException {
        Map<String, Integer> answered = new LinkedHashMap<>();
        for (String uri : uris) {
            answered.put(uri, requests);
        }
        return scrapeHolding(answered);
    }

    /**
     * The Prometheus endpoint once it holds the requests answered on each URI of {@code answered}
     * (the URI's requests, counted by the test): an observation stops after its response is written
     * (an async request's when its dispatch ends), so a scrape right after the last answer may miss
     * the last requests. It waits, at most 30 s, until each URI's wall-time count is its figure and
     * the URIs' series stood still between two scrapes; a count that never comes fails, saying so.
     */
    Map<String, Double> scrapeHolding(Map<String, Integer> answered) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        Map<String, Double> previous = Map.of();
        while (true) {
            Map<String, Double> scraped = scrape();
            Map<String, Double> ofUris = new TreeMap<>();
            scraped.forEach((series, value) -> {
                if (answered.keySet().stream().anyMatch(uri -> series.contains("uri=\"" + uri + "\""))) {
                    ofUris.put(series, value);
                }
            });
            Map<String, Double> counted = new LinkedHashMap<>();
            answered.keySet().forEach(uri -> counted.put(uri, PrometheusText.sum(scraped, WALL_COUNT, "uri=\"" + uri + "\"")));
            boolean all = answered.entrySet().stream().allMatch(uri -> counted.get(uri.getKey()) == uri.getValue().doubleValue());
            if (all && ofUris.equals(previous)) {
                return scraped;
            }
            if (System.nanoTime() > deadline) {
                throw new AssertionError("the application's scrape did not come to the requests answered " + answered
                        + " in 30 s: " + WALL_COUNT + " " + counted);
            }
            previous = all ? ofUris : Map.of();
            Thread.sleep(200);
        }
    }

    /** The starter's start-up line. */
    String startupLine() {
        return context.getBean(StartupReport.class).line();
    }

    <T> T bean(Class<T> type) {
        return context.getBean(type);
    }

    @Override
    public void close() {
        context.close();
    }
}
