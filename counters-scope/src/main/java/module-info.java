/** Try-with-resources scopes, initialised counters, gap-free laps and pause/resume. */
module dev.counters.scope {
    requires transitive dev.counters.api;

    exports dev.counters.scope;
}
