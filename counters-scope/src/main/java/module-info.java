/**
 * Try-with-resources scopes, initialised counters, gap-free laps and pause/resume; named scopes
 * emit the JFR event {@code dev.counters.Scope}.
 */
module dev.counters.scope {
    requires transitive dev.counters.api;
    // The JFR event of named scopes (ScopeEvent). jdk.jfr is in every full JDK; a jlink'd runtime
    // image that uses counters-scope must add it (jlink --add-modules jdk.jfr).
    requires jdk.jfr;

    exports dev.counters.scope;
}
