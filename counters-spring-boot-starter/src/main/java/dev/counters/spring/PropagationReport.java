package dev.counters.spring;

import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executor;
import org.springframework.boot.WebApplicationType;
import org.springframework.context.ApplicationContext;
import org.springframework.core.task.TaskDecorator;
import org.springframework.util.ClassUtils;
import org.springframework.util.ReflectionUtils;

/**
 * The start-up line's account of context propagation: what {@link ContextPropagationConfiguration} did
 * so that each observation reaches the threads that work for it, and what stays unmeasured, each
 * named with the property that changes it.
 */
final class PropagationReport {
    static final String NO_SCOPE_SERIES = StartupReport.UNMEASURED_SERIES + "{unmeasured_reason=\"no-scope\"}";
    private static final String CONTEXT_REGISTRY = "io.micrometer.context.ContextRegistry";
    private static final String CONTEXT_WRAPPERS = "io.micrometer.context.";
    private static final String APPLICATION_TASK_EXECUTOR = "applicationTaskExecutor";

    private PropagationReport() {}

    /** How Reactor carries observations in this application. */
    enum Reactor {
        /** Not a reactive application: nothing to say. */
        NOT_REACTIVE,
        /** io.micrometer:context-propagation is missing (excluded from the starter): nothing can carry them. */
        LIBRARY_MISSING,
        /** The application set {@code spring.reactor.context-propagation=auto}. */
        AUTO,
        /** The starter turned automatic propagation on. */
        TURNED_ON,
        /** The application set {@code spring.reactor.context-propagation=limited}: its requests stay unmeasured. */
        LIMITED,
        /** {@code counters.cpu.propagation.reactor=false}, and the application did not turn it on. */
        LEFT_OFF
    }

    /**
     * What the line says: Reactor's state; whether the starter decorated Boot's task executor, or the
     * application's own decorator is left on it; and the executor beans that do not carry the observation.
     */
    record Facts(Reactor reactor, boolean executorDecorated, List<String> applicationDecorators, List<String> uncarried) {}

    /** The facts of a running application. */
    static Facts of(ApplicationContext context, WebApplicationType type, CountersProperties properties) {
        return new Facts(reactor(context, type, properties), context.containsBean(ContextPropagationConfiguration.DECORATOR_BEAN)
                && context.containsBean(APPLICATION_TASK_EXECUTOR), applicationDecorators(context), uncarried(context));
    }

    /** Appends the account to {@code line}: warnings start with WARNING, as the line's others do. */
    static void appendTo(StringBuilder line, Facts facts) {
        switch (facts.reactor()) {
            case LIBRARY_MISSING -> line.append("; WARNING: io.micrometer:context-propagation is not on the class path, so Reactor cannot"
                    + " carry a request's observation to the threads that work for it: WebFlux requests are counted in"
                    + " <name>.cpu.unmeasured, unmeasured.reason=no-scope (Prometheus: " + NO_SCOPE_SERIES + "); add it back"
                    + " (the starter brings it)");
            case LIMITED -> line.append("; WARNING: " + ContextPropagationConfiguration.REACTOR_MODE + "=limited: Reactor does not carry"
                    + " a request's observation to the threads that work for it, so WebFlux requests are counted in"
                    + " <name>.cpu.unmeasured, unmeasured.reason=no-scope (Prometheus: " + NO_SCOPE_SERIES + "), not measured;"
                    + " remove the property (the starter then turns automatic propagation on) or set it to auto");
            case LEFT_OFF -> line.append("; WARNING: counters.cpu.propagation.reactor=false and "
                    + ContextPropagationConfiguration.REACTOR_MODE + " is not set: WebFlux requests are counted in"
                    + " <name>.cpu.unmeasured, unmeasured.reason=no-scope (Prometheus: " + NO_SCOPE_SERIES + "); set "
                    + ContextPropagationConfiguration.REACTOR_MODE + "=auto to measure them");
            case AUTO -> line.append("; Reactor carries observations (" + ContextPropagationConfiguration.REACTOR_MODE + "=auto)");
            case TURNED_ON -> line.append("; Reactor's automatic context propagation turned on, as "
                    + ContextPropagationConfiguration.REACTOR_MODE + "=auto would (counters.cpu.propagation.reactor=false leaves it off)");
            case NOT_REACTIVE -> { }
        }
        if (facts.executorDecorated()) {
            line.append("; applicationTaskExecutor (MVC Callable, @Async) decorated with ContextPropagatingTaskDecorator"
                    + " (counters.cpu.propagation.task-executor=false leaves it undecorated)");
        } else if (!facts.applicationDecorators().isEmpty()) {
            line.append("; the application's TaskDecorator ").append(String.join(", ", facts.applicationDecorators()))
                    .append(" left on Boot's task executor: it must carry the observation (ContextPropagatingTaskDecorator does)");
        }
        if (!facts.uncarried().isEmpty()) {
            line.append("; unmeasured: what runs on executor beans that do not carry the observation, ")
                    .append(String.join(", ", facts.uncarried()))
                    .append(" (in no request's <name>.cpu, and <name>.cpu.covered falls short of the wall time; wrap them with"
                            + " ContextExecutorService.wrap or give them a ContextPropagatingTaskDecorator)");
        }
    }

    private static Reactor reactor(ApplicationContext context, WebApplicationType type, CountersProperties properties) {
        if (type != WebApplicationType.REACTIVE) {
            return Reactor.NOT_REACTIVE;
        }
        if (!ClassUtils.isPresent(CONTEXT_REGISTRY, PropagationReport.class.getClassLoader())) {
            return Reactor.LIBRARY_MISSING;
        }
        String mode = ContextPropagationConfiguration.reactorMode(context.getEnvironment());
        if ("auto".equals(mode)) {
            return Reactor.AUTO;
        }
        if (mode != null) {
            return Reactor.LIMITED;
        }
        return properties.getPropagation().isReactor() ? Reactor.TURNED_ON : Reactor.LEFT_OFF;
    }

    /** The application's own task decorators, by bean name and class. */
    private static List<String> applicationDecorators(ApplicationContext context) {
        List<String> named = new ArrayList<>();
        for (Map.Entry<String, TaskDecorator> decorator : context.getBeansOfType(TaskDecorator.class, false, false).entrySet()) {
            if (!decorator.getKey().equals(ContextPropagationConfiguration.DECORATOR_BEAN)) {
                named.add(decorator.getKey() + " (" + decorator.getValue().getClass().getSimpleName() + ")");
            }
        }
        return named;
    }

    /**
     * The executor beans that do not carry an observation: neither wrapped by context-propagation
     * ({@code ContextExecutorService}, {@code ContextScheduledExecutorService}) nor given a task decorator.
     */
    private static List<String> uncarried(ApplicationContext context) {
        List<String> uncarried = new ArrayList<>();
        for (Map.Entry<String, Executor> executor : context.getBeansOfType(Executor.class, false, false).entrySet()) {
            if (!carries(executor.getValue())) {
                uncarried.add(executor.getKey() + " (" + executor.getValue().getClass().getSimpleName() + ")");
            }
        }
        return uncarried;
    }

    private static boolean carries(Executor executor) {
        if (executor.getClass().getName().startsWith(CONTEXT_WRAPPERS)) {
            return true;
        }
        // Spring's executors keep the decorator Boot's builders gave them, with no getter.
        Field decorator = ReflectionUtils.findField(executor.getClass(), "taskDecorator", TaskDecorator.class);
        if (decorator == null) {
            return false;
        }
        try {
            ReflectionUtils.makeAccessible(decorator);
            return ReflectionUtils.getField(decorator, executor) != null;
        } catch (RuntimeException unreadable) {
            return false;
        }
    }
}
