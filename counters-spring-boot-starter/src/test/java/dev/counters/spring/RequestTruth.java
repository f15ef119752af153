package dev.counters.spring;

import io.micrometer.common.KeyValue;
import io.micrometer.observation.ObservationFilter;
import io.micrometer.observation.transport.RequestReplyReceiverContext;
import jakarta.servlet.http.HttpServletRequest;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.springframework.http.server.reactive.ServerHttpRequest;

/**
 * The per-request truth of the test applications: each request the test names (header
 * {@value #HEADER}) adds here the CPU its own code burned, on whichever thread ran it, read from that
 * thread's own clock; and a filter that tags the request's meters with the name, so that the test
 * reads each request's recorded CPU from the scrape and sets it beside the truth.
 */
final class RequestTruth {
    static final String HEADER = "X-Request-Id";
    /** The tag (and Prometheus label) of the request's name; {@code none} for a request the test did not name. */
    static final String TAG = "request_id";
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    private static final Map<String, AtomicLong> BURNED = new ConcurrentHashMap<>();
    private static volatile long sink;

    private RequestTruth() {}

    /** Computes until this thread has used {@code ms} of CPU; adds the CPU used to {@code request}'s truth and returns it. */
    static long burn(String request, int ms) {
        long start = cpuNanos();
        long until = start + ms * 1_000_000L;
        long x = sink;
        long now;
        do {
            for (int i = 0; i < 100_000; i++) {
                x = x * 6364136223846793005L + 1442695040888963407L;
            }
            now = cpuNanos();
        } while (now < until);
        sink = x;
        long used = now - start;
        if (request != null) {
            BURNED.computeIfAbsent(request, unused -> new AtomicLong()).addAndGet(used);
        }
        return used;
    }

    /** The CPU the code of {@code request} burned, in nanoseconds (0 for one that burned none). */
    static long of(String request) {
        AtomicLong burned = BURNED.get(request);
        return burned == null ? 0 : burned.get();
    }

    /** Whether this thread has a CPU clock the JDK reads (a virtual thread has none). */
    static boolean threadHasCpuClock() {
        return THREADS.getCurrentThreadCpuTime() >= 0;
    }

    /** This thread's CPU time; on a virtual thread, which has no CPU clock the JDK reads (-1), the wall clock. */
    static long cpuNanos() {
        long cpu = THREADS.getCurrentThreadCpuTime();
        return cpu >= 0 ? cpu : System.nanoTime();
    }

    /** Tags each server request's observation with the name the test gave it, servlet or reactive. */
    static ObservationFilter tagging() {
        return context -> {
            if (context instanceof RequestReplyReceiverContext<?, ?> && "http.server.requests".equals(context.getName())) {
                Object carrier = ((RequestReplyReceiverContext<?, ?>) context).getCarrier();
                String id = null;
                if (carrier instanceof HttpServletRequest) {
                    id = ((HttpServletRequest) carrier).getHeader(HEADER);
                } else if (carrier instanceof ServerHttpRequest) {
                    id = ((ServerHttpRequest) carrier).getHeaders().getFirst(HEADER);
                }
                context.addLowCardinalityKeyValue(KeyValue.of(TAG, id == null ? "none" : id));
            }
            return context;
        };
    }
}
