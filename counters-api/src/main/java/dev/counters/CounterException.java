package dev.counters;

import java.util.Optional;
import java.util.OptionalInt;

/**
 * A counter's native source failed. Counters never turn a failure into a silent zero: they throw
 * this, naming the API that failed and, where the platform gives one, its error code
 * ({@code errno} or {@code GetLastError}) and text.
 */
public class CounterException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final String api;
    private final Integer errorCode;
    private final String errorText;

    /** A native call {@code api} failed with {@code errorCode} ({@code errno} or {@code GetLastError}) described by {@code errorText}. */
    public static CounterException nativeFailure(String api, int errorCode, String errorText) {
        return new CounterException(api, errorCode, errorText, null);
    }

    /** A source {@code api} failed for the reason {@code cause} gives. */
    public static CounterException sourceFailure(String api, Throwable cause) {
        return new CounterException(api, null, String.valueOf(cause.getMessage()), cause);
    }

    /** A source {@code api} failed for a reason with no error code. */
    public static CounterException sourceFailure(String api, String reason) {
        return new CounterException(api, null, reason, null);
    }

    private CounterException(String api, Integer errorCode, String errorText, Throwable cause) {
        super(message(api, errorCode, errorText), cause);
        this.api = api;
        this.errorCode = errorCode;
        this.errorText = errorText;
    }

    private static String message(String api, Integer errorCode, String errorText) {
        return api + " failed"
                + (errorCode == null ? "" : " with error " + errorCode)
                + (errorText == null || errorText.isEmpty() ? "" : ": " + errorText);
    }

    /** The native API or source that failed, e.g. {@code "clock_gettime(CLOCK_MONOTONIC)"}. */
    public String api() {
        return api;
    }

    /** The platform's error code ({@code errno}, {@code GetLastError}), if it gave one. */
    public OptionalInt errorCode() {
        return errorCode == null ? OptionalInt.empty() : OptionalInt.of(errorCode);
    }

    /** The platform's text for the error, if any. */
    public Optional<String> errorText() {
        return Optional.ofNullable(errorText);
    }
}
