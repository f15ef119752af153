package dev.counters.cli;

/** The running platform in words, for report titles. */
final class Platform {
    private Platform() {}

    /** e.g. {@code Linux 6.1 amd64, 2 CPUs, Java 17.0.15}. */
    static String describe() {
        return System.getProperty("os.name") + " " + System.getProperty("os.version") + " "
                + System.getProperty("os.arch") + ", " + Runtime.getRuntime().availableProcessors() + " CPUs, Java "
                + System.getProperty("java.version");
    }
}
