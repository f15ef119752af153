package dev.counters.benchmarks;

import dev.counters.Counter;
import dev.counters.Counters;
import java.lang.management.ManagementFactory;
import java.time.Instant;

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
 * Nothing but the reading runs before it is over: no string is built, no clock but
 * {@code System.nanoTime()} is read, no class of the JDK's management is loaded.
 */
public final class FirstReading {
    private FirstReading() {}

    public static void main(String[] args) {
        long mainNanos = System.nanoTime();
        Counter counter = Counters.performance();
        counter.start();
        counter.stop();
        long ticks = counter.getPeriodCount();
        long readingNanos = System.nanoTime();

        Instant now = Instant.now();
        long nowNanos = System.nanoTime();
        long nowEpochNanos = now.getEpochSecond() * 1_000_000_000L + now.getNano();
        System.out.println("first_reading_ns=" + (readingNanos - mainNanos));
        System.out.println("main_epoch_ns=" + (nowEpochNanos - (nowNanos - mainNanos)));
        System.out.println("reading_epoch_ns=" + (nowEpochNanos - (nowNanos - readingNanos)));
        System.out.println("vm_start_epoch_ms=" + ManagementFactory.getRuntimeMXBean().getStartTime());
        System.out.println("ticks=" + ticks);
        System.out.println("provider=" + counter.getInfo().provider());
        System.out.println("binding=" + counter.getInfo().binding());
    }
}
