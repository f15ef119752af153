package dev.counters.spi;

import static java.util.Objects.requireNonNull;

import java.util.ArrayList;
import java.util.List;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;

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

    /** Instantiates every provider {@code loader} finds, keeping each failure instead of throwing it. */
    public static <S> ServiceProviders<S> load(ServiceLoader<S> loader) {
        requireNonNull(loader, "loader");
        List<S> loaded = new ArrayList<>();
        List<Failure> failures = new ArrayList<>();
        List<ServiceLoader.Provider<S>> candidates;
        try {
            candidates = loader.stream().toList();
        } catch (ServiceConfigurationError e) {
            // A provider named in a configuration file that cannot even be found: the listing itself fails.
            return new ServiceProviders<>(loaded, List.of(new Failure(loader.toString(), e)));
        }
        for (ServiceLoader.Provider<S> candidate : candidates) {
            try {
                loaded.add(candidate.get());
            } catch (ServiceConfigurationError | LinkageError | RuntimeException e) {
                failures.add(new Failure(candidate.type().getName(), e));
            }
        }
        return new ServiceProviders<>(loaded, failures);
    }
}
