package dev.counters.posix;

import dev.counters.Counter;
import dev.counters.CounterKind;
import dev.counters.CounterRegistry;
import dev.counters.Counters;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * Prints, one {@code key=value} per line, what this JVM holds from the kernel (open descriptors,
 * anonymous executable pages) at each stage: before the registry exists, once it has decided who serves every kind
 * (which loads the native layers), after {@link Counters#available()} twice, and after a counter of
 * each cycle kind is created. Run in a fresh JVM by {@link AvailableTest}, which checks against the
 * kernel's own accounting that describing the kinds holds nothing that creating them does.
 */
public final class KindResources {
    private static final Path DESCRIPTORS = Path.of("/proc/self/fd");
    private static final Path MAPS = Path.of("/proc/self/maps");

    private KindResources() {}

    public static void main(String[] args) throws IOException {
        print("start");
        CounterRegistry registry = CounterRegistry.systemDefault();
        for (CounterKind kind : CounterKind.values()) {
            System.out.println("served." + kind + "=" + registry.providerFor(kind).orElse("none"));
        }
        print("decided");
        System.out.println("available.kinds=" + Counters.available().size());
        print("available");
        Counters.available();
        print("again");
        List<Counter> held = new ArrayList<>();
        for (CounterKind kind : List.of(CounterKind.THREAD_CYCLES, CounterKind.CPU_CYCLES)) {
            if (registry.providerFor(kind).isPresent()) {
                held.add(registry.create(kind));
                print("created." + kind);
            }
        }
        // Reachable until here, so that no Cleaner closes a counter's descriptor while counting.
        System.out.println("held=" + held.size());
    }

    private static void print(String stage) throws IOException {
        List<String> open = descriptors();
        System.out.println(stage + ".descriptors=" + open.size());
        System.out.println(stage + ".open=" + String.join(" ", open));
        System.out.println(stage + ".executablePages=" + anonymousExecutablePages());
    }

    /** What each open descriptor refers to: a file, a pipe, {@code anon_inode:[perf_event]}. */
    private static List<String> descriptors() throws IOException {
        try (Stream<Path> open = Files.list(DESCRIPTORS)) {
            List<String> targets = new ArrayList<>();
            for (Path descriptor : open.toList()) {
                try {
                    targets.add(Files.readSymbolicLink(descriptor).toString());
                } catch (IOException closedMeanwhile) {
                    // the listing's own descriptor, closed once the listing was read
                }
            }
            return targets.stream().sorted().toList();
        }
    }

    /**
     * Read-execute mappings backed by no file, as the cycle reader's W^X page is (the JIT's code cache
     * is read-write-execute, and libraries are backed by their files).
     */
    private static long anonymousExecutablePages() throws IOException {
        return Files.readAllLines(MAPS).stream()
                .map(line -> line.trim().split("\\s+"))
                .filter(fields -> fields[1].equals("r-xp") && fields.length < 6)
                .count();
    }
}
