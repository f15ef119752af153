package dev.counters.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.TimeUnit;

/** Runs a main class in a fresh JVM on this test's class path, for what only a fresh JVM shows (start-up, class loading). */
public final class FreshJvm {
    private FreshJvm() {}

    /** The output lines of {@code java jvmOptions -cp <this class path> mainClass}, which must exit with 0. */
    public static List<String> run(Class<?> mainClass, String... jvmOptions) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(Emulation.javaCommand());
        command.addAll(List.of(jvmOptions));
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), mainClass.getName()));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(process.waitFor(60, TimeUnit.SECONDS), "the fresh JVM finished");
        assertEquals(0, process.exitValue(), output);
        return output.lines().toList();
    }

    /** What {@code mainClass}, run as {@link #run} runs it, printed as {@code key=value} lines. */
    public static Properties report(Class<?> mainClass, String... jvmOptions) throws IOException, InterruptedException {
        Properties report = new Properties();
        report.load(new StringReader(String.join("\n", run(mainClass, jvmOptions))));
        return report;
    }

    /**
     * The classes {@link FirstReadingProbe}'s first reading loaded, as {@code -verbose:class} names them, from
     * the probe's own class on (the JVM's start-up before {@code main} is left out), and then its report.
     */
    public static FirstReading firstReading(String... jvmOptions) throws IOException, InterruptedException {
        List<String> options = new ArrayList<>(List.of(jvmOptions));
        options.add("-verbose:class");
        List<String> lines = run(FirstReadingProbe.class, options.toArray(new String[0]));
        int done = lines.indexOf(FirstReadingProbe.DONE);
        assertTrue(done >= 0, String.join("\n", lines));
        List<String> loaded = new ArrayList<>();
        for (String line : lines.subList(0, done)) {
            // JDK 17: "[0.051s][info][class,load] java.lang.Object source: shared objects file"
            int tag = line.indexOf("[class,load] ");
            if (tag >= 0) {
                String rest = line.substring(tag + "[class,load] ".length());
                int space = rest.indexOf(' ');
                loaded.add(space < 0 ? rest : rest.substring(0, space));
            }
        }
        int probe = loaded.indexOf(FirstReadingProbe.class.getName());
        assertTrue(probe >= 0, "the probe's class is listed: " + loaded);
        return new FirstReading(loaded.subList(probe, loaded.size()), lines.subList(done + 1, lines.size()));
    }

    /**
     * What a fresh JVM's first reading loaded.
     *
     * @param loadedBefore every class loaded from the probe's start to the end of its first reading, in order
     * @param report the probe's lines after it ({@code provider=...}, {@code binding=...})
     */
    public record FirstReading(List<String> loadedBefore, List<String> report) {
        /** The loaded classes whose names contain {@code fragment}. */
        public List<String> loaded(String fragment) {
            return loadedBefore.stream().filter(name -> name.contains(fragment)).toList();
        }

        /** The value of {@code key=} in the report. */
        public String value(String key) {
            return report.stream().filter(line -> line.startsWith(key + "=")).map(line -> line.substring(key.length() + 1))
                    .findFirst().orElseThrow(() -> new AssertionError("no " + key + " in " + report));
        }
    }
}
