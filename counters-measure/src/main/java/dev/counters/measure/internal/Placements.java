package dev.counters.measure.internal;

import dev.counters.measure.Task;
import java.lang.reflect.InvocationTargetException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Several instances of each of two task classes, made in a random order with random gaps between
 * them, each task's {@link TaskLoop} then moving on to its next instance at every round of the
 * {@link Schedule}.
 *
 * <p>Why: where an instance's data lies in memory (its cache sets, its alignment to lines and pages)
 * can change its speed by a fifth. In one JVM the second instance of the very same CRC32 class ran
 * 20-26% slower than the first, in another 15-18% faster, so across JVMs the ratio of two identical
 * tasks took two values, and three forks that fell on one side gave a narrow interval around the
 * wrong one. Made in a fixed order, A and B always get the same kind of placement; made in a
 * random order with random gaps, the placement is a fresh draw per fork (so the forks' interval
 * holds it as the variation between JVMs it is); and with several instances taking turns round by
 * round, each fork's median already spans several placements, which shrinks that variation where
 * it arises instead of paying for it with more forks. A round times one instance of each task, and
 * the re-warming runs ({@link InTurn}) run that same instance, so a timed run still starts from its
 * own data in the caches, as it would measured alone. Each instance is made in one go, with no
 * garbage collection in the middle of its making (see {@code madeInOneGo}), as JMH's single
 * instance is: a collection that came while it was made would scatter its data.
 */
public final class Placements {
    /** How many instances of each task class a fork makes in a share of the budget shorter than {@link #LONG_SHARE}: 4. */
    public static final int INSTANCES = 4;
    /**
     * How many instances of each task class a fork makes in a share of {@link #LONG_SHARE} or more: 8.
     * A longer share has the pairs for them, and the forks' spread that where the instances' data lies
     * causes shrinks with more placements per fork: CRC32 1% more rounds in 8 forks of 7.5 s (60 s) was
     * found in 8 of 10 processes with 4 instances a fork, and in 10 of 10 with 8 (docs/MEASURE.md).
     */
    public static final int MORE_INSTANCES = 8;
    /** The share of the budget from which a fork makes {@link #MORE_INSTANCES}: 6 s, what each of 5 forks gets of 30 s. */
    static final Duration LONG_SHARE = Duration.ofSeconds(6);
    /** The largest gap, in bytes, allocated (and kept) between two instances. */
    static final int MAX_GAP_BYTES = 16 * 1024;

    /** The gaps, kept reachable so that the instances around them stay where they were placed. */
    private final List<byte[]> gaps = new ArrayList<>();
    private final Task a;
    private final Task b;

    private Placements(Task a, Task b) {
        this.a = a;
        this.b = b;
    }

    /** The instances of each task class a fork makes in {@code share} of the budget. */
    public static int instancesFor(Duration share) {
        return share.compareTo(LONG_SHARE) >= 0 ? MORE_INSTANCES : INSTANCES;
    }

    /**
     * {@code instances} instances each of {@code classA} and {@code classB}, made in an order and
     * with gaps drawn from {@code random}.
     *
     * @throws MakingFailed naming the task (A or B) whose constructor threw, or whose instances ran
     *     out of heap, with how much each instance made so far keeps
     */
    public static Placements of(Class<? extends Task> classA, Class<? extends Task> classB, int instances,
            SplittableRandom random) {
        Task[] as = new Task[instances];
        Task[] bs = new Task[instances];
        List<byte[]> gaps = new ArrayList<>();
        int madeA = 0;
        int madeB = 0;
        Runtime runtime = Runtime.getRuntime();
        long usedBefore = runtime.totalMemory() - runtime.freeMemory();
        while (madeA < instances || madeB < instances) {
            boolean nextIsA = madeB == instances || madeA < instances && random.nextBoolean();
            try {
                if (nextIsA) {
                    as[madeA++] = madeInOneGo(classA);
                } else {
                    bs[madeB++] = madeInOneGo(classB);
                }
            } catch (InvocationTargetException e) {
                throw new MakingFailed(nextIsA ? "A" : "B", "its constructor", instances, 0, e.getCause());
            } catch (ExceptionInInitializerError e) {
                throw new MakingFailed(nextIsA ? "A" : "B", "its static initialiser", instances, 0, e.getCause());
            } catch (LinkageError e) {
                throw new MakingFailed(nextIsA ? "A" : "B", "loading its class (" + e.getClass().getSimpleName() + ")",
                        instances, 0, e);
            } catch (ReflectiveOperationException e) {
                throw new MakingFailed(nextIsA ? "A" : "B", "its constructor", instances, 0, e);
            } catch (OutOfMemoryError e) {
                as = null;
                bs = null;
                gaps.clear();
                int made = madeA + madeB - 1;
                long kept = runtime.totalMemory() - runtime.freeMemory() - usedBefore;
                throw new MakingFailed(nextIsA ? "A" : "B", "making its instances", instances,
                        made > 0 ? kept / made : runtime.maxMemory(), e);
            }
            gaps.add(new byte[random.nextInt(MAX_GAP_BYTES + 1)]);
        }
        Placements placements = new Placements(madeOf(as), madeOf(bs));
        placements.gaps.addAll(gaps);
        return placements;
    }

    /**
     * {@link #INSTANCES} instances of each class made in this JVM, in an order drawn afresh.
     *
     * @throws IllegalArgumentException if a constructor threw or the instances did not fit in the heap
     */
    public static Placements inThisJvm(Class<? extends Task> classA, Class<? extends Task> classB) {
        try {
            return of(classA, classB, INSTANCES, new SplittableRandom());
        } catch (MakingFailed e) {
            throw new IllegalArgumentException(e.getMessage(), e.getCause());
        }
    }

    /** A task's instances could not be made: its constructor threw, or they did not fit in the heap. */
    public static final class MakingFailed extends RuntimeException {
        private static final long serialVersionUID = 1L;
        private final String task;
        private final String call;

        MakingFailed(String task, String call, int instances, long bytesPerInstance, Throwable cause) {
            super(cause instanceof OutOfMemoryError
                    ? String.format(java.util.Locale.ROOT, "ran out of heap making %d instances of %s: each instance keeps "
                            + "~%d MB, and the heap holds at most %d MB; give the forks more heap (--jvm-args-append "
                            + "-Xmx...) or make each instance smaller", instances, task,
                            Math.max(1, bytesPerInstance >> 20), Runtime.getRuntime().maxMemory() >> 20)
                    : call.equals("its constructor") ? "the constructor of task " + task + " threw " + cause
                    : "task " + task + " failed in " + call + ": " + cause, cause);
            this.task = task;
            this.call = call;
        }

        /** {@code A} or {@code B}. */
        public String task() {
            return task;
        }

        /** What failed: {@code its constructor} or {@code making its instances}. */
        public String call() {
            return call;
        }
    }

    /**
     * An instance of {@code taskClass} whose making no garbage collection interrupted: one that a
     * collection interrupted is dropped and made once more, right after a full collection
     * ({@link System#gc()}) has emptied the young generation for it. A collection in the middle of
     * the making moves what is made so far away from what is made after it: a {@code HashMap} of
     * 100,000 keys made fourth in a fork (three collections while the instances were made) ran
     * 10,000 lookups in 390-510 µs, the same map made in a freshly emptied heap in 160 µs, and JMH's
     * single instance, made before any collection, in 155-230 µs. A task that allocates more while
     * being made than the young generation holds is kept as made the second time.
     */
    private static Task madeInOneGo(Class<? extends Task> taskClass) throws ReflectiveOperationException {
        long collections = GcCount.total();
        Task made = taskClass.getConstructor().newInstance();
        if (GcCount.total() == collections) {
            return made;
        }
        made = null; // unreachable before the collection, even to the interpreter, which keeps a local's slot alive
        System.gc();
        return taskClass.getConstructor().newInstance();
    }

    private static Task madeOf(Task[] instances) {
        return instances.length == 1 ? instances[0] : new Instances(instances);
    }

    public Task a() {
        return a;
    }

    public Task b() {
        return b;
    }

    /** The instances {@code task} is made of: those of a {@link #of placement}, else {@code task} alone. */
    static Task[] instances(Task task) {
        return task instanceof Instances made ? made.instances.clone() : new Task[] {task};
    }

    /**
     * Several instances of one task class, which the task's {@link TaskLoop} takes in turns, one
     * round each; run directly, the first.
     */
    private static final class Instances implements Task {
        private final Task[] instances;

        Instances(Task[] instances) {
            this.instances = instances;
        }

        @Override
        public Object run() throws Exception {
            return instances[0].run();
        }
    }
}
