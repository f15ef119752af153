package dev.counters.nativeaccess;

/** A type {@link SplitLayerFixture} names only in a method's descriptor, never as a class it uses. */
final class SplitLayerValue {
    private SplitLayerValue() {}
}
