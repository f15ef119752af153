package dev.counters.windows.internal;

import dev.counters.nativeaccess.ForeignLayers;

/**
 * The JNA-only stand-in for the Foreign Function &amp; Memory layer: what a JVM before 22, or a
 * build made where no JDK 22+ was found, has in place of the real {@code FfmWindowsCalls}. The jar's
 * {@code META-INF/versions/22} holds the real class under this name, compiled for release 22 from
 * {@code src/main/java22}, and a JVM of 22 or later loads that one instead; so code compiled for
 * release 17 names the FFM layer as an ordinary class, never by a string.
 */
final class FfmWindowsCalls {
    private FfmWindowsCalls() {}

    /**
     * Never binds: {@link dev.counters.nativeaccess.LayerChoice} asks only on JDK 22+, where this
     * class is there only if the jar was built without the FFM classes.
     *
     * @throws UnsupportedOperationException always, saying how to build the full artifact
     */
    static WindowsCalls bind() {
        throw ForeignLayers.notInThisBuild("counters-windows");
    }
}
