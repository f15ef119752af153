package dev.counters.measure.internal.fork;

import dev.counters.measure.ClockComparison;
import dev.counters.measure.Task;
import dev.counters.measure.TaskFailedException;
import dev.counters.measure.internal.InJvmCompare;
import dev.counters.measure.internal.Instruments;
import dev.counters.measure.internal.JvmComparison;
import dev.counters.measure.internal.Placements;
import dev.counters.measure.internal.Schedule;
import dev.counters.measure.internal.TaskClasses;
import dev.counters.measure.internal.Thrown;
import dev.counters.measure.internal.stats.ForkEstimate;
import dev.counters.measure.internal.stats.VerdictRule;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The {@code main} of one fork: a fresh JVM that reads its {@link ForkRequest} from standard input,
 * makes the instances of both tasks ({@link Placements}), runs its share of the comparison
 * ({@link InJvmCompare#asFork}) and writes one {@link ForkReply} to the file the request names:
 * its figures, or which task failed in which call and how. Then it ends at once, whatever threads a
 * task left running.
 *
 * <p>It dies with its parent: after the request, a daemon thread waits on standard input, which the
 * parent holds open, and halts this JVM when it ends (the parent ended, however: a signal, a kill,
 * an exit). A task that calls {@code System.exit} is named by a shutdown hook.
 */
public final class ForkChild {
    /** The exit code of a fork whose parent went away: 125. */
    static final int PARENT_GONE = 125;
    /** The exit code of a fork that wrote a {@link ForkReply.Failed}: 1. */
    static final int FAILED = 1;
    /**
     * The byte a parent sends on standard input to ask a fork that runs past its share to stop at
     * the end of its current round of pairs and reply with what it measured.
     */
    static final int STOP = 'S';

    private static volatile String phase = "reading its request";
    private static volatile boolean replied;
    private static volatile boolean stopAsked;

    private ForkChild() {}

    /**
     * Reads the request from standard input and replies to the file {@code args[0]} names; see the
     * class comment. Started by {@code ForkedCompare}: a request it cannot read (another build's)
     * is answered with a {@link ForkReply.Failed} that says why.
     */
    public static void main(String[] args) {
        if (args.length != 1) {
            System.err.println("counters fork: started by ForkedCompare only, with the reply file as its one argument");
            Runtime.getRuntime().halt(2);
            return;
        }
        Path reply = Path.of(args[0]);
        ForkRequest request;
        try {
            request = ForkMessages.read(System.in, ForkRequest.class);
        } catch (IOException e) {
            write(failed("", "reading its request", "the fork cannot read its request: " + e.getMessage()), reply);
            Runtime.getRuntime().halt(2);
            return;
        }
        watchParent(System.in);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> exitedEarly(request, reply), "counters-fork-exit"));
        ForkReply answer = answer(request);
        write(answer, reply);
        System.out.flush();
        System.err.flush();
        Runtime.getRuntime().halt(answer instanceof ForkReply.Failed ? FAILED : 0);
    }

    /** What this fork measured, or how it failed. */
    static ForkReply answer(ForkRequest request) {
        Placements tasks;
        try {
            phase = "making the instances of A and B";
            Class<? extends Task> a = TaskClasses.load(request.a().className(), request.a().classPath(), "A");
            Class<? extends Task> b = TaskClasses.load(request.b().className(), request.b().classPath(), "B");
            tasks = Placements.of(a, b, Placements.instancesFor(request.settings().budget()),
                    new SplittableRandom(request.seed()));
        } catch (Placements.MakingFailed e) {
            return failed(e.task(), e.call(), e.getMessage() + firstLines(e.getCause()));
        } catch (IllegalArgumentException e) {
            return failed("", "loading the task classes", e.getMessage());
        }
        JvmComparison result;
        try {
            phase = "the comparison";
            result = InJvmCompare.asFork(request.settings(), Instruments.real(), request.bFirst(), () -> stopAsked)
                    .run(tasks.a(), tasks.b());
        } catch (TaskFailedException e) {
            String task = e.phase().contains(" of B") ? "B" : e.phase().contains(" of A") ? "A" : "";
            return failed(task, "run()", "task " + task + " threw in its " + e.phase() + ": " + firstLines(e.getCause()));
        } catch (OutOfMemoryError e) {
            tasks = null;
            return failed("", "run()", "ran out of heap while the tasks ran (" + e.getMessage() + "): give the forks more heap "
                    + "(--jvm-args-append -Xmx...) or make the tasks keep less");
        } catch (RuntimeException | StackOverflowError e) {
            return failed("", "the comparison", firstLines(e));
        }
        return measured(request, result, Placements.instancesFor(request.settings().budget()));
    }

    private static ForkReply.Measured measured(ForkRequest request, JvmComparison result, int instances) {
        ClockComparison wall = result.wall();
        ClockComparison cpu = result.threadCpu();
        ForkEstimate wallEstimate = ForkEstimate.of(wall.ratios(), wall.setAside(), instances, Schedule.PAIRS_PER_ROUND);
        ForkEstimate cpuEstimate = ForkEstimate.of(cpu.ratios(), null, instances, Schedule.PAIRS_PER_ROUND);
        return new ForkReply.Measured(ForkMessage.VERSION, wallEstimate.ratio(), cpuEstimate.ratio(), wallEstimate.floor(),
                cpuEstimate.floor(), wall.medianA(), wall.medianB(), cpu.medianA(), cpu.medianB(), own(wall), own(cpu),
                VerdictRule.otherThreads(result.otherThreadShareA(), result.otherThreadShareB()), result.runnableShare(),
                result.pairs(),
                result.noise().machine(), result.noise().summary(), result.collectedRunsA(),
                result.collectedRunsB(), result.elapsed().toNanos(), result.invocationsPerRun(), result.invocationsPerRunB(), request.seed(), instances,
                result.counters(), result.warnings(), nonDaemonThreadsLeft());
    }

    private static ForkReply.OwnInterval own(ClockComparison clock) {
        return new ForkReply.OwnInterval(clock.ratio(), clock.interval().low(), clock.interval().high(),
                clock.interval().achievedConfidence());
    }

    private static ForkReply.Failed failed(String task, String call, String what) {
        return new ForkReply.Failed(ForkMessage.VERSION, task, call, what);
    }

    /** The names of the live non-daemon threads other than this one: what a task left running. */
    private static List<String> nonDaemonThreadsLeft() {
        List<String> names = new ArrayList<>();
        for (Thread thread : Thread.getAllStackTraces().keySet()) {
            if (thread != Thread.currentThread() && !thread.isDaemon() && thread.isAlive()
                    && !thread.getName().equals("DestroyJavaVM")) {
                names.add(thread.getName());
            }
        }
        return names;
    }

    /** The exception's first lines: its own, its first frames, and its causes' first lines. */
    static String firstLines(Throwable e) {
        if (e == null) {
            return "";
        }
        StringBuilder text = new StringBuilder("\n").append(Thrown.describe(e));
        StackTraceElement[] frames = e.getStackTrace();
        for (int i = 0; i < Math.min(3, frames.length); i++) {
            text.append("\n\tat ").append(frame(frames[i]));
        }
        for (Throwable cause = e.getCause(); cause != null && cause != e; cause = cause.getCause()) {
            text.append("\nCaused by: ").append(cause);
            if (cause.getStackTrace().length > 0) {
                text.append("\n\tat ").append(frame(cause.getStackTrace()[0]));
            }
        }
        return text.toString();
    }

    /** {@code com.example.B.run(B.java:12)}: a frame as a person reads it, without its class loader's or module's name. */
    private static String frame(StackTraceElement frame) {
        return frame.getClassName() + "." + frame.getMethodName() + "(" + (frame.getFileName() == null ? "Unknown Source"
                : frame.getFileName() + (frame.getLineNumber() >= 0 ? ":" + frame.getLineNumber() : "")) + ")";
    }

    /**
     * Run by the shutdown hook: the JVM is ending before this fork replied, which only
     * {@code System.exit} (or a signal) does here. Replies so, naming the caller of {@code exit}.
     */
    private static void exitedEarly(ForkRequest request, Path reply) {
        if (replied) {
            return;
        }
        String caller = exitCaller();
        String task = caller.contains(request.a().className()) ? "A" : caller.contains(request.b().className()) ? "B" : "";
        write(failed(task, "System.exit", caller.isEmpty()
                ? "the fork's JVM was ended (a signal, or System.exit) while " + phase
                : "called System.exit while " + phase + " (at " + caller + ")"), reply);
    }

    /** The frame that called {@code System.exit} or {@code Runtime.exit}, or "" if no thread is in it. */
    private static String exitCaller() {
        for (StackTraceElement[] frames : Thread.getAllStackTraces().values()) {
            for (int i = 0; i + 1 < frames.length; i++) {
                boolean exit = frames[i].getMethodName().equals("exit") && (frames[i].getClassName().equals("java.lang.System")
                        || frames[i].getClassName().equals("java.lang.Runtime"));
                if (exit && !frames[i + 1].getClassName().startsWith("java.lang.")) {
                    return frame(frames[i + 1]);
                }
            }
        }
        return "";
    }

    /** Writes the reply to a temporary file beside {@code reply}, then moves it there: the parent never reads half of one. */
    private static synchronized void write(ForkReply answer, Path reply) {
        if (replied) {
            return;
        }
        try {
            Path partial = reply.resolveSibling(reply.getFileName() + ".part");
            try (OutputStream out = Files.newOutputStream(partial)) {
                ForkMessages.write(answer, out);
            }
            Files.move(partial, reply, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            replied = true;
        } catch (IOException e) {
            System.err.println("counters fork: cannot write its reply to " + reply + ": " + e);
        }
    }

    /**
     * Halts this JVM when {@code parent} (its standard input, held open by the parent) ends; on a
     * {@link #STOP} from it, asks the comparison to end its pairs with the round (never an interrupt,
     * which would wake a task's own sleep or wait and fail it).
     */
    private static void watchParent(InputStream parent) {
        Thread watch = new Thread(() -> {
            try {
                for (int read = parent.read(); read >= 0; read = parent.read()) {
                    if (read == STOP) {
                        phase = phase + " (asked to stop: it ran past its share)";
                        stopAsked = true;
                    }
                }
            } catch (IOException ended) {
                // The same: the parent is gone.
            }
            Runtime.getRuntime().halt(PARENT_GONE);
        }, "counters-fork-parent-watch");
        watch.setDaemon(true);
        watch.start();
    }
}
