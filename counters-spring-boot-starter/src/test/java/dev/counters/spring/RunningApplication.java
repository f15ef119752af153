package dev.counters.spring;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

/** {@link CpuTestApplication} started on a free loopback port, with a client for it. */
final class RunningApplication implements AutoCloseable {
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
