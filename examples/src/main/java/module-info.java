/** The {@code counters} command line. */
module dev.counters.examples {
    requires dev.counters.api;
    requires dev.counters.scope;
    requires dev.counters.measure;
    requires info.picocli;


}
