package dev.counters.measure.internal;

import dev.counters.measure.Task;
import java.lang.invoke.MethodHandles;

/**
 * The measuring loop of one task in a {@code Compare}, a class of its own for each task: what runs
 * the task's instances in their turns, as many invocations a timed run as {@link Batching} says.
 * Every warm-up, re-warming and timed run of the task goes through it.
 *
 * <p>Why a class of its own: HotSpot profiles and compiles per method, and a call site that has seen
 * one or two receiver classes inlines them. Run through one shared loop, A's {@code run()} and B's
 * meet at the same call site, and both bodies are compiled into one unit: what each task's code
 * becomes (what else fits in the unit's inlining budget, how its loops are laid out) then depends on
 * the other task. JMH gives each benchmark a generated loop of its own. Here each task gets a fresh
 * copy of one loop ({@link MethodHandles.Lookup#defineHiddenClass hidden class}, defined from the
 * bytes of {@code TaskLoopCode}): the call to the task's {@code run()} inside it sees that task's
 * class only, and the JIT inlines the task into its own loop as it would into JMH's. In a fork, the
 * copies are kept out of the measuring code A and B share ({@code SeparateCompilation}), so each
 * stays a compiled unit of its own. Made by {@link TaskLoops#copyFor}.
 */
public interface TaskLoop extends Task {
    /** Moves on to the next instance of the task, the first after the last (a round of the schedule). */
    void next();

    /** How many instances of the task the loop takes turns over ({@link Placements}): 1 for a task made once. */
    int instances();

    /** Sets how many invocations of the task one run holds (1 until set); figures are reported per invocation by the caller. */
    void invocations(int invocations);
}
