package dev.counters.cli;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.Charset;
import java.util.Locale;
import java.util.Optional;

/**
 * The command's standard output, written straight to file descriptor 1 and remembering why a write
 * failed. A {@link PrintWriter} only records that one did ({@link #checkError}); this also tells a
 * reader that went away ({@code counters list | head -5}: the pipe is closed, normal use that Unix
 * tools end quietly) from a failure that loses output (a full disk), which is reported.
 * Through {@link System#out}, a {@link java.io.PrintStream} that keeps its own error flag, the
 * writer would learn of neither.
 */
final class StandardOutput extends PrintWriter {
    private final FailureRecorder recorder;

    private StandardOutput(FailureRecorder recorder, Charset charset) {
        super(new OutputStreamWriter(recorder, charset), true);
        this.recorder = recorder;
    }

    /** File descriptor 1, in the encoding the JVM chose for standard output. */
    static StandardOutput open() {
        String encoding = System.getProperty("stdout.encoding", System.getProperty("sun.stdout.encoding"));
        Charset charset = encoding != null && Charset.isSupported(encoding) ? Charset.forName(encoding) : Charset.defaultCharset();
        return new StandardOutput(new FailureRecorder(new FileOutputStream(FileDescriptor.out)), charset);
    }

    /** Why the first write failed, or empty if none did. */
    Optional<IOException> failure() {
        return Optional.ofNullable(recorder.failure);
    }

    /** Whether a write failed because nobody reads the output any more: a closed pipe. */
    boolean readerWentAway() {
        return checkError() && isClosedPipe(recorder.failure);
    }

    /** Linux and macOS say "Broken pipe" (EPIPE); Windows says the pipe "is being closed" or "has been ended". */
    static boolean isClosedPipe(IOException failure) {
        if (failure == null || failure.getMessage() == null) {
            return false;
        }
        String message = failure.getMessage().toLowerCase(Locale.ROOT);
        return message.contains("broken pipe") || message.contains("pipe is being closed")
                || message.contains("pipe has been ended");
    }

    /** Passes bytes on and keeps the first exception a write or flush threw. */
    private static final class FailureRecorder extends FilterOutputStream {
        private volatile IOException failure;

        FailureRecorder(OutputStream out) {
            super(out);
        }

        @Override
        public void write(int b) throws IOException {
            try {
                out.write(b);
            } catch (IOException e) {
                throw record(e);
            }
        }

        @Override
        public void write(byte[] bytes, int offset, int length) throws IOException {
            try {
                out.write(bytes, offset, length);
            } catch (IOException e) {
                throw record(e);
            }
        }

        @Override
        public void flush() throws IOException {
            try {
                out.flush();
            } catch (IOException e) {
                throw record(e);
            }
        }

        private IOException record(IOException e) {
            if (failure == null) {
                failure = e;
            }
            return e;
        }
    }
}
