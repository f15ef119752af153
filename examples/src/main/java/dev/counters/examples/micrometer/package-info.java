/**
 * A runnable example of counters-micrometer: CPU time per HTTP request, split into kernel and
 * user, beside wall time, scraped by Prometheus. Run it with
 * {@code java --enable-native-access=ALL-UNNAMED -cp counters-cli/target/counters.jar dev.counters.cli.micrometer.CpuPerRequestExample}.
 */
package dev.counters.examples.micrometer;
