package dev.counters.spring;

import dev.counters.Counters;
import dev.counters.micrometer.CpuTimeObservationHandler;
import dev.counters.micrometer.ProcessCpuMetrics;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.config.MeterFilter;
import io.micrometer.observation.ObservationHandler;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Conditional;
import org.springframework.context.annotation.Import;
import org.springframework.core.env.Environment;

/**
 * Spring Boot auto-configuration that puts counters' CPU meters into an application's Micrometer
 * registry with no code: counters-spring-boot-starter on the class path is enough.
 *
 * <ul>
 *   <li>A {@link CpuTimeObservationHandler}: each observation (every HTTP request Boot observes,
 *       for one) records {@code <name>.cpu}, {@code <name>.cpu.kernel}, {@code <name>.cpu.user} and,
 *       when a figure cannot be had, {@code <name>.cpu.unmeasured}. It is a plain
 *       {@code ObservationHandler} bean, so Boot registers it on its own, outside the first-match
 *       group of meter handlers in which only the first handler that supports a context runs: it
 *       runs beside Boot's timers, always.
 *   <li>{@link ProcessCpuMetrics} as a {@code MeterBinder}: {@code process.cpu.kernel} and
 *       {@code process.cpu.user}.
 *   <li>What carries each observation to the threads that work for it (io.micrometer:context-propagation,
 *       which the starter brings): in a reactive application, Reactor's automatic context propagation,
 *       turned on where {@code spring.reactor.context-propagation} is not set; and, where the application
 *       declares no {@code TaskDecorator}, a {@code ContextPropagatingTaskDecorator} that Boot applies to
 *       its task executor (MVC's {@code Callable}, {@code @Async}).
 *   <li>One line in the log at start-up: which provider and binding serve the CPU clocks, what the
 *       starter did for context propagation and what stays unmeasured (the executor beans that do not
 *       carry the observation), and a warning when virtual threads are on (requests on them are counted
 *       as unmeasured), when a reactive application opted out of context propagation, or when native
 *       access is not enabled (and how to enable it in a Boot jar).
 * </ul>
 *
 * <p>{@code counters.cpu.observation.enabled=false} and {@code counters.cpu.process.enabled=false}
 * switch each part off (any false Boot's binder accepts: {@code no}, {@code off}, {@code 0}; a value it
 * refuses stops the application, as for any Boot property);
 * {@code counters.cpu.propagation.reactor=false} and {@code counters.cpu.propagation.task-executor=false}
 * leave Reactor and the task executor as Boot made them;
 * {@code counters.cpu.observation.naming=semantic-conventions} (or any spelling Boot accepts) names the
 * per-observation timers as OpenTelemetry's conventions name CPU time ({@code <name>.cpu.time} with a
 * {@code cpu.mode} tag). A bean of the same type of the application's own replaces each part.
 *
 * <p>Works on Spring Boot 3.5 and 4.x, whose metrics and observation auto-configurations live in
 * different packages: both are named here, and the missing ones are ignored.
 */
@AutoConfiguration(afterName = {
        "org.springframework.boot.actuate.autoconfigure.metrics.CompositeMeterRegistryAutoConfiguration",
        "org.springframework.boot.micrometer.metrics.autoconfigure.CompositeMeterRegistryAutoConfiguration"})
@ConditionalOnClass({MeterRegistry.class, ObservationHandler.class})
@ConditionalOnBean(MeterRegistry.class)
@EnableConfigurationProperties(CountersProperties.class)
@Import(ContextPropagationConfiguration.class)
public class CountersAutoConfiguration {
    /** Created by Spring from the imports file; applications do not create it. */
    public CountersAutoConfiguration() {}

    /** CPU time per observation, as a handler Boot registers on its own, outside its meter-handler group. */
    @Bean
    @ConditionalOnMissingBean
    @Conditional(BoundConditions.ObservationEnabled.class)
    CpuTimeObservationHandler countersCpuTimeObservationHandler(MeterRegistry registry) {
        return new CpuTimeObservationHandler(registry);
    }

    /** {@code <name>.cpu.time} with {@code cpu.mode}, where the naming property asks for it. */
    @Bean
    @Conditional(BoundConditions.SemanticConventionsNamed.class)
    MeterFilter countersSemanticConventionsNaming() {
        return new SemanticConventionsNaming(Counters.threadTimes().getInfo().hasKernelUserSplit());
    }

    /** {@code process.cpu.kernel} and {@code process.cpu.user}, bound by Boot to every registry. */
    @Bean
    @ConditionalOnMissingBean
    @Conditional(BoundConditions.ProcessEnabled.class)
    ProcessCpuMetrics countersProcessCpuMetrics() {
        return new ProcessCpuMetrics();
    }

    /** The start-up line. */
    @Bean
    StartupReport countersStartupReport(Environment environment, CountersProperties properties) {
        return new StartupReport(environment, properties);
    }
}
