package dev.counters.examples.library;

import static java.util.Objects.requireNonNull;

import dev.counters.Counter;
import java.time.Duration;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.BiConsumer;
import java.util.function.Supplier;

/**
 * An inverted index of words, standing for any library that wants to report how long its operations
 * take. It names no platform and no clock: the caller passes a supplier of counters (one counter per
 * operation, so that the index may be used from several threads, as a counter belongs to one thread)
 * and a listener that gets each operation's name and time. {@code Counters::performance} gives wall
 * time, {@code Counters::threadTimes} the CPU time of the calling thread; the platform module the
 * application puts on its class path serves either.
 *
 * <pre>{@code
 * WordIndex index = new WordIndex(Counters::threadTimes, (operation, cpu) -> log(operation, cpu));
 * }</pre>
 *
 * <p>Not thread-safe as an index (it is an example); its timing is.
 */
public final class WordIndex {
    /** The operation names the listener and {@link #timings()} see. */
    public static final String ADD = "add", FIND = "find";

    private final Supplier<? extends Counter> counters;
    private final BiConsumer<String, Duration> listener;
    private final Map<String, Set<Integer>> postings = new HashMap<>();
    private final Map<String, OperationTimes> timings = new TreeMap<>();
    private int documents;

    /** How many times an operation ran, and its total time by the caller's counter. */
    public record OperationTimes(long count, long totalNanoseconds) {
        OperationTimes plus(long nanoseconds) {
            return new OperationTimes(count + 1, totalNanoseconds + nanoseconds);
        }
    }

    /**
     * @param counters a new counter for each operation, e.g. {@code Counters::threadTimes}
     * @param listener told the name and time of each operation as it ends, e.g. to record a metric
     */
    public WordIndex(Supplier<? extends Counter> counters, BiConsumer<String, Duration> listener) {
        this.counters = requireNonNull(counters, "counters is null; pass e.g. Counters::performance");
        this.listener = requireNonNull(listener, "listener is null; pass (operation, time) -> {} to ignore the timings");
    }

    /** Indexes {@code text} as the next document and returns its number, from 0. */
    public int add(String text) {
        Counter counter = counters.get();
        counter.start();
        int document = documents++;
        for (String word : text.toLowerCase(Locale.ROOT).split("\\W+")) {
            if (!word.isEmpty()) {
                postings.computeIfAbsent(word, w -> new TreeSet<>()).add(document);
            }
        }
        counter.stop();
        record(ADD, counter);
        return document;
    }

    /** The documents that hold every one of {@code words}, in order. */
    public List<Integer> find(String... words) {
        Counter counter = counters.get();
        counter.start();
        Set<Integer> found = null;
        for (String word : words) {
            Set<Integer> having = postings.getOrDefault(word.toLowerCase(Locale.ROOT), Set.of());
            if (found == null) {
                found = new TreeSet<>(having);
            } else {
                found.retainAll(having);
            }
        }
        List<Integer> result = found == null ? List.of() : List.copyOf(found);
        counter.stop();
        record(FIND, counter);
        return result;
    }

    /** Each operation's count and total time so far, by operation name. */
    public Map<String, OperationTimes> timings() {
        return Collections.unmodifiableMap(new TreeMap<>(timings));
    }

    private void record(String operation, Counter counter) {
        long nanoseconds = counter.getNanoseconds();
        timings.merge(operation, new OperationTimes(1, nanoseconds), (sum, one) -> sum.plus(nanoseconds));
        listener.accept(operation, Duration.ofNanos(nanoseconds));
    }
}
