/** Win32 counters through JNA. */
module dev.counters.windows {
    requires dev.counters.api;
    requires com.sun.jna;
    requires com.sun.jna.platform;
}
