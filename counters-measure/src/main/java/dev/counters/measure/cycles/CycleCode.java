package dev.counters.measure.cycles;

/**
 * The cycle-counter code of {@link ProcessorCounter}'s executable page as a JNA direct-mapped
 * method. No static initialiser: {@link ProcessorCounter} registers it with
 * {@code Native.register(CycleCode.class, library)} once the page exists.
 */
final class CycleCode {
    private CycleCode() {}

    static native long counters_read_cycles();
}
