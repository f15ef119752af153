package dev.counters.examples.micrometer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.counters.Counters;
import java.util.HashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Runs the example and reads its Prometheus scrape text back: the computing endpoint costs about
 * 20 ms of CPU per request, the sleeping one almost none, and both take at least 20 ms of wall time.
 */
class CpuPerRequestExampleTest {
    private static final int REQUESTS = 20;
    private static final Pattern SAMPLE = Pattern.compile("^([a-z_]+)\\{([^}]*)\\} (\\S+)$", Pattern.MULTILINE);

    @Test
    void theScrapeShowsCpuPerRequestForComputingAndAlmostNoneForSleeping() throws Exception {
        Map<String, Double> samples = samples(new CpuPerRequestExample().run(REQUESTS));

        assertEquals(REQUESTS, samples.get("example_request_cpu_seconds_count /compute"));
        assertEquals(REQUESTS, samples.get("example_request_cpu_seconds_count /sleep"));
        assertEquals(REQUESTS, samples.get("example_request_seconds_count /compute"), "Micrometer's wall-clock timer too");

        double computeCpu = perRequestMillis(samples, "example_request_cpu_seconds", "/compute");
        double sleepCpu = perRequestMillis(samples, "example_request_cpu_seconds", "/sleep");
        double computeWall = perRequestMillis(samples, "example_request_seconds", "/compute");
        double sleepWall = perRequestMillis(samples, "example_request_seconds", "/sleep");
        String figures = "CPU " + computeCpu + " / " + sleepCpu + " ms, wall " + computeWall + " / " + sleepWall + " ms";
        // The compute loop stops at 20 ms by the same clock; a 10 ms tick of a coarse clock at most above that.
        assertTrue(computeCpu >= 19.9 && computeCpu < 40, figures);
        assertTrue(sleepCpu < 5, figures);
        assertTrue(computeWall >= computeCpu - 0.1 && sleepWall >= 19.9, figures);
        assertTrue(computeWall < 20 * sleepWall && sleepWall < 20 * computeWall, "wall times of one order: " + figures);
        if (Counters.threadTimes().getInfo().hasKernelUserSplit()) {
            double kernel = perRequestMillis(samples, "example_request_cpu_kernel_seconds", "/compute");
            double user = perRequestMillis(samples, "example_request_cpu_user_seconds", "/compute");
            assertEquals(computeCpu, kernel + user, 1e-6, "kernel " + kernel + " + user " + user);
        }
    }

    @Test
    void aBadRequestCountIsRefusedWithTheRange() {
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> CpuPerRequestExample.main(new String[] {"lots"}));
        assertTrue(refused.getMessage().contains("from 1 to 10000"), refused.getMessage());
    }

    private static double perRequestMillis(Map<String, Double> samples, String timer, String uri) {
        return 1000 * samples.get(timer + "_sum " + uri) / samples.get(timer + "_count " + uri);
    }

    /** Each sample with a uri label, keyed "metric uri". */
    private static Map<String, Double> samples(String scrape) {
        Map<String, Double> samples = new HashMap<>();
        Matcher sample = SAMPLE.matcher(scrape);
        Pattern uri = Pattern.compile("uri=\"([^\"]+)\"");
        while (sample.find()) {
            Matcher label = uri.matcher(sample.group(2));
            if (label.find()) {
                samples.put(sample.group(1) + " " + label.group(1), Double.parseDouble(sample.group(3)));
            }
        }
        assertTrue(samples.containsKey("example_request_cpu_seconds_sum /compute"), scrape);
        return samples;
    }
}
