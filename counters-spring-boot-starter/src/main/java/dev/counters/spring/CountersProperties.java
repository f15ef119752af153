package dev.counters.spring;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * The {@code counters.cpu.*} properties of {@link CountersAutoConfiguration}: what to switch off,
 * and how the per-observation meters are named.
 *
 * <pre>
 * counters.cpu.observation.enabled=true          # &lt;name&gt;.cpu, .cpu.kernel, .cpu.user, .cpu.unmeasured
 * counters.cpu.process.enabled=true              # process.cpu.kernel, process.cpu.user
 * counters.cpu.observation.naming=counters       # or semantic-conventions
 * counters.cpu.propagation.reactor=true          # Reactor's automatic context propagation, reactive applications
 * counters.cpu.propagation.task-executor=true    # ContextPropagatingTaskDecorator on Boot's task executor
 * </pre>
 */
@ConfigurationProperties(prefix = "counters.cpu")
class CountersProperties {
    private final Observation observation = new Observation();
    private final Process process = new Process();
    private final Propagation propagation = new Propagation();

    /** How an observation reaches the threads that work for it. */
    public Propagation getPropagation() {
        return propagation;
    }

    /** The CPU time of each observation. */
    public Observation getObservation() {
        return observation;
    }

    /** The process's CPU time split into kernel and user. */
    public Process getProcess() {
        return process;
    }

    /** The {@code counters.cpu.observation.*} properties. */
    static class Observation {
        /** Whether each observation records its CPU time on the thread that ran it. */
        private boolean enabled = true;
        /** How the per-observation CPU meters are named. */
        private MeterNaming naming = MeterNaming.COUNTERS;

        public boolean isEnabled() {
            return enabled;
        }

        public void setEnabled(boolean enabled) {
            this.enabled = enabled;
        }

        public MeterNaming getNaming() {
            return naming;
        }

        public void setNaming(MeterNaming naming) {
            this.naming = naming;
        }
    }

    /** The {@code counters.cpu.process.*} properties. */
    static class Process {
        /** Whether process.cpu.kernel and process.cpu.user are registered. */
        private boolean enabled = true;

        public boolean isEnabled() {
            return enabled;
        }

        public void setEnabled(boolean enabled) {
            this.enabled = enabled;
        }
    }

    /** The {@code counters.cpu.propagation.*} properties: the set-up steps the starter takes so that an observation reaches every thread that works for it. */
    static class Propagation {
        /**
         * Whether, in a reactive application where spring.reactor.context-propagation is not set, Reactor's
         * automatic context propagation is turned on, as spring.reactor.context-propagation=auto would.
         */
        private boolean reactor = true;
        /**
         * Whether Boot's task executor (MVC's Callable, @Async) gets a ContextPropagatingTaskDecorator where the
         * application declares no TaskDecorator of its own.
         */
        private boolean taskExecutor = true;

        public boolean isReactor() {
            return reactor;
        }

        public void setReactor(boolean reactor) {
            this.reactor = reactor;
        }

        public boolean isTaskExecutor() {
            return taskExecutor;
        }

        public void setTaskExecutor(boolean taskExecutor) {
            this.taskExecutor = taskExecutor;
        }
    }

    /** How the CPU meters of an observation named {@code <name>} are named. */
    enum MeterNaming {
        /**
         * Three timers, {@code <name>.cpu} (the total), {@code <name>.cpu.kernel} and
         * {@code <name>.cpu.user}, as counters-micrometer records them.
         */
        COUNTERS,
        /**
         * One timer, {@code <name>.cpu.time}, with OpenTelemetry's {@code cpu.mode} tag
         * ({@code user} or {@code system}), as the semantic conventions name
         * {@code process.cpu.time}: the total is the sum over the modes. Where the clock has no
         * kernel/user split, {@code cpu.mode} is absent and the timer holds the total.
         */
        SEMANTIC_CONVENTIONS
    }
}
