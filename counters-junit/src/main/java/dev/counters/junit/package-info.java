/**
 * {@link dev.counters.junit.CompareAssertions}: performance gates as JUnit 5 tests.
 */
package dev.counters.junit;
