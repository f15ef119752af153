/** Linux, macOS and FreeBSD counters through JNA direct mapping. */
module dev.counters.posix {
    requires dev.counters.api;
    requires com.sun.jna;
}
