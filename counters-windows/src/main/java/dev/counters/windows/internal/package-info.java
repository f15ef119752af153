/**
 * The Win32 counters behind counters-windows: the provider, thread control and other threads' CPU
 * times that {@link java.util.ServiceLoader} finds ({@code provides} in the module descriptor,
 * {@code META-INF/services} on the class path), the kinds and their sources, and the native calls
 * ({@code WindowsCalls}, through {@code FfmWindowsCalls} on JDK 22+ or {@code JnaWindowsCalls}).
 * Not exported, and not an API: it may change in any release.
 */
package dev.counters.windows.internal;
