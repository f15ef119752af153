package dev.counters.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.counters.measure.Task;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

/**
 * One build of task classes for the suite tests: each class of {@code packageName} runs a number of
 * xorshift steps, then ends as its source says ({@code return x;}, or a {@code throw}), compiled
 * with javac into a folder of its own.
 */
final class XorshiftBuilds {
    private XorshiftBuilds() {}

    /** A task that takes {@code steps} xorshift steps and returns. */
    static String returning(int steps) {
        return steps + ":return x;";
    }

    /**
     * Compiles {@code tasks} (class name to {@code "STEPS:END"}, e.g. {@link #returning}) in
     * {@code packageName} into {@code folder/name}, and returns that folder.
     */
    static Path compile(Path folder, String name, String packageName, Map<String, String> tasks) throws Exception {
        Path sources = Files.createDirectories(folder.resolve(name + "-src/" + packageName));
        List<String> args = new ArrayList<>(List.of("-classpath",
                Path.of(Task.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString(),
                "-d", Files.createDirectories(folder.resolve(name)).toString()));
        for (Map.Entry<String, String> task : tasks.entrySet()) {
            String[] stepsAndEnd = task.getValue().split(":", 2);
            Path source = sources.resolve(task.getKey() + ".java");
            Files.writeString(source, source(packageName, task.getKey(), Integer.parseInt(stepsAndEnd[0]), stepsAndEnd[1]));
            args.add(source.toString());
        }
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        assertEquals(0, javac.run(null, null, null, args.toArray(String[]::new)));
        return folder.resolve(name);
    }

    private static String source(String packageName, String name, int steps, String end) {
        return "package " + packageName + ";\n"
                + "public class " + name + " implements dev.counters.measure.Task {\n"
                + "    private long state = 7;\n"
                + "    public Object run() {\n"
                + "        long x = state;\n"
                + "        for (int i = 0; i < " + steps + "; i++) { x ^= x << 13; x ^= x >>> 7; x ^= x << 17; }\n"
                + "        state = x;\n"
                + "        " + end + "\n"
                + "    }\n"
                + "}\n";
    }
}
