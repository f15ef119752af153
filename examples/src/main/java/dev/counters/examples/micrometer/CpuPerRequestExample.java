package dev.counters.examples.micrometer;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.counters.Counters;
import dev.counters.CpuTimesCounter;
import dev.counters.CpuTimesReadings;
import dev.counters.micrometer.CpuTimeObservationHandler;
import dev.counters.micrometer.ProcessCpuMetrics;
import dev.counters.scope.CounterScope;
import io.micrometer.core.instrument.binder.system.ProcessorMetrics;
import io.micrometer.core.instrument.observation.DefaultMeterObservationHandler;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationRegistry;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.HttpURLConnection;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * Which requests burn CPU, and how much of it in the kernel? A small HTTP service answers with
 * Micrometer: {@code /compute} computes for about 20 ms of CPU time, {@code /sleep} sleeps for
 * 20 ms. Both take about as long by the wall clock; only the CPU timers of
 * {@link CpuTimeObservationHandler} tell them apart.
 *
 * <p>The server (the JDK's {@code com.sun.net.httpserver}, on 127.0.0.1 and a port the system
 * picks) wraps each request in an {@link Observation} named {@value #OBSERVATION}, handled by
 * Micrometer's {@code DefaultMeterObservationHandler} (wall time) and by the CPU-time handler,
 * both recording into a Prometheus registry. The example puts requests through its own loopback
 * client, alternating the endpoints, then prints the Prometheus scrape text. Each request body is
 * also a named {@link CounterScope}: run with {@code -XX:StartFlightRecording:filename=requests.jfr}
 * and {@code jfr print --events dev.counters.Scope requests.jfr} shows one event per request.
 *
 * <pre>
 * java --enable-native-access=ALL-UNNAMED -cp 'examples/target/classes:examples/target/lib/*' dev.counters.examples.micrometer.CpuPerRequestExample [requests per endpoint, default 100]
 * </pre>
 */
public final class CpuPerRequestExample {
    /** The observation's name; the meters are {@code example_request_seconds}, {@code example_request_cpu_seconds}, ... */
    static final String OBSERVATION = "example.request";
    static final Duration WORK = Duration.ofMillis(20);
    static final int DEFAULT_REQUESTS = 100;
    /** The client stops early, and says so, if the requests take longer than this. */
    static final Duration TIME_LIMIT = Duration.ofSeconds(60);

    private final PrometheusMeterRegistry meters = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
    private final ObservationRegistry observations = ObservationRegistry.create();

    CpuPerRequestExample() {
        observations.observationConfig()
                .observationHandler(new DefaultMeterObservationHandler(meters))
                .observationHandler(new CpuTimeObservationHandler(meters));
        new ProcessorMetrics().bindTo(meters);
        new ProcessCpuMetrics().bindTo(meters);
    }

    public static void main(String[] args) throws IOException {
        int requests = args.length == 0 ? DEFAULT_REQUESTS : requestsFrom(args[0]);
        System.out.print(new CpuPerRequestExample().run(requests));
    }

    /** Serves, puts {@code requestsPerEndpoint} requests to each endpoint through the loopback client, and returns the scrape text. */
    String run(int requestsPerEndpoint) throws IOException {
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        ExecutorService workers = Executors.newFixedThreadPool(2);
        server.setExecutor(workers);
        server.createContext("/compute", exchange -> serve(exchange, "/compute", CpuPerRequestExample::compute));
        server.createContext("/sleep", exchange -> serve(exchange, "/sleep", CpuPerRequestExample::sleep));
        server.start();
        try {
            String base = "http://127.0.0.1:" + server.getAddress().getPort();
            long deadline = System.nanoTime() + TIME_LIMIT.toNanos();
            for (int i = 0; i < requestsPerEndpoint; i++) {
                if (System.nanoTime() > deadline) {
                    System.err.println("stopped after " + i + " requests per endpoint: the time limit of " + TIME_LIMIT + " passed");
                    break;
                }
                get(base + "/compute");
                get(base + "/sleep");
            }
        } finally {
            server.stop(0);
            workers.shutdown();
        }
        return meters.scrape();
    }

    @SuppressWarnings("try")                    // the scope is there to be closed: its body never names it
    private void serve(HttpExchange exchange, String uri, Runnable work) throws IOException {
        Observation.createNotStarted(OBSERVATION, observations)
                .lowCardinalityKeyValue("uri", uri)
                .observe(() -> {
                    try (CounterScope<CpuTimesReadings> scope = CounterScope.start(uri, Counters.threadTimes())) {
                        work.run();
                    }
                });
        byte[] body = "ok\n".getBytes(StandardCharsets.US_ASCII);
        exchange.sendResponseHeaders(200, body.length);
        exchange.getResponseBody().write(body);
        exchange.close();
    }

    /** Computes until this thread has used {@link #WORK} of CPU time, by its own CPU clock. */
    private static void compute() {
        CpuTimesCounter cpu = Counters.threadTimes();
        cpu.start();
        long x = System.nanoTime();
        do {
            for (int i = 0; i < 100_000; i++) {
                x = x * 6364136223846793005L + 1442695040888963407L;
            }
            cpu.stop();
        } while (cpu.getNanoseconds() < WORK.toNanos());
        if (x == 42) {
            System.out.print(""); // keeps the loop's result alive
        }
    }

    private static void sleep() {
        try {
            Thread.sleep(WORK.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void get(String url) {
        try {
            HttpURLConnection connection = (HttpURLConnection) new URL(url).openConnection();
            connection.setConnectTimeout((int) TimeUnit.SECONDS.toMillis(10));
            connection.setReadTimeout((int) TimeUnit.SECONDS.toMillis(10));
            int status = connection.getResponseCode();
            try (InputStream body = connection.getInputStream()) {
                body.readAllBytes();
            }
            if (status != 200) {
                throw new IllegalStateException(url + " answered " + status);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("GET " + url + " failed", e);
        }
    }

    private static int requestsFrom(String argument) {
        try {
            int requests = Integer.parseInt(argument.trim());
            if (requests >= 1 && requests <= 10_000) {
                return requests;
            }
        } catch (NumberFormatException e) {
            // the message below says what is accepted
        }
        throw new IllegalArgumentException("requests per endpoint must be a whole number from 1 to 10000, not '" + argument + "'");
    }
}
