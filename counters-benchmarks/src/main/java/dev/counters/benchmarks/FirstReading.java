package dev.counters.benchmarks;

import dev.counters.Counter;
import dev.counters.Counters;
import dev.counters.spi.CounterProvider;
import java.lang.management.ManagementFactory;
import java.time.Instant;
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
 * Nothing but the reading runs before it is over: no string is built, no clock but
 * {@code System.nanoTime()} is read, no class of the JDK's management is loaded.
 */
public final class FirstReading {
    /** The argument that times {@link ServiceLoader} alone. */
    public static final String SERVICE_LOADER_ONLY = "--service-loader-only";

    private FirstReading() {}

    public static void main(String[] args) {
        long mainNanos = System.nanoTime();
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
        report(mainNanos, System.nanoTime(), ticks, counter.getInfo().provider(), counter.getInfo().binding());
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
