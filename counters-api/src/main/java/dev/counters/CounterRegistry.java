package dev.counters;

import static java.util.Objects.requireNonNull;

import com.google.common.collect.ImmutableList;
import dev.counters.spi.CounterProvider;
import dev.counters.spi.KindSupport;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;

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
        List<CounterProvider> loaded = new ArrayList<>();
        List<ProviderReport> failures = new ArrayList<>();
        for (ServiceLoader.Provider<CounterProvider> candidate : loader.stream().toList()) {
            try {
                loaded.add(candidate.get());
            } catch (ServiceConfigurationError | LinkageError | RuntimeException e) {
                failures.add(ProviderReport.failedToLoad(candidate.type().getName(), e));
            }
        }
        return new CounterRegistry(loaded, failures);
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
        for (ProviderReport report : reports) {
            message.append(' ').append(report.name()).append(": ").append(report.reasonFor(kind)).append('.');
        }
        return message.append(" Add ").append(moduleToAdd(kind)).append(" to the class or module path.").toString();
    }

    static String platform() {
        return System.getProperty("os.name") + "/" + System.getProperty("os.arch");
    }

    static String moduleToAdd(CounterKind kind) {
        return moduleToAdd(kind, System.getProperty("os.name", ""));
    }

    /** The module that would serve {@code kind} on the operating system named {@code osName} (as {@code os.name} says it). */
    static String moduleToAdd(CounterKind kind, String osName) {
        if (kind.measures() == Measures.CYCLES) {
            return "dev.counters:counters-measure (cycle counters) with the platform module";
        }
        String os = osName.toLowerCase(Locale.ROOT);
        if (os.startsWith("windows")) {
            return "dev.counters:counters-windows";
        }
        return "dev.counters:counters-posix (Linux, macOS, FreeBSD)";
    }

    /** What one provider serves on this platform, or why it could not be loaded at all. */
    public static final class ProviderReport {
        private final String name;
        private final int rank;
        private final Map<CounterKind, KindSupport> support;
        private final String loadFailure;

        private ProviderReport(String name, int rank, Map<CounterKind, KindSupport> support, String loadFailure) {
            this.name = name;
            this.rank = rank;
            this.support = support;
            this.loadFailure = loadFailure;
        }

        static ProviderReport of(CounterProvider provider) {
            Map<CounterKind, KindSupport> support = new EnumMap<>(CounterKind.class);
            for (CounterKind kind : CounterKind.values()) {
                support.put(kind, provider.support(kind));
            }
            return new ProviderReport(provider.name(), provider.rank(), support, null);
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

        /** The provider's name, or its class name if it failed to load. */
        public String name() {
            return name;
        }

        public int rank() {
            return rank;
        }

        /** Whether the provider loaded; if not, {@link #loadFailure()} says why. */
        public boolean isLoaded() {
            return loadFailure == null;
        }

        /** Why the provider could not be loaded; empty if it loaded. */
        public String loadFailure() {
            return loadFailure == null ? "" : loadFailure;
        }

        /** Whether and why not the provider serves {@code kind}. */
        public KindSupport support(CounterKind kind) {
            return support.get(kind);
        }

        String reasonFor(CounterKind kind) {
            KindSupport kindSupport = support.get(kind);
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
