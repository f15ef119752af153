/**
 * A small library that times its own work without choosing a clock or a platform for its users: it
 * depends on {@code counters-api} only (the {@code dev.counters} package; a test checks every class it
 * references), takes the counter it times with from its caller, and reports each timing to a listener
 * the caller supplies. The application ({@code dev.counters.examples.composition}) decides the rest:
 * which platform module serves the clocks, which clock, and where the figures go.
 */
package dev.counters.examples.library;
