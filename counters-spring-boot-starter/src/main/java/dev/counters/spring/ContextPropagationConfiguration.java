package dev.counters.spring;

import java.util.Locale;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Conditional;
import org.springframework.context.annotation.Import;
import org.springframework.context.annotation.Lazy;
import org.springframework.core.env.Environment;
import org.springframework.core.task.TaskDecorator;
import org.springframework.core.task.support.ContextPropagatingTaskDecorator;
import reactor.core.publisher.Hooks;

/**
 * The set-up steps that carry an observation to the threads that work for it, which a service owner
 * would otherwise take by hand (issue #49): without them a WebFlux request or an MVC {@code Callable}
 * is measured on none of those threads. Each is switched off by its {@code counters.cpu.propagation.*}
 * property, and the start-up line says what was done ({@link PropagationReport}).
 *
 * <ul>
 *   <li>In a reactive application where {@value #REACTOR_MODE} is not set, Reactor's automatic context
 *       propagation is turned on, as {@code spring.reactor.context-propagation=auto} would turn it on.
 *       Where the application set {@code limited}, it is left so, and the start-up line warns.
 *   <li>Where the application declares no {@link TaskDecorator}, a {@link ContextPropagatingTaskDecorator}
 *       bean, which Boot applies to the task executor it builds ({@code applicationTaskExecutor}: MVC's
 *       {@code Callable}, {@code @Async}).
 * </ul>
 *
 * <p>Imported by {@link CountersAutoConfiguration}, in lite mode and without {@code @Configuration}, so
 * that a component scan of this package (the starter's tests scan it) never finds it as an application's own.
 */
@ConditionalOnClass(name = "io.micrometer.context.ContextSnapshotFactory")
@Conditional(BoundConditions.ObservationEnabled.class)
@Import({ContextPropagationConfiguration.ReactorPropagation.class, ContextPropagationConfiguration.TaskExecutorPropagation.class})
class ContextPropagationConfiguration {
    /** Boot's property for Reactor's context propagation: {@code auto} or {@code limited} (Boot's default). */
    static final String REACTOR_MODE = "spring.reactor.context-propagation";
    /** The name of the decorator bean, so the start-up line can tell it from an application's own. */
    static final String DECORATOR_BEAN = "countersContextPropagatingTaskDecorator";

    /** {@value #REACTOR_MODE} as the application set it, in lower case; null where it is not set. */
    static String reactorMode(Environment environment) {
        return Binder.get(environment).bind(REACTOR_MODE, String.class)
                .map(mode -> mode.strip().toLowerCase(Locale.ROOT).replace('_', '-'))
                .orElse(null);
    }

    /** Turns Reactor's automatic context propagation on when the configuration is made, before any request is served. */
    @ConditionalOnClass(name = "reactor.core.publisher.Hooks")
    @ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.REACTIVE)
    @Conditional(BoundConditions.ReactorPropagationEnabled.class)
    @Lazy(false)
    static class ReactorPropagation {
        private final boolean turnedOn;

        ReactorPropagation(Environment environment) {
            turnedOn = reactorMode(environment) == null;
            if (turnedOn) {
                Hooks.enableAutomaticContextPropagation();
            }
        }

        /** Whether this configuration turned it on (the application had not set {@value #REACTOR_MODE}). */
        boolean turnedOn() {
            return turnedOn;
        }
    }

    /** A {@link ContextPropagatingTaskDecorator} for Boot's task executor, unless the application has a decorator of its own. */
    @Conditional(BoundConditions.TaskExecutorPropagationEnabled.class)
    static class TaskExecutorPropagation {
        @Bean(DECORATOR_BEAN)
        @ConditionalOnMissingBean(TaskDecorator.class)
        ContextPropagatingTaskDecorator countersContextPropagatingTaskDecorator() {
            return new ContextPropagatingTaskDecorator();
        }
    }
}
