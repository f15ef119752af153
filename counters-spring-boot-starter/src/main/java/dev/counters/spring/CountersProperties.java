package dev.counters.spring;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * The {@code counters.cpu.*} properties of {@link CountersAutoConfiguration}: what to switch off,
 * and how the per-observation meters are named.
 *
 * <pre>
 * counters.cpu.observation.enabled=true    # &lt;name&gt;.cpu, .cpu.kernel, .cpu.user, .cpu.unmeasured
 * counters.cpu.process.enabled=true        # process.cpu.kernel, process.cpu.user
 * counters.cpu.observation.naming=counters # or semantic-conventions
 * </pre>
 */
@ConfigurationProperties(prefix = "counters.cpu")
class CountersProperties {
    private final Observation observation = new Observation();
    private final Process process = new Process();

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
