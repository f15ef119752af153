package dev.counters.measure.internal;

import java.lang.management.ManagementFactory;
import java.util.List;
import java.util.Optional;
import javax.management.JMException;
import javax.management.ObjectName;
import javax.management.openmbean.CompositeData;

/**
 * Moves what the tasks keep from run to run (their fields, and what their first runs grew) to the
 * old generation once they are warmed up, where long-lived state lives in an application and in
 * JMH's forks: every instance runs once, untimed, then a full collection ({@link System#gc()})
 * promotes everything live.
 *
 * <p>Why: with G1 (the default collector) storing a reference to a young object into an old one
 * costs a memory fence and a card mark that a store into a young object skips. A fork of a few
 * seconds makes about ten young collections, and an object is promoted after up to fifteen, so the
 * tasks' state stayed young for a whole fork: an {@code ArrayDeque} kept as a task's field offered
 * and polled 50,000 boxed ints in 115-132 µs a run in every fork, and in 329-354 µs in JMH's forks
 * and in a plain loop once its array had been promoted (123 µs young, 351 µs old, in one JVM; 90 µs
 * either way under the parallel collector, whose barrier does not look). Against a {@code LinkedList},
 * Compare read 4.0-4.1 where JMH read 1.84. State a task makes afresh in each run is young in both.
 */
public final class TaskState {
    private static final String HOTSPOT_DIAGNOSTIC = "com.sun.management:type=HotSpotDiagnostic";

    private TaskState() {}

    /**
     * Runs every instance of {@code loops} but the current one (warmed up already) once through
     * {@code pass}, untimed, returns each loop to its current instance, and makes a full collection.
     */
    public static void tenure(Pass pass, List<TaskLoop> loops) {
        for (TaskLoop loop : loops) {
            int instances = loop.instances();
            for (int i = 1; i < instances; i++) {
                loop.next();
                pass.untimed(loop, "first run of an instance before the collection", i);
            }
            loop.next();
        }
        promote();
    }

    /** Promotes everything live to the old generation: a full collection. */
    public static void promote() {
        System.gc();
    }

    /**
     * Why {@link #tenure} cannot promote the tasks' state in this JVM, if it cannot: explicit
     * collections disabled ({@code -XX:+DisableExplicitGC}), or made concurrent
     * ({@code -XX:+ExplicitGCInvokesConcurrent}), where a G1 collection promotes only what is old enough.
     */
    public static Optional<String> cannotTenure() {
        for (String option : List.of("DisableExplicitGC", "ExplicitGCInvokesConcurrent")) {
            if (isOn(option)) {
                return Optional.of("-XX:+" + option + " is set, so the tasks' long-lived state may still be in the young "
                        + "generation when the pairs start, where G1 stores into it more cheaply than an application "
                        + "that has kept it for a while does; leave " + option + " off for a comparison");
            }
        }
        return Optional.empty();
    }

    /** The HotSpot flag {@code option}, read through the platform MBean server (no other JVM has it: off). */
    private static boolean isOn(String option) {
        try {
            Object flag = ManagementFactory.getPlatformMBeanServer().invoke(new ObjectName(HOTSPOT_DIAGNOSTIC), "getVMOption",
                    new Object[] {option}, new String[] {String.class.getName()});
            return flag instanceof CompositeData data && "true".equals(data.get("value"));
        } catch (JMException | RuntimeException notHotSpot) {
            return false;
        }
    }
}
