package dev.counters.examples.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * examples/README.md's commands, run as written from the project's root (after `package`, as after
 * the README's `mvn -q -DskipTests install`), on the JDK running the build: each exits 0 without a
 * stack trace and prints what its example prints first; and every example with a main has its command.
 */
class ReadmeCommandsIT {
    private static final Pattern BASH_BLOCK = Pattern.compile("^```bash\\n(.*?)^```", Pattern.MULTILINE | Pattern.DOTALL);
    private static final Pattern MAIN_CLASS = Pattern.compile("\\b(dev\\.counters\\.examples\\.[\\w.]+)");
    /** What each example prints first. */
    private static final Map<String, String> FIRST_WORDS = Map.of(
            "platform.WhatThisMachineServes", "running on ",
            "scope.GenericScopedTiming", "one generic method, three counters",
            "composition.ComposedApplication", "THREAD_TIMES served by: ",
            "articles.CounterCost", "clock ",
            "articles.CounterIsolation", " 0 competing threads: ",
            "articles.CyclesAndFrequency", "CPU_CYCLES: ",
            "articles.CarefulMeasurement", "sorting a copy of ",
            "micrometer.CpuPerRequestExample", "# HELP ");

    @Test
    void everyCommandRunsAsWrittenAndEveryExampleHasOne() throws Exception {
        List<String> commands = commands();
        Set<String> run = new TreeSet<>();
        Map<String, Future<Launch>> launches = new LinkedHashMap<>();
        ExecutorService pool = Executors.newFixedThreadPool(2);       // two at a time: a JVM's start is mostly waiting
        try {
            for (String command : commands) {
                launches.put(command, pool.submit(() -> Launch.run(List.of("bash", "-c", Launch.java() + command.substring("java".length())),
                        Launch.PROJECT, Map.of())));
            }
        } finally {
            pool.shutdown();
        }
        for (Map.Entry<String, Future<Launch>> entry : launches.entrySet()) {
            String command = entry.getKey();
            Matcher mainClass = MAIN_CLASS.matcher(command);
            assertTrue(mainClass.find(), command);
            String example = mainClass.group(1).substring("dev.counters.examples.".length());
            run.add(example);
            Launch launch = entry.getValue().get();
            assertEquals(0, launch.exitCode(), launch.toString());
            assertFalse(launch.printedStackTrace(), launch.toString());
            String first = FIRST_WORDS.get(example);
            assertTrue(first != null && launch.output().startsWith(first), "expected it to start with '" + first + "':\n" + launch);
        }
        assertEquals(mainClasses(), run, "every example with a main has its command in examples/README.md");
    }

    /** The README's `java ...` command lines, a trailing backslash joining a line to the next. */
    private static List<String> commands() throws IOException {
        String readme = Files.readString(Path.of("README.md"));
        List<String> commands = new ArrayList<>();
        Matcher block = BASH_BLOCK.matcher(readme);
        while (block.find()) {
            for (String line : block.group(1).replace("\\\n", " ").split("\n")) {
                if (line.startsWith("java ")) {
                    commands.add(line.replaceAll("\\s+#.*$", "").trim());
                }
            }
        }
        assertTrue(commands.size() >= 8, "found only " + commands);
        return commands;
    }

    private static Set<String> mainClasses() throws IOException {
        Path sources = Path.of("src/main/java/dev/counters/examples");
        try (Stream<Path> files = Files.walk(sources)) {
            return files.filter(f -> f.toString().endsWith(".java")).filter(f -> {
                try {
                    return Files.readString(f).contains("public static void main(String[] args)");
                } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            }).map(f -> sources.relativize(f).toString().replace(".java", "").replace('/', '.')).collect(Collectors.toCollection(TreeSet::new));
        }
    }
}
