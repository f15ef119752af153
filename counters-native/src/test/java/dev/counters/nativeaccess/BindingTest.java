package dev.counters.nativeaccess;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every way a denied or missing native layer fails becomes the binding's reason, caught once, and
 * never escapes later: what JDK 24+ throws under {@code --illegal-native-access=deny}, the
 * {@code LinkageError}s of a missing library or a failed static initialiser, any runtime failure.
 */
class BindingTest {

    static Stream<Arguments> failures() {
        IllegalCallerException denied = new IllegalCallerException(
                "Illegal native access from: unnamed module; use --enable-native-access=ALL-UNNAMED");
        return Stream.of(
                Arguments.of(denied, "IllegalCallerException: Illegal native access from: unnamed module"),
                Arguments.of(wrapped(denied), "ExceptionInInitializerError: null; caused by IllegalCallerException: Illegal native"),
                Arguments.of(new NoClassDefFoundError("Could not initialize class com.sun.jna.Native"),
                        "NoClassDefFoundError: Could not initialize class com.sun.jna.Native"),
                Arguments.of(new UnsatisfiedLinkError("Unable to load library 'c'"), "UnsatisfiedLinkError: Unable to load library 'c'"),
                Arguments.of(new IllegalStateException("no native support"), "IllegalStateException: no native support"));
    }

    private static ExceptionInInitializerError wrapped(Throwable cause) {
        return new ExceptionInInitializerError(cause);
    }

    @ParameterizedTest
    @MethodSource("failures")
    void aBinderThatThrowsLeavesTheReason(Throwable failure, String reason) {
        Binding<Object> binding = Binding.of(throwing(failure));

        assertEquals(Optional.empty(), binding.calls());
        assertTrue(binding.failure().orElseThrow().contains(reason), binding.failure().orElseThrow());
        assertEquals(NativeAccess.isDenied(failure), binding.failure().orElseThrow().startsWith("native access is denied"),
                "a denial leads with the flag to add");
        UnsupportedOperationException refused = assertThrows(UnsupportedOperationException.class, binding::require);
        assertEquals(binding.failure().orElseThrow(), refused.getMessage());
    }

    @Test
    void aBinderThatSucceedsGivesItsCalls() {
        Binding<String> binding = Binding.of(() -> "libc");

        assertEquals(Optional.of("libc"), binding.calls());
        assertFalse(binding.failure().isPresent());
        assertEquals("libc", binding.require());
    }

    @Test
    void aBinderThatReturnsNothingFailsWithThatReason() {
        Binding<String> binding = Binding.of(() -> null);

        assertEquals(Optional.of("the binder returned nothing"), binding.failure());
    }

    @Test
    void theBinderRunsOnce() {
        int[] runs = {0};
        Binding<Integer> binding = Binding.of(() -> ++runs[0]);
        binding.calls();
        binding.require();

        assertEquals(1, runs[0]);
    }

    @Test
    void aFailedBindingKeepsItsReason() {
        assertEquals(Optional.of("Windows is not POSIX"), Binding.failed("Windows is not POSIX").failure());
    }

    private static Supplier<Object> throwing(Throwable failure) {
        return () -> {
            if (failure instanceof RuntimeException) {
                throw (RuntimeException) failure;
            }
            throw (Error) failure;
        };
    }
}
