/**
 * Internal to counters: what the platform modules share about reaching native code, so that each
 * piece exists once. {@link dev.counters.nativeaccess.Binding} binds a native layer once or
 * remembers why it could not; {@link dev.counters.nativeaccess.NativeScratch} finds a scratch's
 * address; {@link dev.counters.nativeaccess.ProcessorCycles} turns the cycle counter's machine
 * code, placed in an executable page by the platform module, into a counter source. Exported only
 * to {@code dev.counters.posix} and {@code dev.counters.windows}: not an API.
 */
module dev.counters.nativeaccess {
    requires dev.counters.api;
    requires com.sun.jna;

    exports dev.counters.nativeaccess to dev.counters.posix, dev.counters.windows;
}
