package dev.counters.cli;

/**
 * The JVM ran out of memory while a command ran: an {@link OutOfMemoryError}, which picocli lets
 * through as it does every {@link Error}, turned into a failure of the machine, exit 1, with what
 * to do instead of a stack trace. The usual cause is a limit on the process ({@code ulimit -v}
 * leaves the JVM, which reserves a quarter of the machine's memory for its heap, too little address
 * space to start a thread), rarely the heap itself.
 */
final class OutOfMemory extends RuntimeException {
    private static final long serialVersionUID = 1L;

    OutOfMemory(OutOfMemoryError error) {
        super("the JVM ran out of memory (" + error + "). Under a limit on the address space (ulimit -v), "
                + "raise the limit, or let the JVM reserve less of it: a smaller -Xmx (e.g. -Xmx256m) and "
                + "-XX:ReservedCodeCacheSize=64m; under a limit on processes (ulimit -u), raise that; "
                + "otherwise give the JVM a larger -Xmx", error);
    }
}
