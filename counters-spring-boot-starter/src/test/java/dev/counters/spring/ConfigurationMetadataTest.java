package dev.counters.spring;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The jar tells IDEs about every property, as Boot's configuration processor wrote it at compile time. */
class ConfigurationMetadataTest {
    @Test
    void everyPropertyIsDescribed() throws IOException {
        try (InputStream metadata = CountersAutoConfiguration.class.getResourceAsStream("/META-INF/spring-configuration-metadata.json")) {
            assertNotNull(metadata, "no META-INF/spring-configuration-metadata.json");
            String json = new String(metadata.readAllBytes(), StandardCharsets.UTF_8);
            for (String property : new String[] {
                    "counters.cpu.observation.enabled", "counters.cpu.observation.naming", "counters.cpu.process.enabled",
                    "counters.cpu.propagation.reactor", "counters.cpu.propagation.task-executor"}) {
                assertTrue(json.contains("\"name\": \"" + property + "\""), property + " missing from " + json);
            }
        }
    }
}
