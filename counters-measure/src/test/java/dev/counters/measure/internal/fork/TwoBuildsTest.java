package dev.counters.measure.internal.fork;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.counters.measure.Compare;
import dev.counters.measure.CompareResult;
import dev.counters.measure.Verdict;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two builds of one class, {@code com.example.Parser}, each in a jar of its own, the new one doing
 * twice the work: the question a library author asks before a release (issue 41, item 3).
 */
class TwoBuildsTest {
    private static final String SOURCE = """
            package com.example;

            public class Parser implements dev.counters.measure.Task {
                private long seed = 1;

                @Override
                public Object run() {
                    for (int i = 0; i < %d; i++) {
                        seed ^= seed << 13;
                        seed ^= seed >>> 7;
                        seed ^= seed << 17;
                    }
                    return seed;
                }
            }
            """;

    /** A jar holding {@code com.example.Parser} built to run {@code steps} xorshift steps. */
    private static Path build(Path dir, String name, int steps) throws IOException {
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        Assumptions.assumeTrue(javac != null, "this JVM has no compiler to build the two versions with");
        Path sources = Files.createDirectories(dir.resolve(name + "-src/com/example"));
        Files.writeString(sources.resolve("Parser.java"), String.format(SOURCE, steps));
        Path classes = Files.createDirectories(dir.resolve(name + "-classes"));
        assertEquals(0, javac.run(null, null, null, "--release", "17", "-cp", System.getProperty("java.class.path"), "-d",
                classes.toString(), sources.resolve("Parser.java").toString()));
        Path jar = dir.resolve(name + ".jar");
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar))) {
            out.putNextEntry(new JarEntry("com/example/Parser.class"));
            try (OutputStream entry = out) {
                Files.copy(classes.resolve("com/example/Parser.class"), entry);
            }
        }
        return jar;
    }

    @Test
    void aNewBuildThatDoesTwiceTheWorkIsFoundSlowerInEveryJvm(@TempDir Path dir) throws IOException {
        Path old = build(dir, "old", 100_000);
        Path doubled = build(dir, "new", 200_000);
        CompareResult result = Compare.ofBuilds("com.example.Parser", old.toString(), doubled.toString()).forks(3)
                .budget(Duration.ofSeconds(12)).run();
        assertEquals(Verdict.SLOWER, result.verdict(), result.toString());
        assertTrue(result.conclusion().ratio() > 1.6 && result.conclusion().ratio() < 2.5, result.toString());
        assertTrue(result.summary().startsWith("B takes "), result.summary());
        CompareResult inThisJvm = Compare.ofBuilds("com.example.Parser", old.toString(), doubled.toString()).forks(0)
                .budget(Duration.ofSeconds(3)).run();
        assertEquals(Verdict.SLOWER, inThisJvm.verdict(), inThisJvm.toString());
    }

    @Test
    void theSameBuildTwiceIsNotFoundToDiffer(@TempDir Path dir) throws IOException {
        Path one = build(dir, "one", 100_000);
        Path same = build(dir, "same", 100_000);
        CompareResult result = Compare.ofBuilds("com.example.Parser", one.toString(), same.toString()).forks(3)
                .budget(Duration.ofSeconds(12)).run();
        assertTrue(!result.verdict().isDecisive(), result.toString());
    }

    @Test
    void aBuildThatLacksTheClassOrAClassPathIsRefusedSayingWhich(@TempDir Path dir) throws IOException {
        Path one = build(dir, "one", 100_000);
        Path empty = dir.resolve("empty.jar");
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(empty))) {
            out.putNextEntry(new JarEntry("META-INF/nothing"));
        }
        IllegalArgumentException missing = assertThrows(IllegalArgumentException.class,
                () -> Compare.ofBuilds("com.example.Parser", one.toString(), empty.toString()).forks(2).run());
        assertTrue(missing.getMessage().contains("task B, com.example.Parser, cannot be loaded from its class path"),
                missing.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Compare.ofBuilds("com.example.Parser", one.toString(), " "));
        IllegalArgumentException absent = assertThrows(IllegalArgumentException.class,
                () -> Compare.ofBuilds("com.example.Parser", one.toString(), dir.resolve("no.jar").toString()).run());
        assertTrue(absent.getMessage().contains("which does not exist"), absent.getMessage());
    }
}
