package dev.counters;

import static java.util.Objects.requireNonNull;

import dev.counters.internal.PerKind;
import dev.counters.internal.Ranking;
import dev.counters.internal.ServiceProviders;
import dev.counters.spi.CounterProvider;
import dev.counters.spi.KindSupport;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.ServiceLoader;
import java.util.Set;

/**
 * The providers found on this platform, ranked, and the choice of the best one per kind.
 * {@link Counters} is the static face of the {@linkplain #systemDefault() default registry};
 * build one with {@link #of} to inject a chosen set of providers (in tests, say).
 *
 * <p>Which provider serves a kind is decided on the first request for that kind, once: the
 * providers are asked, best first, about that kind alone, so the first
 * {@code Counters.performance()} never waits for a native library that only another kind needs.
 * Concurrent first requests for one kind wait for the one decision; later requests read it
 * without a lock. {@link #providers()} asks every provider about every kind, when first called.
 *
 * <p>A provider that fails to load (a native library missing, a class that cannot link) does
 * not break selection: it is listed in {@link #providers()} with the reason, and the next best
 * provider serves its kinds. So does a provider that throws once loaded, from any of its methods:
 * from {@code name()}, {@code rank()} or {@code unavailableReason()}, it is listed as failed and
 * serves nothing; from {@code support}, {@code create} or {@code describe} for a kind, it serves that
 * kind no more in this registry, the next best provider serves it, and the report says, for that
 * kind, which method threw what (with the provider's class). A kind that no provider is left to
 * serve throws {@link UnsupportedOperationException} with every provider's reason, and what the
 * provider threw as its cause.
 */
public final class CounterRegistry {
    private static final CounterKind[] KINDS = CounterKind.values();

    /** Every provider, the available ones best first, then those that stepped aside. */
    private final List<GuardedProvider> providers;
    private final List<GuardedProvider> availableBestFirst;
    /** Those that failed to load, or threw when first asked their name, rank or availability. */
    private final List<ProviderReport> loadFailures;
    private final PerKind<Optional<GuardedProvider>> choices = new PerKind<>() {
        @Override
        protected Optional<GuardedProvider> compute(CounterKind kind) {
            return choose(kind);
        }
    };
    private final Object reportsLock = new Object();
    private volatile List<ProviderReport> reports;

    private CounterRegistry(List<? extends CounterProvider> providers, List<ProviderReport> loadFailures) {
        List<ProviderReport> failed = new ArrayList<>(loadFailures);
        List<GuardedProvider> guarded = new ArrayList<>();
        for (CounterProvider provider : providers) {
            GuardedProvider asked = GuardedProvider.guard(provider, failed);
            if (asked != null) {
                guarded.add(asked);
            }
        }
        this.availableBestFirst = List.copyOf(Ranking.bestFirst(guarded));
        List<GuardedProvider> all = new ArrayList<>(availableBestFirst);
        for (GuardedProvider provider : guarded) {
            if (provider.unavailableReason().isPresent()) {
                all.add(provider);
            }
        }
        this.providers = Collections.unmodifiableList(all);
        this.loadFailures = List.copyOf(failed);
    }

    /** The registry of every provider {@link ServiceLoader} finds, built once per process. */
    public static CounterRegistry systemDefault() {
        return DefaultHolder.INSTANCE;
    }

    /** A registry of exactly these providers. */
    public static CounterRegistry of(List<? extends CounterProvider> providers) {
        for (CounterProvider provider : requireNonNull(providers, "providers")) {
            requireNonNull(provider, "providers holds a null provider");
        }
        return new CounterRegistry(providers, List.of());
    }

    /** Loads every provider on the module or class path; a provider that fails to load is reported, not fatal. */
    static CounterRegistry load(ServiceLoader<CounterProvider> loader) {
        return fromFound(ServiceProviders.load(loader));
    }

    /**
     * The providers the thread's context class loader finds, and those beside counters-api itself:
     * where the two differ (counters inside an OpenTelemetry Java agent extension, a plugin's or a
     * web application's class loader) the platform module packed with counters-api is found even
     * when the thread that first asks is the application's.
     */
    static CounterRegistry loadFromContextAndOwnLoader() {
        ServiceProviders<CounterProvider> found = ServiceProviders.load(ServiceLoader.load(CounterProvider.class));
        ClassLoader own = CounterRegistry.class.getClassLoader();
        if (own != Thread.currentThread().getContextClassLoader()) {
            found = found.plus(ServiceProviders.load(ServiceLoader.load(CounterProvider.class, own)));
        }
        return fromFound(found);
    }

    private static CounterRegistry fromFound(ServiceProviders<CounterProvider> found) {
        List<ProviderReport> failures = new ArrayList<>();
        for (ServiceProviders.Failure failure : found.failures()) {
            failures.add(ProviderReport.failedToLoad(failure.type(), failure.error()));
        }
        return new CounterRegistry(found.providers(), failures);
    }

    /** A new counter of {@code kind} from the best provider that serves it here. */
    public Counter create(CounterKind kind) {
        if (kind == null) {
            throw new NullPointerException("kind is null; pass one of " + List.of(KINDS));
        }
        return create(kind, false);
    }

    /** A new counter of {@code kind} from the best provider that serves it, asking the next where one fails. */
    private Counter create(CounterKind kind, boolean cpuTimes) {
        GuardedProvider.Failed failure = null;
        while (true) {
            Optional<GuardedProvider> provider = choices.get(kind);
            if (provider.isEmpty()) {
                throw new UnsupportedOperationException(unsupportedMessage(kind), failure == null ? null : failure.getCause());
            }
            try {
                return provider.get().create(kind, cpuTimes);
            } catch (GuardedProvider.Failed failed) {
                failure = failed;
                failedOn(kind);
            }
        }
    }

    /** A provider failed on {@code kind} and serves it no more: decide the kind again, and the report anew. */
    private void failedOn(CounterKind kind) {
        choices.forget(kind);
        synchronized (reportsLock) {
            reports = null;
        }
    }

    /** A new CPU-times counter of {@code kind} ({@link CounterKind#THREAD_TIMES} or {@link CounterKind#PROCESS_TIMES}). */
    public CpuTimesCounter createCpuTimes(CounterKind kind) {
        if (kind == null) {
            throw new NullPointerException("kind is null; pass one of " + cpuTimesKinds());
        }
        if (!kind.isCpuTimes()) {
            throw new IllegalArgumentException(kind + " does not measure CPU time; use THREAD_TIMES or PROCESS_TIMES");
        }
        return (CpuTimesCounter) create(kind, true);
    }

    /** Which provider serves {@code kind} here, if any. */
    public Optional<String> providerFor(CounterKind kind) {
        Optional<GuardedProvider> provider = choices.get(kind);
        return provider.isEmpty() ? Optional.empty() : Optional.of(provider.get().name());
    }

    /**
     * The description of every kind served here, by its best provider, in {@link CounterKind} order.
     * Describes without creating counters ({@link CounterProvider#describe}): nothing is opened that
     * would need closing, and no resolution is measured.
     */
    public List<CounterInfo> available() {
        List<CounterInfo> infos = new ArrayList<>();
        for (CounterKind kind : KINDS) {
            Optional<GuardedProvider> provider = choices.get(kind);
            while (provider.isPresent()) {
                try {
                    infos.add(provider.get().describe(kind));
                    break;
                } catch (GuardedProvider.Failed failed) { // reported in providers(); the next provider describes
                    failedOn(kind);
                    provider = choices.get(kind);
                }
            }
        }
        return Collections.unmodifiableList(infos);
    }

    /**
     * Every provider found, best first, with what it serves and why it does not serve the rest; then
     * those that failed to load or threw when asked their name, rank or availability. The first call
     * asks every provider about every kind; a provider that fails later on a kind makes the next call
     * ask again, so the report always shows the failure.
     */
    public List<ProviderReport> providers() {
        List<ProviderReport> known = reports;
        if (known == null) {
            synchronized (reportsLock) {
                known = reports;
                if (known == null) {
                    List<ProviderReport> all = new ArrayList<>();
                    for (GuardedProvider provider : providers) {
                        all.add(ProviderReport.of(provider));
                    }
                    all.addAll(loadFailures);
                    known = List.copyOf(all);
                    reports = known;
                }
            }
        }
        return known;
    }

    /** The best provider that serves {@code kind}, asking each about that kind alone, best first. */
    private Optional<GuardedProvider> choose(CounterKind kind) {
        for (GuardedProvider provider : availableBestFirst) {
            if (provider.support(kind).isSupported()) {
                return Optional.of(provider);
            }
        }
        return Optional.empty();
    }

    private String unsupportedMessage(CounterKind kind) {
        StringBuilder message = new StringBuilder()
                .append("No provider serves ").append(kind).append(" counters on ").append(platform()).append('.');
        Set<String> loaded = new HashSet<>();
        for (GuardedProvider provider : providers) {
            message.append(' ').append(provider.name()).append(": ").append(ProviderReport.reasonFor(provider.support(kind))).append('.');
            loaded.add(provider.name());
        }
        for (ProviderReport failure : loadFailures) {
            message.append(' ').append(failure.name()).append(": ").append(failure.loadFailure()).append('.');
        }
        return message.append(' ').append(advice(kind, System.getProperty("os.name", ""), loaded)).toString();
    }

    private static List<CounterKind> cpuTimesKinds() {
        List<CounterKind> cpuTimes = new ArrayList<>();
        for (CounterKind kind : KINDS) {
            if (kind.isCpuTimes()) {
                cpuTimes.add(kind);
            }
        }
        return cpuTimes;
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
     * What one provider serves on this platform, or why it could not be loaded at all; only the
     * registry makes these ({@link #providers()}).
     */
    public static final class ProviderReport {
        private final String name;
        private final int rank;
        private final Map<CounterKind, KindSupport> supportByKind;
        private final String loadFailure;

        private ProviderReport(String name, int rank, Map<CounterKind, KindSupport> supportByKind, String loadFailure) {
            this.name = requireNonNull(name, "name");
            this.rank = rank;
            this.supportByKind = Collections.unmodifiableMap(new EnumMap<>(supportByKind));
            this.loadFailure = requireNonNull(loadFailure, "loadFailure");
        }

        /** The provider's name, or its class name if it failed to load or to say its name. */
        public String name() {
            return name;
        }

        /** Its rank; {@link Integer#MIN_VALUE} if it failed to load or to say its rank or availability. */
        public int rank() {
            return rank;
        }

        /** Whether and why not it serves each kind. */
        public Map<CounterKind, KindSupport> supportByKind() {
            return supportByKind;
        }

        /**
         * Why it could not be loaded, or which of its methods threw what when first asked its name,
         * rank or availability ({@code "failed: its unavailableReason() threw ..."}); empty if it loaded.
         */
        public String loadFailure() {
            return loadFailure;
        }

        static ProviderReport of(GuardedProvider provider) {
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
            return failed(type, "failed to load (" + root.getClass().getSimpleName() + ": " + root.getMessage() + ")");
        }

        /** The provider called {@code name} serves nothing because of {@code reason}, a failure. */
        static ProviderReport failed(String name, String reason) {
            Map<CounterKind, KindSupport> none = new EnumMap<>(CounterKind.class);
            for (CounterKind kind : CounterKind.values()) {
                none.put(kind, KindSupport.unsupported(reason));
            }
            return new ProviderReport(name, Integer.MIN_VALUE, none, reason);
        }

        /** Whether the provider loaded; if not, {@link #loadFailure()} says why. */
        public boolean isLoaded() {
            return loadFailure.isEmpty();
        }

        /** Whether and why not the provider serves {@code kind}. */
        public KindSupport support(CounterKind kind) {
            return supportByKind.get(kind);
        }

        private static String reasonFor(KindSupport kindSupport) {
            return kindSupport.isSupported() ? "serves it" : kindSupport.reason();
        }

        @Override
        public String toString() {
            return name + (isLoaded() ? " (rank " + rank + ")" : " " + loadFailure);
        }
    }

    private static final class DefaultHolder {
        static final CounterRegistry INSTANCE = loadFromContextAndOwnLoader();
    }
}
