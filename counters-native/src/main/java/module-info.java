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
    // JNA serves on JDK 17-21 (and where FFM cannot link); on JDK 22+ FFM needs no JNA, so a jlink image
    // may leave it out. Where JNA is wanted on the module path, --add-modules com.sun.jna resolves it.
    requires static com.sun.jna;

    exports dev.counters.nativeaccess to dev.counters.posix, dev.counters.windows;
}
