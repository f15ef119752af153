package dev.counters.nativeaccess;

/**
 * {@link VersionedClassesTest}'s FFM layer split in two, as a platform module's may be: the layer
 * names a helper of its package ({@link SplitLayerHelper}) that a release-22 build holds only in
 * {@code META-INF/versions/22}, a type of its package only in a descriptor ({@link SplitLayerValue}),
 * and a class of its package that the jar's root holds too.
 */
final class SplitLayerFixture {
    private SplitLayerFixture() {}

    static int read() {
        return SplitLayerHelper.read();
    }

    static Class<?> shared() {
        return Scratch.class;
    }

    static Object passed(SplitLayerValue value) {
        return value;
    }
}
