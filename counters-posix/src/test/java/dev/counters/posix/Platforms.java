package dev.counters.posix;

import static org.junit.jupiter.api.Assertions.assertInstanceOf;

/** The platforms of other systems, as the tests that read their constants or their refusals need them. */
final class Platforms {
    private Platforms() {}

    /** The table of {@code osName}/{@code osArch} on a 64-bit JVM, which must be served. */
    static PosixPlatform.Served served(String osName, String osArch) {
        return assertInstanceOf(PosixPlatform.Served.class, PosixPlatform.of(osName, osArch, "64"));
    }

    /** The refusal of {@code osName}/{@code osArch}/{@code dataModel}, which must be refused. */
    static PosixPlatform.Refused refused(String osName, String osArch, String dataModel) {
        return assertInstanceOf(PosixPlatform.Refused.class, PosixPlatform.of(osName, osArch, dataModel));
    }
}
