package dev.counters;

/**
 * A counter of CPU time, the thread's ({@link CounterKind#THREAD_TIMES}) or the whole
 * process's ({@link CounterKind#PROCESS_TIMES}), with the split into kernel and user time.
 *
 * <p>Use it to time an algorithm honestly on a busy machine: wall time includes every moment
 * the thread was preempted, CPU time does not. A thread-times counter must be
 * started and stopped on the same thread.
 *
 * <pre>{@code
 * CpuTimesCounter cpu = Counters.threadTimes();
 * cpu.start();
 * parse(file);
 * cpu.stop();
 * System.out.printf("%d us (%d kernel, %d user)%n",
 *         cpu.getMicroseconds(), cpu.getKernelMicroseconds(), cpu.getUserMicroseconds());
 * }</pre>
 */
public interface CpuTimesCounter extends Counter, CpuTimesReadings {}
