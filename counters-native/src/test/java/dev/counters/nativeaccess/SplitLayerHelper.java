package dev.counters.nativeaccess;

/** The helper {@link SplitLayerFixture} calls, with a nested class only it names. */
final class SplitLayerHelper {
    private SplitLayerHelper() {}

    static int read() {
        return Part.read() + 1;
    }

    static final class Part {
        private Part() {}

        static int read() {
            return 41;
        }
    }
}
