/**
 * JMH benchmarks of every counter against its peers and the C baseline. This module has no
 * module descriptor on purpose: JMH's annotation processor and generated harness run on the
 * class path.
 */
package dev.counters.benchmarks;
