package dev.counters;

/**
 * What a counter's ticks stand for. Wall time keeps running while a thread waits or is
 * preempted; CPU time advances only while the thread (or process) runs; cycles count processor
 * clock cycles.
 */
public enum Measures {
    /** Elapsed real time, whatever the thread was doing. */
    WALL_TIME,
    /** CPU time consumed by the calling thread only. */
    THREAD_CPU_TIME,
    /** CPU time consumed by all threads of the process. */
    PROCESS_CPU_TIME,
    /** Processor clock cycles. */
    CYCLES
}
