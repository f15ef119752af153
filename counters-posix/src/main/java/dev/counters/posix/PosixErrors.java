package dev.counters.posix;

import dev.counters.CounterException;
import java.util.function.IntFunction;

/** Turns a failed call's {@code errno} into the {@link CounterException} users see: API, error number and the system's text. */
final class PosixErrors {
    private PosixErrors() {}

    /** The failure of {@code api}, which has just returned its error value on this thread. */
    static CounterException of(PosixCalls calls, String api) {
        int errno = calls.lastError();
        return CounterException.nativeFailure(api, errno, errorText(calls, errno));
    }

    /** As {@link #of(PosixCalls, String)}, with {@code explain}'s words about the error number (or "") after the system's text. */
    static CounterException of(PosixCalls calls, String api, IntFunction<String> explain) {
        int errno = calls.lastError();
        String text = errorText(calls, errno);
        String more = explain.apply(errno);
        return CounterException.nativeFailure(api, errno, more.isEmpty() ? text : text + ": " + more);
    }

    /** The failure of {@code api} as one line: {@code "sched_setaffinity failed with error 1: Operation not permitted"}. */
    static String describe(PosixCalls calls, String api) {
        return of(calls, api).getMessage();
    }

    private static String errorText(PosixCalls calls, int errno) {
        try {
            String text = calls.errorText(errno);
            return text == null ? "" : text;
        } catch (LinkageError | RuntimeException e) {
            return "strerror failed too: " + e;
        }
    }
}
