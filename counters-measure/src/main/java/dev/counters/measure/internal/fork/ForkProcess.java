package dev.counters.measure.internal.fork;

import java.io.IOException;
import java.io.OutputStream;
import java.io.RandomAccessFile;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * One fork's process: started with its request on standard input (held open: the fork dies when it
 * closes), its output in a temporary file of which only the last {@link #TAIL_BYTES} are ever read,
 * its reply read from another, both deleted when it ends. A fork still running at its stall limit,
 * or when the waiting thread is interrupted, is killed with whatever it started. A fork still
 * running when this JVM exits (a signal, {@code System.exit}) is killed by a shutdown hook, and one
 * whose parent is killed outright halts itself ({@link ForkChild}). A fork that hook killed is not
 * a fork that failed: its waiting thread is told it was interrupted, as if by
 * {@link Thread#interrupt}, so that the comparison keeps the forks that ended and says why it
 * stopped.
 */
final class ForkProcess {
    /** How much of a fork's output is kept to explain a failure: its last 8 KiB. */
    static final int TAIL_BYTES = 8 * 1024;
    private static final Set<Process> RUNNING = ConcurrentHashMap.newKeySet();
    /** The forks the shutdown hook killed, marked before they die: whoever waits for one learns why it ended. */
    private static final Set<Process> REAPED = ConcurrentHashMap.newKeySet();

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(() -> RUNNING.forEach(process -> {
            REAPED.add(process);
            kill(process);
        }), "counters-fork-reaper"));
    }

    /** How a fork ended. */
    sealed interface Outcome {}

    /** It replied (and ended with {@code exitCode}); {@code cutShort} when it was asked to stop before it ended by itself. */
    record Replied(ForkReply reply, int exitCode, String outputTail, boolean cutShort) implements Outcome {}

    /** It ended with {@code exitCode} and no reply. */
    record Silent(int exitCode, String outputTail) implements Outcome {}

    /** It ended with {@code exitCode} and a reply that cannot be read: {@code why}. */
    record Unreadable(String why, int exitCode, String outputTail) implements Outcome {}

    /** It was still running at its stall limit, {@code nanos} after it started, and was killed. */
    record Stalled(long nanos, String outputTail) implements Outcome {}

    private ForkProcess() {}

    /**
     * Runs {@code command} as a fork of {@code request} (whose reply file it reads); one still running
     * after {@code wrapUpAfter} is asked to stop with its round of pairs and reply with what it
     * measured ({@link ForkChild#STOP}); one still running after {@code stallLimit} is killed.
     *
     * @throws InterruptedException if interrupted while waiting (the fork killed first), or this JVM
     *     is shutting down and its shutdown hook killed the fork
     */
    static Outcome run(List<String> command, ForkRequest request, Duration wrapUpAfter, Duration stallLimit)
            throws InterruptedException {
        Path output = null;
        Path reply = Path.of(request.replyFile());
        Process process = null;
        long start = System.nanoTime();
        try {
            output = Files.createTempFile("counters-fork-", ".out");
            output.toFile().deleteOnExit();
            ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(output.toFile());
            withoutJvmOptions(builder.environment());
            process = builder.start();
            RUNNING.add(process);
            OutputStream toFork = process.getOutputStream();
            try {
                ForkMessages.write(request, toFork);
            } catch (IOException refused) {
                // The JVM did not start (an option it refuses, too little heap): what it printed says why.
                process.waitFor(10, TimeUnit.SECONDS);
                throwIfReaped(process);
                return new Silent(process.isAlive() ? -1 : process.exitValue(), tail(output));
            }
            boolean cutShort = false;
            if (!process.waitFor(wrapUpAfter.toNanos(), TimeUnit.NANOSECONDS)) {
                cutShort = askToStop(toFork);
                long left = stallLimit.toNanos() - (System.nanoTime() - start);
                if (!process.waitFor(Math.max(0, left), TimeUnit.NANOSECONDS)) {
                    kill(process);
                    process.waitFor();
                    return new Stalled(System.nanoTime() - start, tail(output));
                }
            }
            throwIfReaped(process);
            toFork.close();
            String tail = tail(output);
            if (Files.size(reply) == 0) {
                return new Silent(process.exitValue(), tail);
            }
            try (var in = Files.newInputStream(reply)) {
                return new Replied(ForkMessages.read(in, ForkReply.class), process.exitValue(), tail, cutShort);
            } catch (IOException unreadable) {
                return new Unreadable(unreadable.getMessage(), process.exitValue(), tail);
            }
        } catch (InterruptedException e) {
            kill(process);
            awaitEnd(process);
            throw e;
        } catch (IOException e) {
            kill(process);
            throw new UncheckedIOException("cannot run a fork or read its reply (" + e.getMessage() + "); the fork's command: "
                    + String.join(" ", command), e);
        } finally {
            if (process != null) {
                RUNNING.remove(process);
                REAPED.remove(process);
            }
            deleteQuietly(output);
            deleteQuietly(reply);
            deleteQuietly(reply.resolveSibling(reply.getFileName() + ".part"));
        }
    }

    /** A fork this JVM's shutdown killed ended because of that, whatever its exit code says. */
    private static void throwIfReaped(Process process) throws ShutDown {
        if (REAPED.contains(process)) {
            throw new ShutDown();
        }
    }

    /** The wait for a fork ended because this JVM began to shut down, and its shutdown killed the fork. */
    static final class ShutDown extends InterruptedException {
        private static final long serialVersionUID = 1L;

        ShutDown() {
            super("this JVM is shutting down (a signal, or System.exit)");
        }
    }

    /** {@code environment} without the variables a JVM reads options from ({@link ForkJvmOptions#FROM_THE_ENVIRONMENT}). */
    static void withoutJvmOptions(java.util.Map<String, String> environment) {
        environment.keySet().removeAll(ForkJvmOptions.FROM_THE_ENVIRONMENT);
    }

    /** Sends {@link ForkChild#STOP}; false when the fork no longer reads (it is ending). */
    private static boolean askToStop(OutputStream toFork) {
        try {
            toFork.write(ForkChild.STOP);
            toFork.flush();
            return true;
        } catch (IOException ending) {
            return false;
        }
    }

    /** The last {@link #TAIL_BYTES} of {@code output}, from the start of a line. */
    static String tail(Path output) throws IOException {
        try (RandomAccessFile file = new RandomAccessFile(output.toFile(), "r")) {
            long length = file.length();
            int size = (int) Math.min(length, TAIL_BYTES);
            byte[] bytes = new byte[size];
            file.seek(length - size);
            file.readFully(bytes);
            String text = new String(bytes, StandardCharsets.UTF_8);
            int newline = text.indexOf('\n');
            return length > size && newline >= 0 ? text.substring(newline + 1) : text;
        }
    }

    /** Waits a little for a killed {@code process} to be gone, so that none is left when the caller goes on. */
    private static void awaitEnd(Process process) {
        if (process == null) {
            return;
        }
        try {
            process.waitFor(5, TimeUnit.SECONDS);
        } catch (InterruptedException again) {
            Thread.currentThread().interrupt();
        }
    }

    /** Kills {@code process} and whatever it started. */
    private static void kill(Process process) {
        if (process != null) {
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
        }
    }

    private static void deleteQuietly(Path file) {
        if (file == null) {
            return;
        }
        try {
            Files.deleteIfExists(file);
        } catch (IOException e) {
            file.toFile().deleteOnExit();
        }
    }
}
