package dev.counters.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;
import picocli.CommandLine.IVersionProvider;

/** {@code counters --version}: the project version (filled in by the build), the JVM and the platform. */
final class VersionProvider implements IVersionProvider {
    private static final String RESOURCE = "version.properties";

    @Override
    public String[] getVersion() {
        return new String[] {
            "counters " + projectVersion(),
            "Java " + System.getProperty("java.version") + " (" + System.getProperty("java.vm.name") + ") on "
                    + System.getProperty("os.name") + " " + System.getProperty("os.arch"),
        };
    }

    static String projectVersion() {
        try (InputStream in = VersionProvider.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                return "(unknown version: " + RESOURCE + " is missing from the build)";
            }
            Properties properties = new Properties();
            properties.load(in);
            return properties.getProperty("version", "(unknown version)");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
