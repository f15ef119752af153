/** A user's application on the module path: the platform module is found by service binding. */
module example.consumer {
    requires dev.counters.api;
}
