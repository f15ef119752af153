/** JMH benchmarks of every counter against its peers and the C baseline. */
module dev.counters.benchmarks {
    requires dev.counters.api;
    requires dev.counters.scope;
    requires dev.counters.measure;
    requires jmh.core;
}
