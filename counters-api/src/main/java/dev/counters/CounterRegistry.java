package dev.counters;

import static java.util.Objects.requireNonNull;

import com.google.common.collect.ImmutableList;
import dev.counters.spi.CounterProvider;
import dev.counters.spi.KindSupport;
import dev.counters.spi.ServiceProviders;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.Set;

/**
 * The providers found on this platform, ranked, and the choice of the best one per kind.
 * {@link Counters} is the static face of the {@linkplain #systemDefault() default registry};
 * build one with {@link #of} to inject a chosen set of providers (in tests, say).
 *
 * <p>A provider that fails to load (a native library missing, a class that cannot link) does
 * not break selection: it is listed in {@link #providers()} with the reason, and the next best
 * provider serves its kinds.
 */
public final class CounterRegistry {
    private static final List<CounterKind> CPU_TIMES_KINDS =
            Arrays.stream(CounterKind.values()).filter(CounterKind::isCpuTimes).toList();

    private final ImmutableList<CounterProvider> providers;
    private final ImmutableList<ProviderReport> reports;

    private CounterRegistry(List<CounterProvider> providers, List<ProviderReport> loadFailures) {
        this.providers = providers.stream()
                .sorted(Comparator.comparingInt(CounterProvider::rank).reversed())
                .collect(ImmutableList.toImmutableList());
        ImmutableList.Builder<ProviderReport> all = ImmutableList.builder();
        for (CounterProvider provider : this.providers) {
            all.add(ProviderReport.of(provider));
        }
        this.reports = all.addAll(loadFailures).build();
    }

    /** The registry of every provider {@link ServiceLoader} finds, built once per process. */
    public static CounterRegistry systemDefault() {
        return DefaultHolder.INSTANCE;
    }

    /** A registry of exactly these providers. */
    public static CounterRegistry of(List<? extends CounterProvider> providers) {
        return new CounterRegistry(ImmutableList.copyOf(providers), ImmutableList.of());
    }

    /** Loads every provider on the module or class path; a provider that fails to load is reported, not fatal. */
    static CounterRegistry load(ServiceLoader<CounterProvider> loader) {
        ServiceProviders<CounterProvider> found = ServiceProviders.load(loader);
        List<ProviderReport> failures = new ArrayList<>();
        for (ServiceProviders.Failure failure : found.failures()) {
            failures.add(ProviderReport.failedToLoad(failure.type(), failure.error()));
        }
        return new CounterRegistry(found.providers(), failures);
    }

    /** A new counter of {@code kind} from the best provider that serves it here. */
    public Counter create(CounterKind kind) {
        requireNonNull(kind, "kind is null; pass one of " + List.of(CounterKind.values()));
        for (CounterProvider provider : providers) {
            if (provider.support(kind).isSupported()) {
                return provider.create(kind);
            }
        }
        throw new UnsupportedOperationException(unsupportedMessage(kind));
    }

    /** A new CPU-times counter of {@code kind} ({@link CounterKind#THREAD_TIMES} or {@link CounterKind#PROCESS_TIMES}). */
    public CpuTimesCounter createCpuTimes(CounterKind kind) {
        requireNonNull(kind, "kind is null; pass one of " + CPU_TIMES_KINDS);
        if (!kind.isCpuTimes()) {
            throw new IllegalArgumentException(kind + " does not measure CPU time; use THREAD_TIMES or PROCESS_TIMES");
        }
        return (CpuTimesCounter) create(kind);
    }

    /** Which provider serves {@code kind} here, if any. */
    public java.util.Optional<String> providerFor(CounterKind kind) {
        for (CounterProvider provider : providers) {
            if (provider.support(kind).isSupported()) {
                return java.util.Optional.of(provider.name());
            }
        }
        return java.util.Optional.empty();
    }

    /** The description of every kind served here, by its best provider, in {@link CounterKind} order. */
    public List<CounterInfo> available() {
        ImmutableList.Builder<CounterInfo> infos = ImmutableList.builder();
        for (CounterKind kind : CounterKind.values()) {
            if (providerFor(kind).isPresent()) {
                infos.add(create(kind).getInfo());
            }
        }
        return infos.build();
    }

    /** Every provider found, best first, with what it serves and why it does not serve the rest; then those that failed to load. */
    public List<ProviderReport> providers() {
        return reports;
    }

    private String unsupportedMessage(CounterKind kind) {
        StringBuilder message = new StringBuilder()
                .append("No provider serves ").append(kind).append(" counters on ").append(platform()).append('.');
        Set<String> loaded = new HashSet<>();
        for (ProviderReport report : reports) {
            message.append(' ').append(report.name()).append(": ").append(report.reasonFor(kind)).append('.');
            if (report.isLoaded()) {
                loaded.add(report.name());
            }
        }
        return message.append(' ').append(advice(kind, System.getProperty("os.name", ""), loaded)).toString();
    }

    static String platform() {
        return System.getProperty("os.name") + "/" + System.getProperty("os.arch");
    }

    /** The module that serves {@code kind} on this operating system, for a user to add. */
    static String moduleToAdd(CounterKind kind) {
        return moduleToAdd(kind, System.getProperty("os.name", ""));
    }

    /**
     * The module that would serve {@code kind} on the operating system named {@code osName} (as
     * {@code os.name} says it): the platform module, which serves the cycle kinds too.
     */
    static String moduleToAdd(CounterKind kind, String osName) {
        requireNonNull(kind, "kind");
        return isWindows(osName) ? "dev.counters:counters-windows" : "dev.counters:counters-posix (Linux, macOS, FreeBSD)";
    }

    /**
     * What to do about {@code kind} going unserved on {@code osName}, given the providers that
     * {@code loaded}: add the platform module only when it is the missing piece; say plainly when
     * the platform can never serve the kind; otherwise point at the reasons already given.
     */
    static String advice(CounterKind kind, String osName, Set<String> loaded) {
        if (kind == CounterKind.PROCESS_CYCLES && osName.toLowerCase(Locale.ROOT).startsWith("linux")) {
            return "Linux has no counter of the cycles of all a process's threads, so no module can serve PROCESS_CYCLES"
                    + " here: count THREAD_CYCLES on each thread, or use PROCESS_TIMES for the process's CPU time.";
        }
        String platformProvider = isWindows(osName) ? "windows" : "posix";
        if (loaded.contains(platformProvider)) {
            return "The platform module (" + platformProvider + ") is loaded and says above why it cannot serve " + kind
                    + " here; no other module would.";
        }
        return "Add " + moduleToAdd(kind, osName) + " to the class or module path.";
    }

    private static boolean isWindows(String osName) {
        return osName.toLowerCase(Locale.ROOT).startsWith("windows");
    }

    /**
     * What one provider serves on this platform, or why it could not be loaded at all.
     *
     * @param name the provider's name, or its class name if it failed to load
     * @param rank its rank; {@link Integer#MIN_VALUE} if it failed to load
     * @param supportByKind whether and why not it serves each kind
     * @param loadFailure why it could not be loaded; empty if it loaded
     */
    public record ProviderReport(String name, int rank, Map<CounterKind, KindSupport> supportByKind, String loadFailure) {
        public ProviderReport {
            requireNonNull(name, "name");
            supportByKind = Collections.unmodifiableMap(new EnumMap<>(supportByKind));
            requireNonNull(loadFailure, "loadFailure");
        }

        static ProviderReport of(CounterProvider provider) {
            Map<CounterKind, KindSupport> support = new EnumMap<>(CounterKind.class);
            for (CounterKind kind : CounterKind.values()) {
                support.put(kind, provider.support(kind));
            }
            return new ProviderReport(provider.name(), provider.rank(), support, "");
        }

        static ProviderReport failedToLoad(String type, Throwable error) {
            Throwable root = error;
            while (root.getCause() != null && root.getCause() != root) {
                root = root.getCause();
            }
            String reason = "failed to load (" + root.getClass().getSimpleName() + ": " + root.getMessage() + ")";
            Map<CounterKind, KindSupport> none = new EnumMap<>(CounterKind.class);
            for (CounterKind kind : CounterKind.values()) {
                none.put(kind, KindSupport.unsupported(reason));
            }
            return new ProviderReport(type, Integer.MIN_VALUE, none, reason);
        }

        /** Whether the provider loaded; if not, {@link #loadFailure()} says why. */
        public boolean isLoaded() {
            return loadFailure.isEmpty();
        }

        /** Whether and why not the provider serves {@code kind}. */
        public KindSupport support(CounterKind kind) {
            return supportByKind.get(kind);
        }

        String reasonFor(CounterKind kind) {
            KindSupport kindSupport = supportByKind.get(kind);
            return kindSupport.isSupported() ? "serves it" : kindSupport.reason();
        }

        @Override
        public String toString() {
            return name + (isLoaded() ? " (rank " + rank + ")" : " " + loadFailure);
        }
    }

    private static final class DefaultHolder {
        static final CounterRegistry INSTANCE = load(ServiceLoader.load(CounterProvider.class));
    }
}
