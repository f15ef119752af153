package dev.counters;

import dev.counters.spi.CounterProvider;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Run in a fresh JVM by {@link ProviderFailuresTest}: makes the context class loader find a provider
 * whose unavailableReason() throws, then uses the default registry twice and prints what it saw.
 *
 * <p>The services file goes into the test's own temporary directory, named by {@link #DIRECTORY}:
 * {@code Files.createTempDirectory} seeds a {@code SecureRandom}, which kills a Windows JDK 21+ under
 * Wine (see scripts/wine/WineTempDirFactory.java).
 */
public final class BuggyProviderProbe {
    /** The system property naming an empty directory the probe may write its services file into. */
    static final String DIRECTORY = "counters.test.providers";

    private BuggyProviderProbe() {}

    public static void main(String[] args) throws Exception {
        Path dir = Path.of(System.getProperty(DIRECTORY));
        Path services = Files.createDirectories(dir.resolve("META-INF/services"));
        Path list = Files.writeString(services.resolve(CounterProvider.class.getName()),
                ThrowingProvider.UnavailableReasonThrows.class.getName() + "\n");
        try (URLClassLoader loader = new URLClassLoader(new URL[] {dir.toUri().toURL()}, BuggyProviderProbe.class.getClassLoader())) {
            Thread.currentThread().setContextClassLoader(loader);
            int made = 0;
            for (int i = 0; i < 2; i++) {
                Counters.tick();
                made++;
            }
            System.out.println("counters=" + made);
            System.out.println("tick.provider=" + Counters.tick().getInfo().provider());
            for (CounterRegistry.ProviderReport report : CounterRegistry.systemDefault().providers()) {
                if (report.name().equals("buggy")) {
                    System.out.println("buggy=" + report.loadFailure());
                }
            }
        } finally {
            Files.delete(list);
            Files.delete(services);
            Files.delete(services.getParent());
        }
    }
}
