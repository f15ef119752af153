package dev.counters.spring;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.counters.micrometer.CpuTimeObservationHandler;
import dev.counters.micrometer.ProcessCpuMetrics;
import io.micrometer.core.instrument.config.MeterFilter;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.task.TaskDecorator;
import org.springframework.core.task.support.ContextPropagatingTaskDecorator;

/**
 * Issue #42 item 3: the starter's properties mean what Boot's own binder makes of them, booleans and
 * enums alike, and a value Boot refuses stops the application with Boot's own words.
 */
class PropertyBindingTest {
    @ParameterizedTest
    @ValueSource(strings = {"false", "no", "off", "0", "FALSE", "Off"})
    void everyFalseBootAcceptsSwitchesEachPartOff(String off) {
        try (ConfigurableApplicationContext context = start("counters.cpu.observation.enabled=" + off,
                "counters.cpu.process.enabled=" + off)) {
            assertEquals(0, context.getBeansOfType(CpuTimeObservationHandler.class).size(), off);
            assertEquals(0, context.getBeansOfType(ProcessCpuMetrics.class).size(), off);
            assertTrue(!context.getBean(CountersProperties.class).getObservation().isEnabled(), "the properties agree");
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"true", "yes", "on", "1"})
    void everyTrueBootAcceptsLeavesThemOn(String on) {
        try (ConfigurableApplicationContext context = start("counters.cpu.observation.enabled=" + on)) {
            assertEquals(1, context.getBeansOfType(CpuTimeObservationHandler.class).size(), on);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"semantic-conventions", "SEMANTIC_CONVENTIONS", "semantic_conventions", "semanticConventions"})
    void everySpellingOfTheNamingBootAcceptsNamesAsTheConventionsDo(String naming) {
        try (ConfigurableApplicationContext context = start("counters.cpu.observation.naming=" + naming)) {
            assertTrue(context.getBeansOfType(MeterFilter.class).values().stream().anyMatch(SemanticConventionsNaming.class::isInstance),
                    naming);
        }
    }

    /** Issue #49: the starter's decorator is there for Boot's task executor unless switched off or the application has its own. */
    @ParameterizedTest
    @ValueSource(strings = {"false", "no", "off", "0"})
    void theTaskExecutorsDecoratorIsTheStartersUnlessSwitchedOff(String off) {
        try (ConfigurableApplicationContext on = start()) {
            assertTrue(on.getBean("applicationTaskExecutor") != null);
            assertEquals(1, on.getBeansOfType(ContextPropagatingTaskDecorator.class).size());
        }
        try (ConfigurableApplicationContext switchedOff = start("counters.cpu.propagation.task-executor=" + off)) {
            assertEquals(0, switchedOff.getBeansOfType(TaskDecorator.class).size(), off);
            assertTrue(!switchedOff.getBean(CountersProperties.class).getPropagation().isTaskExecutor(), "the properties agree");
        }
    }

    @org.junit.jupiter.api.Test
    void anApplicationsOwnTaskDecoratorIsLeftAlone() {
        try (ConfigurableApplicationContext context = new SpringApplicationBuilder(OwnDecoratorApplication.class)
                .web(WebApplicationType.NONE).properties("spring.main.banner-mode=off").run()) {
            assertEquals(1, context.getBeansOfType(TaskDecorator.class).size());
            assertTrue(context.getBean(TaskDecorator.class) instanceof OwnDecorator);
            assertTrue(context.getBean(StartupReport.class).line().contains("the application's TaskDecorator ownDecorator (OwnDecorator) left on"),
                    context.getBean(StartupReport.class).line());
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"counters.cpu.observation.enabled=bogus", "counters.cpu.process.enabled=maybe",
            "counters.cpu.observation.naming=otel", "counters.cpu.propagation.task-executor=never"})
    void aValueBootRefusesStopsTheApplicationInBootsWords(String property) {
        RuntimeException refused = assertThrows(RuntimeException.class, () -> start(property).close());
        String messages = messages(refused);
        String name = property.substring(0, property.indexOf('='));
        assertTrue(messages.contains("Failed to bind properties under '" + name + "'"), messages);
    }

    private static String messages(Throwable thrown) {
        StringBuilder messages = new StringBuilder();
        for (Throwable cause = thrown; cause != null; cause = cause.getCause()) {
            messages.append(cause.getMessage()).append('\n');
        }
        return messages.toString();
    }

    private static ConfigurableApplicationContext start(String... properties) {
        return new SpringApplicationBuilder(NoWebApplication.class)
                .web(WebApplicationType.NONE)
                .properties(List.of(properties).toArray(new String[0]))
                .properties("spring.main.banner-mode=off")
                .run();
    }

    /** Boot's auto-configuration alone, with no web server; not a component, so no other test's scan finds it. */
    @EnableAutoConfiguration
    static class NoWebApplication {}

    /** The same, with a task decorator of the application's own; not a component either. */
    @EnableAutoConfiguration
    static class OwnDecoratorApplication {
        @org.springframework.context.annotation.Bean
        OwnDecorator ownDecorator() {
            return new OwnDecorator();
        }
    }

    /** An application's decorator, which the starter must not replace. */
    static final class OwnDecorator implements TaskDecorator {
        @Override
        public Runnable decorate(Runnable runnable) {
            return runnable;
        }
    }
}
