package dev.counters.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Assumptions;

/** Compiles Java sources given as text into a directory, and jars a directory: real class files for the suite's tests. */
final class TaskBuilds {
    private TaskBuilds() {}

    /** Compiles {@code sources} (class name to source) with {@code classPath} into {@code dir}/classes-{@code name}. */
    static Path compile(Path dir, String name, Map<String, String> sources, String classPath) throws IOException {
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        Assumptions.assumeTrue(javac != null, "this JVM has no compiler to build the task classes with");
        Path sourceDir = dir.resolve("src-" + name);
        List<String> arguments = new ArrayList<>(List.of("--release", "17", "-cp", classPath, "-d",
                dir.resolve("classes-" + name).toString()));
        for (Map.Entry<String, String> source : sources.entrySet()) {
            Path file = sourceDir.resolve(source.getKey().replace('.', '/') + ".java");
            Files.createDirectories(file.getParent());
            Files.writeString(file, source.getValue());
            arguments.add(file.toString());
        }
        assertEquals(0, javac.run(null, null, null, arguments.toArray(String[]::new)), "javac failed on " + sources.keySet());
        return dir.resolve("classes-" + name);
    }

    /** A jar of every file under {@code classes}. */
    static Path jar(Path classes, Path jar) throws IOException {
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar)); Stream<Path> files = Files.walk(classes)) {
            for (Path file : (Iterable<Path>) files.filter(Files::isRegularFile)::iterator) {
                out.putNextEntry(new JarEntry(classes.relativize(file).toString().replace('\\', '/')));
                try (OutputStream entry = new NonClosing(out)) {
                    Files.copy(file, entry);
                }
            }
        }
        return jar;
    }

    private static final class NonClosing extends java.io.FilterOutputStream {
        NonClosing(OutputStream out) {
            super(out);
        }

        @Override
        public void close() throws IOException {
            flush();
        }
    }
}
