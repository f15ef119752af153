/**
 * The {@code counters} command line ({@link dev.counters.cli.Main}): {@code list}, {@code cost},
 * {@code isolation}, {@code measure}, {@code compare} and {@code frequency}, each a picocli command
 * over the library. An application, not a library: nothing here is API.
 */
package dev.counters.cli;
