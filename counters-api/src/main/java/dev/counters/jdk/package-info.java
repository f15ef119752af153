/**
 * The portable floor: a provider that serves the wall-clock and CPU-time kinds on every platform
 * from the JDK alone ({@code System.nanoTime}, {@code ThreadMXBean}, ...), with no native code.
 * Any platform provider on the class or module path outranks it. Not exported: users reach it
 * through {@link dev.counters.Counters}.
 */
package dev.counters.jdk;
