/**
 * Linux, macOS and FreeBSD counters through JNA direct mapping: every wall-clock and CPU-time
 * {@link dev.counters.CounterKind} read from the POSIX clocks.
 */
module dev.counters.posix {
    requires dev.counters.api;
    requires com.sun.jna;
    requires java.management;

    provides dev.counters.spi.CounterProvider with dev.counters.posix.PosixCounterProvider;
}
