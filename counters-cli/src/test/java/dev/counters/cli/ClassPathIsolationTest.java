package dev.counters.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.counters.measure.Task;
import java.nio.file.Files;
import java.nio.file.Path;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue #50, item 1: a task given with {@code --class-path} runs against its own libraries, never the
 * command line's. The task's class path holds its own {@code com.google.common.base.Strings} (a
 * stand-in for another Guava), and the task checks, in its constructor, that this is the one it gets
 * and that the command line's Jackson is not there at all; the comparison ends with exit code 0 only
 * if every instance, in this JVM and in each fork, found so.
 */
class ClassPathIsolationTest {
    @TempDir
    static Path folder;

    private static Path classes;

    @BeforeAll
    static void compileTheTaskAndItsOwnGuava() throws Exception {
        Path sources = Files.createDirectories(folder.resolve("src"));
        Path strings = Files.createDirectories(sources.resolve("com/google/common/base")).resolve("Strings.java");
        Files.writeString(strings, "package com.google.common.base;\n"
                + "public final class Strings {\n"
                + "    public static String origin() { return \"the task's own\"; }\n"
                + "}\n");
        Path task = Files.createDirectories(sources.resolve("iso")).resolve("OwnLibraries.java");
        Files.writeString(task, "package iso;\n"
                + "public class OwnLibraries implements dev.counters.measure.Task {\n"
                + "    public OwnLibraries() {\n"
                + "        if (!com.google.common.base.Strings.origin().equals(\"the task's own\")) {\n"
                + "            throw new IllegalStateException(\"the command line's Guava replaced the task's\");\n"
                + "        }\n"
                + "        try {\n"
                + "            Class.forName(\"com.fasterxml.jackson.databind.ObjectMapper\", false, getClass().getClassLoader());\n"
                + "            throw new IllegalStateException(\"the command line's Jackson is visible to the task\");\n"
                + "        } catch (ClassNotFoundException invisible) {\n"
                + "            // as it should be\n"
                + "        }\n"
                + "    }\n"
                + "    private long x = 7;\n"
                + "    public Object run() {\n"
                + "        for (int i = 0; i < 20_000; i++) { x ^= x << 13; x ^= x >>> 7; x ^= x << 17; }\n"
                + "        return x;\n"
                + "    }\n"
                + "}\n");
        classes = Files.createDirectories(folder.resolve("classes"));
        String taskJar = Path.of(Task.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        assertEquals(0, javac.run(null, null, null, "-classpath", taskJar, "-d", classes.toString(), strings.toString(),
                task.toString()));
    }

    @Test
    void inThisJvmTheTaskGetsItsOwnGuavaAndNoJackson() {
        Cli.Result result = Cli.run("compare", "--task-a", "iso.OwnLibraries", "--task-b", "iso.OwnLibraries", "--class-path",
                classes.toString(), "--forks", "0", "--budget", "1s", "--warm-up", "100ms", "-q");
        assertEquals(0, result.exitCode(), result.toString());
    }

    @Test
    void inEachForkTheTaskGetsItsOwnGuavaAndNoJackson() {
        Cli.Result result = Cli.run("compare", "--task-a", "iso.OwnLibraries", "--task-b", "iso.OwnLibraries", "--class-path",
                classes.toString(), "--forks", "2", "--budget", "4s", "-q");
        assertEquals(0, result.exitCode(), result.toString());
    }
}
