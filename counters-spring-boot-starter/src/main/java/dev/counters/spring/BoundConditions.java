package dev.counters.spring;

import org.springframework.boot.autoconfigure.condition.ConditionOutcome;
import org.springframework.boot.autoconfigure.condition.SpringBootCondition;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.context.annotation.ConditionContext;
import org.springframework.core.type.AnnotatedTypeMetadata;

/**
 * The conditions of {@link CountersAutoConfiguration}, decided by Boot's own {@link Binder}, the one
 * that binds {@link CountersProperties}: so a bean is there exactly when the property object says so.
 * A boolean is what Boot's conversion accepts ({@code true}/{@code false}, {@code yes}/{@code no},
 * {@code on}/{@code off}, {@code 1}/{@code 0}, any case), an enum any spelling Boot's lenient enum
 * conversion accepts ({@code semantic-conventions}, {@code SEMANTIC_CONVENTIONS},
 * {@code semantic_conventions}); anything else stops the application with Boot's own "Failed to bind
 * properties under ..." and the value it refused. ({@code @ConditionalOnProperty} compares strings:
 * it read {@code no} and {@code off} as on, and matched one spelling of an enum only.)
 */
final class BoundConditions {
    static final String OBSERVATION_ENABLED = "counters.cpu.observation.enabled";
    static final String PROCESS_ENABLED = "counters.cpu.process.enabled";
    static final String NAMING = "counters.cpu.observation.naming";
    static final String REACTOR_PROPAGATION = "counters.cpu.propagation.reactor";
    static final String TASK_EXECUTOR_PROPAGATION = "counters.cpu.propagation.task-executor";

    private BoundConditions() {}

    /** A boolean property that is true unless set false. */
    private abstract static class EnabledUnlessFalse extends SpringBootCondition {
        private final String property;

        EnabledUnlessFalse(String property) {
            this.property = property;
        }

        @Override
        public ConditionOutcome getMatchOutcome(ConditionContext context, AnnotatedTypeMetadata metadata) {
            boolean enabled = Binder.get(context.getEnvironment()).bind(property, Boolean.class).orElse(true);
            return enabled ? ConditionOutcome.match(property + " binds to true (or is not set)")
                    : ConditionOutcome.noMatch(property + " binds to false");
        }
    }

    /** {@value #OBSERVATION_ENABLED}: true unless set false. */
    static final class ObservationEnabled extends EnabledUnlessFalse {
        ObservationEnabled() {
            super(OBSERVATION_ENABLED);
        }
    }

    /** {@value #PROCESS_ENABLED}: true unless set false. */
    static final class ProcessEnabled extends EnabledUnlessFalse {
        ProcessEnabled() {
            super(PROCESS_ENABLED);
        }
    }

    /** {@value #REACTOR_PROPAGATION}: true unless set false. */
    static final class ReactorPropagationEnabled extends EnabledUnlessFalse {
        ReactorPropagationEnabled() {
            super(REACTOR_PROPAGATION);
        }
    }

    /** {@value #TASK_EXECUTOR_PROPAGATION}: true unless set false. */
    static final class TaskExecutorPropagationEnabled extends EnabledUnlessFalse {
        TaskExecutorPropagationEnabled() {
            super(TASK_EXECUTOR_PROPAGATION);
        }
    }

    /** {@value #NAMING} is {@code SEMANTIC_CONVENTIONS}, in any spelling Boot accepts. */
    static final class SemanticConventionsNamed extends SpringBootCondition {
        @Override
        public ConditionOutcome getMatchOutcome(ConditionContext context, AnnotatedTypeMetadata metadata) {
            CountersProperties.MeterNaming naming = Binder.get(context.getEnvironment())
                    .bind(NAMING, CountersProperties.MeterNaming.class)
                    .orElse(CountersProperties.MeterNaming.COUNTERS);
            return naming == CountersProperties.MeterNaming.SEMANTIC_CONVENTIONS
                    ? ConditionOutcome.match(NAMING + " is " + naming)
                    : ConditionOutcome.noMatch(NAMING + " is " + naming);
        }
    }
}
