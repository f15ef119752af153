/**
 * A runnable example of counters-micrometer: CPU time per HTTP request, split into kernel and
 * user, beside wall time, scraped by Prometheus. Run it with
 * {@code java --enable-native-access=ALL-UNNAMED -cp 'examples/target/classes:examples/target/lib/*' dev.counters.examples.micrometer.CpuPerRequestExample}.
 */
package dev.counters.examples.micrometer;
