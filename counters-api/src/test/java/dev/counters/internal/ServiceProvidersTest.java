package dev.counters.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.ServiceLoader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link ServiceProviders} loads what it can and keeps, with the reason, what it cannot. */
class ServiceProvidersTest {

    /** A provider whose constructor fails, as one whose native library is missing would. */
    public static final class Broken implements Runnable {
        public Broken() {
            throw new UnsatisfiedLinkError("no jnidispatch in java.library.path");
        }

        @Override
        public void run() {}
    }

    /** A provider that loads. */
    public static final class Working implements Runnable {
        @Override
        public void run() {}
    }

    @Test
    void keepsEachFailureAndLoadsTheRest(@TempDir Path services) throws IOException {
        ServiceProviders<Runnable> found = ServiceProviders.load(loaderOf(services, Broken.class.getName(), Working.class.getName()));

        assertEquals(1, found.providers().size());
        assertInstanceOf(Working.class, found.providers().get(0));
        assertEquals(1, found.failures().size());
        ServiceProviders.Failure failure = found.failures().get(0);
        assertEquals(Broken.class.getName(), failure.type());
        assertInstanceOf(UnsatisfiedLinkError.class, failure.error().getCause(), String.valueOf(failure.error()));
        assertEquals("no jnidispatch in java.library.path", failure.error().getCause().getMessage());
    }

    @Test
    void aProviderThatCannotBeFoundIsAFailureNotAnError(@TempDir Path services) throws IOException {
        ServiceProviders<Runnable> found = ServiceProviders.load(loaderOf(services, "com.example.Missing"));

        assertEquals(List.of(), found.providers());
        assertEquals(1, found.failures().size());
        assertTrue(String.valueOf(found.failures().get(0).error()).contains("com.example.Missing"));
    }

    @Test
    void aStaleEntryDoesNotHideTheProvidersListedAfterIt(@TempDir Path services) throws IOException {
        ServiceProviders<Runnable> found = ServiceProviders.load(
                loaderOf(services, "com.example.Removed", Working.class.getName(), Broken.class.getName()));

        assertEquals(1, found.providers().size(), String.valueOf(found));
        assertInstanceOf(Working.class, found.providers().get(0));
        assertEquals(List.of("com.example.Removed", Broken.class.getName()),
                found.failures().stream().map(ServiceProviders.Failure::type).toList());
    }

    @Test
    void theListsCannotBeChanged(@TempDir Path services) throws IOException {
        ServiceProviders<Runnable> found = ServiceProviders.load(loaderOf(services, Working.class.getName()));

        assertThrows(UnsupportedOperationException.class, () -> found.providers().clear());
        assertThrows(NullPointerException.class, () -> new ServiceProviders.Failure(null, new Error()));
    }

    @Test
    void plusListsEachProviderClassOnceTheFirstFoundFirst(@TempDir Path first, @TempDir Path second) throws IOException {
        ServiceProviders<Runnable> one = ServiceProviders.load(loaderOf(first, Working.class.getName(), "com.example.Gone"));
        ServiceProviders<Runnable> other = ServiceProviders.load(loaderOf(second, Working.class.getName(), Broken.class.getName()));

        ServiceProviders<Runnable> both = one.plus(other);

        assertEquals(1, both.providers().size(), String.valueOf(both));
        assertSame(one.providers().get(0), both.providers().get(0));
        assertEquals(List.of("com.example.Gone", Broken.class.getName()),
                both.failures().stream().map(ServiceProviders.Failure::type).toList());
    }

    private static ServiceLoader<Runnable> loaderOf(Path root, String... providers) throws IOException {
        Path file = root.resolve("META-INF/services/" + Runnable.class.getName());
        Files.createDirectories(file.getParent());
        Files.write(file, List.of(providers));
        URLClassLoader loader = new URLClassLoader(new URL[] {root.toUri().toURL()}, ServiceProvidersTest.class.getClassLoader());
        return ServiceLoader.load(Runnable.class, loader);
    }
}
