package dev.counters.benchmarks;

import dev.counters.Counter;
import dev.counters.Counters;
import dev.counters.spi.CounterProvider;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.lang.management.ManagementFactory;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;
import java.util.ServiceLoader;

/**
 * The program {@link StartupBenchmark} times in a fresh JVM: its {@code main} takes the process's
 * first reading, {@code Counters.performance()} started and stopped, and only then works out and
 * prints, one {@code key=value} a line, when that happened:
 *
 * <ul>
 *   <li>{@code first_reading_ns}: from {@code main}'s first statement to the end of the first reading
 *       ({@code System.nanoTime()}), which is what the library costs a fresh JVM;
 *   <li>{@code main_epoch_ns}, {@code reading_epoch_ns}: when {@code main} began and when the reading
 *       ended, on the wall clock ({@code Instant.now()} taken afterwards, less the {@code nanoTime()}
 *       elapsed since), for the launcher to subtract the instant it started this process;
 *   <li>{@code vm_start_epoch_ms}: the JVM's own start time ({@code RuntimeMXBean.getStartTime()},
 *       whole milliseconds, recorded early in the JVM's initialisation);
 *   <li>{@code provider}, {@code binding}: what served the reading.
 * </ul>
 *
 * <p>With the argument {@value #SERVICE_LOADER_ONLY} it takes no reading: it times only what any
 * registry of {@link CounterProvider}s must do first, {@link ServiceLoader} finding and creating every
 * provider on the class path (their {@code rank()} needs an instance), and reports that instead:
 * the floor beneath the first reading.
 *
 * <p>With the argument {@value #STAGES} it takes the reading in stages, each timed and reported as
 * {@code stage_<name>_ns} ({@link #STAGE_NAMES}), to show what the floor is made of: every stage costs what it
 * adds to those before it, and the report's {@code first_reading_ns} is their sum.
 *
 * Nothing but the reading runs before it is over: no string is built, no clock but
 * {@code System.nanoTime()} is read, no class of the JDK's management is loaded.
 */
public final class FirstReading {
    /** The argument that times {@link ServiceLoader} alone. */
    public static final String SERVICE_LOADER_ONLY = "--service-loader-only";

    /** The argument that times the reading in stages ({@link #STAGE_NAMES}). */
    public static final String STAGES = "--stages";

    /** A constant, so that initialising this class loads nothing from counters-api's jar before {@code main} starts timing. */
    private static final String SERVICE_FILE = "META-INF/services/dev.counters.spi.CounterProvider";

    /**
     * The stages of a first reading, in the order they run; each one's key in the report is
     * {@code stage_<name>_ns}. (Names, not an enum: the probe's timed path loads no class of its own.)
     *
     * <ol>
     *   <li>{@code first_jar}: a class of counters-api loaded: the class path's jars opened up to
     *       counters-api's (the first jar this JVM opens, so the JDK's zip and jar code starts too);
     *   <li>{@code boot_layer}: {@code getResources} of the service file from the platform and boot
     *       loaders: the JDK's own modules searched (its runtime image opened);
     *   <li>{@code class_path}: {@code getResources} of the service file from the application class
     *       loader: every jar of the class path opened;
     *   <li>{@code service_files}: every service file found read ({@code jar:} URL connections) and parsed;
     *   <li>{@code providers}: each listed provider class loaded and created by reflection;
     *   <li>{@code service_loader}: {@link ServiceLoader} finding and creating the providers again, all of
     *       the above warm: its own machinery;
     *   <li>{@code reading}: {@code Counters.performance()} started and stopped: the registry (one more,
     *       warm, ServiceLoader pass), its choice and the counter.
     * </ol>
     */
    static final String[] STAGE_NAMES = {"first_jar", "boot_layer", "class_path", "service_files", "providers", "service_loader", "reading"};

    private FirstReading() {}

    public static void main(String[] args) throws IOException, ReflectiveOperationException {
        long mainNanos = System.nanoTime();
        if (args.length > 0 && args[0].equals(STAGES)) {
            stages(mainNanos);
            return;
        }
        if (args.length > 0 && args[0].equals(SERVICE_LOADER_ONLY)) {
            int providers = 0;
            for (CounterProvider provider : ServiceLoader.load(CounterProvider.class)) {
                providers += provider.rank() == Integer.MIN_VALUE ? 0 : 1;
            }
            report(mainNanos, System.nanoTime(), providers, "ServiceLoader alone", providers + " providers");
            return;
        }
        Counter counter = Counters.performance();
        counter.start();
        counter.stop();
        long ticks = counter.getPeriodCount();
        report(mainNanos, System.nanoTime(), ticks, counter.getInfo().provider(), counter.getInfo().binding().toString());
    }

    /** The reading in stages ({@link #STAGE_NAMES}), reported one {@code stage_<name>_ns} a line after the usual report. */
    private static void stages(long mainNanos) throws IOException, ReflectiveOperationException {
        long[] ends = new long[STAGE_NAMES.length];
        int stage = 0;
        ClassLoader loader = ClassLoader.getSystemClassLoader();
        Class.forName("dev.counters.CounterKind", false, loader);
        ends[stage++] = System.nanoTime();
        for (Enumeration<URL> boot = ClassLoader.getPlatformClassLoader().getResources(SERVICE_FILE); boot.hasMoreElements(); ) {
            boot.nextElement();
        }
        ends[stage++] = System.nanoTime();
        List<URL> files = new ArrayList<>();
        for (Enumeration<URL> found = loader.getResources(SERVICE_FILE); found.hasMoreElements(); ) {
            files.add(found.nextElement());
        }
        ends[stage++] = System.nanoTime();
        List<String> names = new ArrayList<>();
        for (URL file : files) {
            try (BufferedReader lines = new BufferedReader(new InputStreamReader(file.openStream(), StandardCharsets.UTF_8))) {
                for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                    int comment = line.indexOf('#');
                    String name = (comment < 0 ? line : line.substring(0, comment)).trim();
                    if (!name.isEmpty()) {
                        names.add(name);
                    }
                }
            }
        }
        ends[stage++] = System.nanoTime();
        for (String name : names) {
            Class.forName(name, false, loader).getConstructor().newInstance();
        }
        ends[stage++] = System.nanoTime();
        for (CounterProvider provider : ServiceLoader.load(CounterProvider.class)) {
            provider.rank();
        }
        ends[stage++] = System.nanoTime();
        Counter counter = Counters.performance();
        counter.start();
        counter.stop();
        long ticks = counter.getPeriodCount();
        ends[stage] = System.nanoTime();
        report(mainNanos, ends[stage], ticks, counter.getInfo().provider(), counter.getInfo().binding().toString());
        long start = mainNanos;
        for (int i = 0; i < STAGE_NAMES.length; i++) {
            System.out.println("stage_" + STAGE_NAMES[i] + "_ns=" + (ends[i] - start));
            start = ends[i];
        }
    }

    private static void report(long mainNanos, long readingNanos, long ticks, String provider, String binding) {
        Instant now = Instant.now();
        long nowNanos = System.nanoTime();
        long nowEpochNanos = now.getEpochSecond() * 1_000_000_000L + now.getNano();
        System.out.println("first_reading_ns=" + (readingNanos - mainNanos));
        System.out.println("main_epoch_ns=" + (nowEpochNanos - (nowNanos - mainNanos)));
        System.out.println("reading_epoch_ns=" + (nowEpochNanos - (nowNanos - readingNanos)));
        System.out.println("vm_start_epoch_ms=" + ManagementFactory.getRuntimeMXBean().getStartTime());
        System.out.println("ticks=" + ticks);
        System.out.println("provider=" + provider);
        System.out.println("binding=" + binding);
    }
}
