package dev.counters.spring;

import static dev.counters.spring.PrometheusText.sum;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.micrometer.core.instrument.MeterRegistry;
import java.io.File;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * 64 clients at once, 100,000 requests in all: every request is measured on its own thread (none
 * lost, none unmeasured, no more CPU than wall time), and the process keeps no more threads, file
 * descriptors, heap or meters at the end than after the first 5%.
 */
class ManyRequestsTest {
    private static final int CLIENTS = 64;
    private static final int REQUESTS = Integer.getInteger("counters.many.requests", 100_000);
    private static final int WARM_UP = REQUESTS / 20;
    private static final String CPU = "http_server_requests_cpu_seconds";
    private static final String URI = "uri=\"/sleep\"";

    @Test
    void manyConcurrentRequestsAreEachMeasuredAndNothingGrows() throws Exception {
        try (RunningApplication app = RunningApplication.start()) {
            hit(app, WARM_UP);
            Footprint before = Footprint.take(app);
            hit(app, REQUESTS - WARM_UP);
            Footprint after = Footprint.take(app);
            Map<String, Double> scraped = app.scrapeHolding(REQUESTS, "/sleep");

            assertEquals(REQUESTS, sum(scraped, CPU + "_count", URI), "every request measured");
            assertEquals(0, sum(scraped, "http_server_requests_cpu_unmeasured_total", URI));
            assertTrue(sum(scraped, CPU + "_sum", URI) <= sum(scraped, "http_server_requests_seconds_sum", URI),
                    "no request used more CPU than wall time");
            String growth = REQUESTS + " requests: after " + WARM_UP + " " + before + "; at the end " + after;
            System.out.println(growth);
            assertTrue(after.threads <= before.threads + 16, growth);
            assertTrue(after.fileDescriptors <= before.fileDescriptors + 32, growth);
            assertTrue(after.heapBytes <= before.heapBytes + (64 << 20), growth);
            assertEquals(before.meters, after.meters, growth);
        }
    }

    /** {@code requests} GETs of a request that does nothing, from {@link #CLIENTS} clients at once. */
    private static void hit(RunningApplication app, int requests) throws Exception {
        AtomicInteger left = new AtomicInteger(requests);
        ExecutorService clients = Executors.newFixedThreadPool(CLIENTS);
        try {
            List<Future<?>> done = new ArrayList<>();
            for (int client = 0; client < CLIENTS; client++) {
                done.add(clients.submit(() -> {
                    while (left.getAndDecrement() > 0) {
                        app.get("/sleep?ms=0");
                    }
                    return null;
                }));
            }
            for (Future<?> each : done) {
                each.get(10, TimeUnit.MINUTES);
            }
        } finally {
            clients.shutdown();
        }
    }

    /** What the process holds: threads, open files, heap after a collection, meters. */
    private static final class Footprint {
        private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
        private static final MemoryMXBean MEMORY = ManagementFactory.getMemoryMXBean();

        final int threads;
        final int fileDescriptors;
        final long heapBytes;
        final int meters;

        private Footprint(int threads, int fileDescriptors, long heapBytes, int meters) {
            this.threads = threads;
            this.fileDescriptors = fileDescriptors;
            this.heapBytes = heapBytes;
            this.meters = meters;
        }

        static Footprint take(RunningApplication app) throws InterruptedException {
            System.gc();
            Thread.sleep(200);
            String[] fds = new File("/proc/self/fd").list();
            return new Footprint(THREADS.getThreadCount(), fds == null ? 0 : fds.length,
                    MEMORY.getHeapMemoryUsage().getUsed(), requestAndCpuMeters(app.bean(MeterRegistry.class)));
        }

        /**
         * The meters of requests and CPU time: the ones a leak of ours would multiply. Not the JVM's own,
         * which may add one of their own at any time (System.gc() above makes a jvm.gc.pause meter for its
         * cause when the collection's notification arrives, which CI once saw after the first count).
         */
        private static int requestAndCpuMeters(MeterRegistry registry) {
            return (int) registry.getMeters().stream()
                    .map(meter -> meter.getId().getName())
                    .filter(name -> name.startsWith("http.server.requests") || name.contains(".cpu"))
                    .count();
        }

        @Override
        public String toString() {
            return threads + " threads, " + fileDescriptors + " fds, " + (heapBytes >> 20) + " MiB heap, " + meters + " meters";
        }
    }
}
