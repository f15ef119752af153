package dev.counters.windows.internal;

import dev.counters.CounterException;

/** Turns a failed Win32 or winmm call into a {@link CounterException} that carries the code and the system's text for it. */
final class WindowsErrors {
    /** {@code TIMERR_NOCANDO}: winmm could not do what was asked. */
    static final int TIMERR_NOCANDO = 97;
    /** {@code MMSYSERR_ERROR}: an unspecified winmm error. */
    static final int MMSYSERR_ERROR = 1;

    private WindowsErrors() {}

    /** {@code function} just failed on this thread: reads {@code GetLastError()} and its {@code FormatMessage} text. */
    static CounterException lastError(WindowsCalls api, String function) {
        int code = api.lastError();
        return CounterException.nativeFailure(function, code, describe(api, code));
    }

    /** The system's text for a {@code GetLastError()} code, never empty. */
    static String describe(WindowsCalls api, int code) {
        String text = api.formatMessage(code).trim();
        return text.isEmpty() ? "the system has no message for error " + code : text;
    }

    /** A winmm call returned {@code result}, an {@code MMRESULT} other than {@code TIMERR_NOERROR}. */
    static CounterException mmResult(String call, int result) {
        return CounterException.nativeFailure(call, result, describeMmResult(result));
    }

    static String describeMmResult(int result) {
        switch (result) {
            case TIMERR_NOCANDO:
                return "TIMERR_NOCANDO: the period is outside what timeGetDevCaps reports, or was never begun";
            case MMSYSERR_ERROR:
                return "MMSYSERR_ERROR: unspecified multimedia system error";
            default:
                return "MMRESULT " + result;
        }
    }
}
