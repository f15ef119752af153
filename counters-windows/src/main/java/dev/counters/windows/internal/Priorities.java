package dev.counters.windows.internal;

import java.util.Map;

/** Names and order of Windows priority classes and thread priorities, for decisions and descriptions. */
final class Priorities {
    /** Priority classes from lowest to highest; their numeric values are not ordered. */
    private static final Map<Integer, String> CLASS_NAMES = Map.of(
            0x40, "IDLE_PRIORITY_CLASS",
            0x4000, "BELOW_NORMAL_PRIORITY_CLASS",
            0x20, "NORMAL_PRIORITY_CLASS",
            0x8000, "ABOVE_NORMAL_PRIORITY_CLASS",
            WindowsCalls.HIGH_PRIORITY_CLASS, "HIGH_PRIORITY_CLASS",
            WindowsCalls.REALTIME_PRIORITY_CLASS, "REALTIME_PRIORITY_CLASS");
    private static final int[] CLASS_ORDER = {0x40, 0x4000, 0x20, 0x8000, WindowsCalls.HIGH_PRIORITY_CLASS, WindowsCalls.REALTIME_PRIORITY_CLASS};

    private static final Map<Integer, String> THREAD_NAMES = Map.of(
            -15, "THREAD_PRIORITY_IDLE",
            -2, "THREAD_PRIORITY_LOWEST",
            -1, "THREAD_PRIORITY_BELOW_NORMAL",
            0, "THREAD_PRIORITY_NORMAL",
            1, "THREAD_PRIORITY_ABOVE_NORMAL",
            WindowsCalls.THREAD_PRIORITY_HIGHEST, "THREAD_PRIORITY_HIGHEST",
            15, "THREAD_PRIORITY_TIME_CRITICAL");

    private Priorities() {}

    /** Whether {@code priorityClass} is below {@code HIGH_PRIORITY_CLASS}; an unknown class is left alone. */
    static boolean classIsBelowHigh(int priorityClass) {
        int rank = classRank(priorityClass);
        return rank >= 0 && rank < classRank(WindowsCalls.HIGH_PRIORITY_CLASS);
    }

    /** Whether {@code priority} is below {@code THREAD_PRIORITY_HIGHEST}. */
    static boolean threadIsBelowHighest(int priority) {
        return priority < WindowsCalls.THREAD_PRIORITY_HIGHEST;
    }

    static String className(int priorityClass) {
        return CLASS_NAMES.getOrDefault(priorityClass, "priority class 0x" + Integer.toHexString(priorityClass));
    }

    static String threadName(int priority) {
        return THREAD_NAMES.getOrDefault(priority, "thread priority " + priority);
    }

    private static int classRank(int priorityClass) {
        for (int rank = 0; rank < CLASS_ORDER.length; rank++) {
            if (CLASS_ORDER[rank] == priorityClass) {
                return rank;
            }
        }
        return -1;
    }
}
