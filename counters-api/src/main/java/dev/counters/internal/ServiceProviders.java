package dev.counters.internal;

import static java.util.Objects.requireNonNull;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Every provider of a service that {@link ServiceLoader} finds, instantiated, with the ones that
 * could not be: a provider whose native library is missing, whose class cannot link or whose
 * constructor throws is a {@link Failure} to report, never an error that stops the others from
 * loading. The one loop behind {@code CounterRegistry} and {@code counters-measure}'s {@code ThreadControls}.
 *
 * @param providers the providers that loaded, in the order found
 * @param failures the ones that did not, with why
 */
public record ServiceProviders<S>(List<S> providers, List<Failure> failures) {
    /** A provider of type {@code type} (a class name) that failed to load with {@code error}. */
    public record Failure(String type, Throwable error) {
        public Failure {
            requireNonNull(type, "type");
            requireNonNull(error, "error");
        }
    }

    public ServiceProviders {
        providers = List.copyOf(providers);
        failures = List.copyOf(failures);
    }

    /** Consecutive errors after which the listing is taken to be stuck rather than still making progress. */
    private static final int MAX_ERRORS_IN_A_ROW = 64;

    /**
     * Instantiates every provider {@code loader} finds, keeping each failure instead of throwing it:
     * one entry that names a missing class (a stale {@code META-INF/services} line) does not hide
     * the providers listed after it, as {@link ServiceLoader}'s iterator resumes past an error.
     */
    public static <S> ServiceProviders<S> load(ServiceLoader<S> loader) {
        requireNonNull(loader, "loader");
        List<S> loaded = new ArrayList<>();
        List<Failure> failures = new ArrayList<>();
        Iterator<S> found = loader.iterator();
        int errorsInARow = 0;
        while (errorsInARow < MAX_ERRORS_IN_A_ROW) {
            try {
                if (!found.hasNext()) {
                    break;
                }
                loaded.add(found.next());
                errorsInARow = 0;
            } catch (ServiceConfigurationError | LinkageError | RuntimeException e) {
                failures.add(new Failure(providerNamed(e), e));
                errorsInARow++;
            }
        }
        return new ServiceProviders<>(loaded, failures);
    }

    /**
     * These providers and failures followed by those of {@code others} that name another class:
     * the same service looked up through two class loaders (an application's and an agent
     * extension's) lists each provider once.
     */
    public ServiceProviders<S> plus(ServiceProviders<S> others) {
        requireNonNull(others, "others");
        Set<String> seen = new HashSet<>();
        List<S> providers = new ArrayList<>();
        for (S provider : concat(providers(), others.providers())) {
            if (seen.add(provider.getClass().getName())) {
                providers.add(provider);
            }
        }
        List<Failure> failures = new ArrayList<>();
        for (Failure failure : concat(failures(), others.failures())) {
            if (seen.add(failure.type())) {
                failures.add(failure);
            }
        }
        return new ServiceProviders<>(providers, failures);
    }

    private static <T> List<T> concat(List<T> first, List<T> second) {
        List<T> both = new ArrayList<>(first);
        both.addAll(second);
        return both;
    }

    /** The provider class a {@link ServiceLoader} error names ("Provider a.b.C could not be instantiated"), else the error's type. */
    private static String providerNamed(Throwable error) {
        Matcher named = ProviderName.PATTERN.matcher(String.valueOf(error.getMessage()));
        return named.find() ? named.group(1) : error.getClass().getName();
    }

    /** Compiled only when a provider fails: a registry that loads cleanly never starts the regex engine. */
    private static final class ProviderName {
        static final Pattern PATTERN = Pattern.compile("Provider ([\\w.$]+)");
    }
}
