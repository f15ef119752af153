package dev.counters.cli;

/**
 * A mistake in what the user asked for, found while running a command (a task class that is
 * missing, a kind not served here): printed as a message with a hint, exit code 2, no stack trace.
 */
final class UserInputException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    UserInputException(String message) {
        super(message);
    }

    UserInputException(String message, Throwable cause) {
        super(message, cause);
    }
}
