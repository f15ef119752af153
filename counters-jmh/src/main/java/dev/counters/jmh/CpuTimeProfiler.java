package dev.counters.jmh;

import dev.counters.CounterInfo;
import dev.counters.Counters;
import dev.counters.CpuTimesCounter;
import java.io.File;
import java.util.Collection;
import java.util.List;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.profile.ExternalProfiler;
import org.openjdk.jmh.profile.InternalProfiler;
import org.openjdk.jmh.profile.ProfilerException;
import org.openjdk.jmh.results.BenchmarkResult;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.runner.IterationType;

/**
 * A JMH profiler that adds CPU time per operation to any benchmark, split into kernel and user
 * time, for the benchmark's own worker threads and for the whole process, and the workers' CPU
 * utilisation. Where {@code -prof perfnorm} needs {@code perf} and a PMU, this needs only the
 * operating system's CPU-time accounting, so it works on VMs, containers and Windows alike:
 *
 * <pre>
 * java -jar benchmarks.jar -prof dev.counters.jmh.CpuTimeProfiler
 * java -jar benchmarks.jar -prof dev.counters.jmh.CpuTimeProfiler:unit=us;process=false
 * new OptionsBuilder().include("MyBenchmark").addProfiler(CpuTimeProfiler.class, "unit=us")
 * </pre>
 *
 * <p>Its secondary results, each normalised by the iteration's operation count as
 * {@code gc.alloc.rate.norm} is:
 * <ul>
 *   <li>{@code cpu.worker.norm}, {@code cpu.worker.kernel.norm}, {@code cpu.worker.user.norm}: the CPU
 *       time of the benchmark's worker threads per operation, and its kernel and user parts
 *       (kernel + user == total);
 *   <li>{@code cpu.process.norm}, {@code .kernel.norm}, {@code .user.norm}: the same for the whole
 *       process: GC, JIT compiler and every other thread included ({@code process=false} leaves
 *       them out);
 *   <li>{@code cpu.worker.utilisation}: the workers' CPU time ÷ (wall time × threads); well under 1
 *       means the benchmark blocks or waits.
 * </ul>
 *
 * <p>JMH calls a profiler on its harness thread, not on the workers, so a counter confined to the
 * calling thread cannot serve. The profiler reads each worker's own CPU clock from outside, by the
 * worker's native id: on Linux its {@code CPUCLOCK_SCHED} clock id (exact nanoseconds) split in the
 * ratio of its sampled user and system ticks, as {@code getrusage(RUSAGE_THREAD)} and a
 * {@code THREAD_TIMES} counter split it; on Windows {@code GetThreadTimes} on a handle from
 * {@code OpenThread}. That needs counters-posix or counters-windows on the class path (counters-jmh
 * brings both); without them it falls back to {@code ThreadMXBean}, whose split is in scheduler
 * ticks and is labelled not exact. Reading from outside, rather than starting counters inside the
 * workers, needs no hook in the benchmark and adds nothing to the measured code. The process's time
 * comes from a {@code PROCESS_TIMES} counter started and stopped on the harness thread.
 *
 * <p>The figures span the profiler's window, from just before JMH starts the iteration's workers
 * to just after they stopped: they include each worker's iteration-level setup and teardown and,
 * with several threads, the operations JMH runs while the threads line up (synchronised
 * iterations), which the operation count leaves out.
 *
 * <p>The profiler gives each fork {@value #NATIVE_ACCESS} itself: on JDK 22+ the platform modules
 * read their clocks through FFM only where native access is enabled, and on JDK 24+ JNA warns
 * without it. Nothing needs adding to the run's {@code -jvmArgs}.
 */
public final class CpuTimeProfiler implements InternalProfiler, ExternalProfiler {
    /** What each fork gets: native access for the class path, where JMH runs the benchmarks. */
    static final String NATIVE_ACCESS = "--enable-native-access=ALL-UNNAMED";

    private final ProfilerOptions options;
    private WorkerCpu workers;
    private CpuTimesCounter process;
    private long wallStart;
    private int measured;

    /** The profiler with its default options: nanoseconds per operation, the process included. */
    public CpuTimeProfiler() throws ProfilerException {
        this("");
    }

    /**
     * The profiler with the options JMH passes after its name and a colon, e.g. {@code unit=us;process=false}.
     *
     * @throws ProfilerException for {@code help} (with the options' usage), an unknown option or a bad value
     */
    public CpuTimeProfiler(String initLine) throws ProfilerException {
        this.options = ProfilerOptions.parse(initLine);
    }

    @Override
    public String getDescription() {
        return "CPU time per operation of the worker threads and the process, split into kernel and user"
                + " (counters: exact on Linux and Windows)";
    }

    /** Native access for the fork's platform modules ({@value #NATIVE_ACCESS}; the flag exists since JDK 17). */
    @Override
    public Collection<String> addJVMOptions(BenchmarkParams params) {
        return List.of(NATIVE_ACCESS);
    }

    @Override
    public Collection<String> addJVMInvokeOptions(BenchmarkParams params) {
        return List.of();
    }

    @Override
    public void beforeTrial(BenchmarkParams benchmarkParams) {
        // The figures come from inside the fork (InternalProfiler); the host only adds the flag.
    }

    @Override
    public Collection<? extends Result> afterTrial(BenchmarkResult benchmarkResult, long pid, File stdOut, File stdErr) {
        return List.of();
    }

    @Override
    public boolean allowPrintOut() {
        return true;
    }

    @Override
    public boolean allowPrintErr() {
        return true;
    }

    @Override
    public void beforeIteration(BenchmarkParams benchmarkParams, IterationParams iterationParams) {
        if (workers == null) {
            WorkerClocks clocks = WorkerClocks.find();
            if (!clocks.exactSplit()) {
                System.out.println("# " + CpuTimeProfiler.class.getSimpleName() + ": " + clocks.description());
            }
            workers = new WorkerCpu(clocks, WorkerThreads::named, NativeThreadIds::ofThisJvm);
            process = options.process() ? Counters.processTimes() : null;
            if (process != null && !process.getInfo().hasKernelUserSplit()) {
                System.out.println("# " + CpuTimeProfiler.class.getSimpleName() + ": " + whyNoProcessSplit(process.getInfo()));
            }
        }
        workers.beforeIteration(WorkerThreads.prefix(benchmarkParams.getBenchmark()));
        if (process != null) {
            process.start();
        }
        wallStart = System.nanoTime();
    }

    /** Why the process's kernel and user rows are missing where {@code info}, PROCESS_TIMES's, has no split. */
    static String whyNoProcessSplit(CounterInfo info) {
        return "no " + IterationFigures.PROCESS_KERNEL + " or " + IterationFigures.PROCESS_USER + ": PROCESS_TIMES is served by"
                + " the '" + info.provider() + "' provider, which has no kernel/user split (" + info.notes() + "). counters-jmh"
                + " brings counters-posix and counters-windows; where they are in the benchmarks jar, its META-INF/services"
                + " files were not merged when it was shaded: keep the shade plugin's ServicesResourceTransformer (docs/JMH.md)";
    }

    @Override
    public Collection<? extends Result> afterIteration(
            BenchmarkParams benchmarkParams, IterationParams iterationParams, IterationResult result) {
        long wall = System.nanoTime() - wallStart;
        CpuShare processShare = null;
        boolean processSplit = false;
        if (process != null) {
            process.stop();
            processSplit = process.getInfo().hasKernelUserSplit();
            processShare = CpuShare.ofTicks(process.getPeriodCount(),
                    processSplit ? process.getKernelPeriodCount() : 0, process.getFrequency());
        }
        CpuShare workerShare = workers.afterIteration(WorkerThreads.prefix(benchmarkParams.getBenchmark()));
        if (iterationParams.getType() == IterationType.MEASUREMENT
                && ++measured == benchmarkParams.getMeasurement().getCount()) {
            // JMH makes a profiler per benchmark and tells it nothing at the end: release the
            // workers' clocks (Windows thread handles) after the last measured iteration.
            workers.close();
            workers = null;
            measured = 0;
        }
        return IterationFigures.of(options, workerShare, processShare, processSplit, wall,
                benchmarkParams.getThreads(), result.getMetadata().getAllOps());
    }
}
