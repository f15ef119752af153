package dev.counters.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Finding task classes by reading class files compiled here: the truth is what javac made of each
 * declaration (public or not, abstract or not, a Task directly, through a super class or an
 * interface, with or without a constructor without arguments), and what the JVM's reflection says.
 */
class TaskScanTest {
    private static final Map<String, String> SOURCES = Map.of(
            "com.example.bench.Direct", "package com.example.bench; public class Direct implements dev.counters.measure.Task "
                    + "{ public Object run() { return 1; } }",
            "com.example.bench.Base", "package com.example.bench; public abstract class Base implements dev.counters.measure.Task {}",
            "com.example.bench.ViaBase", "package com.example.bench; public class ViaBase extends Base { public Object run() { return 2; } }",
            "com.example.bench.Marked", "package com.example.bench; public interface Marked extends dev.counters.measure.Task {}",
            "com.example.bench.deep.ViaInterface", "package com.example.bench.deep; public class ViaInterface implements "
                    + "com.example.bench.Marked { public Object run() { return 3; } public static class Nested extends ViaInterface {} }",
            "com.example.bench.Hidden", "package com.example.bench; class Hidden implements dev.counters.measure.Task "
                    + "{ public Object run() { return 4; } }",
            "com.example.bench.NeedsSize", "package com.example.bench; public class NeedsSize implements dev.counters.measure.Task "
                    + "{ public NeedsSize(int size) {} public Object run() { return 5; } }",
            "com.example.bench.NotATask", "package com.example.bench; public class NotATask implements Runnable "
                    + "{ static { if (true) throw new Error(\"a scan must not load me\"); } public void run() {} }",
            "com.example.other.Elsewhere", "package com.example.other; public class Elsewhere implements dev.counters.measure.Task "
                    + "{ public Object run() { return 6; } }");
    private static final List<String> TASKS = List.of("com.example.bench.Direct", "com.example.bench.ViaBase",
            "com.example.bench.deep.ViaInterface", "com.example.bench.deep.ViaInterface$Nested");

    @Test
    void findsEveryPublicConcreteTaskWithANoArgConstructorInAPackageAndBelowFromADirectoryOrAJar(@TempDir Path dir)
            throws IOException, ClassNotFoundException {
        Path classes = TaskBuilds.compile(dir, "tasks", SOURCES, System.getProperty("java.class.path"));
        Path jar = TaskBuilds.jar(classes, dir.resolve("tasks.jar"));
        assertEquals(TASKS, CompareSuite.tasksIn("com.example.bench", classes.toString()));
        assertEquals(TASKS, CompareSuite.tasksIn("com.example.bench", dir.resolve("absent") + File.pathSeparator + jar));
        assertEquals(List.of("com.example.other.Elsewhere"), CompareSuite.tasksIn("com.example.other", jar.toString()));
        // What reflection says of the classes found: each is a task the comparison can make.
        try (java.net.URLClassLoader loader = new java.net.URLClassLoader(new java.net.URL[] {jar.toUri().toURL()},
                getClass().getClassLoader())) {
            for (String name : TASKS) {
                Class<?> type = Class.forName(name, false, loader);
                assertTrue(Task.class.isAssignableFrom(type) && java.lang.reflect.Modifier.isPublic(type.getModifiers()), name);
                assertTrue(java.lang.reflect.Modifier.isPublic(assertDoesNotThrow(type).getModifiers()), name);
            }
        }
    }

    private static java.lang.reflect.Constructor<?> assertDoesNotThrow(Class<?> type) {
        try {
            return type.getConstructor();
        } catch (NoSuchMethodException e) {
            throw new AssertionError(type + " was found but has no public constructor without arguments", e);
        }
    }

    @Test
    void aPackageWithoutTasksIsRefusedNamingThePackageAndTheClassPath(@TempDir Path dir) throws IOException {
        Path classes = TaskBuilds.compile(dir, "tasks", SOURCES, System.getProperty("java.class.path"));
        IllegalArgumentException none = assertThrows(IllegalArgumentException.class,
                () -> CompareSuite.tasksIn("com.example.nothing", classes.toString()));
        assertTrue(none.getMessage().contains("'com.example.nothing'") && none.getMessage().contains(classes.toString()),
                none.getMessage());
        assertThrows(IllegalArgumentException.class, () -> CompareSuite.tasksIn("com.example.bench", " "));
    }
}
