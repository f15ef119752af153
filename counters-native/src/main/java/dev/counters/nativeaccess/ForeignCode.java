package dev.counters.nativeaccess;

/**
 * The JNA-only stand-in for the FFM {@link CodeBinder}: what a JVM before 22, or a build made where
 * no JDK 22+ was found, has in place of the real {@code ForeignCode}, which the jar's
 * {@code META-INF/versions/22} holds under this name and a JVM of 22 or later loads instead. Only
 * the platform modules' FFM layers call it, and only where they were bound themselves.
 */
public final class ForeignCode {
    private ForeignCode() {}

    /**
     * Never binds: only the release-22 class does.
     *
     * @return never
     * @throws UnsupportedOperationException always, saying how to build the full artifact
     */
    public static CodeBinder binder() {
        throw ForeignLayers.notInThisBuild("counters-native");
    }
}
