package dev.counters.windows.internal;

import static dev.counters.windows.internal.FfmDowncalls.critical;
import static dev.counters.windows.internal.FfmDowncalls.plain;
import static dev.counters.windows.internal.FfmDowncalls.required;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandle;

/** winmm's timer functions, linked apart from kernel32 so that a missing winmm costs only MULTIMEDIA and the timer period. */
final class FfmWinmm {
    private static final SymbolLookup WINMM = SymbolLookup.libraryLookup("winmm", Arena.global());

    static final MethodHandle TIME_GET_TIME = critical(required(WINMM, "timeGetTime"), FunctionDescriptor.of(JAVA_INT));
    static final MethodHandle TIME_BEGIN_PERIOD = plain(required(WINMM, "timeBeginPeriod"), FunctionDescriptor.of(JAVA_INT, JAVA_INT));
    static final MethodHandle TIME_END_PERIOD = plain(required(WINMM, "timeEndPeriod"), FunctionDescriptor.of(JAVA_INT, JAVA_INT));
    static final MethodHandle TIME_GET_DEV_CAPS = plain(required(WINMM, "timeGetDevCaps"),
            FunctionDescriptor.of(JAVA_INT, JAVA_LONG, JAVA_INT));

    private FfmWinmm() {}

    static void link() {}
}
