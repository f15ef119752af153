/**
 * What counters-posix and counters-windows share about reaching native code, and no one else
 * uses (the module exports it to those two only): the one choice between FFM downcalls (JDK 22+)
 * and JNA ({@link dev.counters.nativeaccess.LayerChoice}, {@link dev.counters.nativeaccess.Binding}),
 * the memory a hot-path call writes its results into ({@link dev.counters.nativeaccess.Scratch}),
 * the advice for a JVM that denies native access ({@link dev.counters.nativeaccess.NativeAccess}),
 * and the processor's cycle counter read from a W^X code page
 * ({@link dev.counters.nativeaccess.ProcessorCycles}).
 */
package dev.counters.nativeaccess;
