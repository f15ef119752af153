/**
 * The real-code pairs of {@code scripts/compare-trials.sh --set real} (issue #28): ordinary Java
 * tasks, each a public class with a public constructor without arguments, as {@code counters
 * compare --task-a} and {@code --task-b} load them. Each pair's truth is constructed (identical
 * code, proportional work) or read from JMH with forks on the same classes.
 */
package dev.counters.cli.trials;
