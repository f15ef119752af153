package dev.counters.measure;

import static com.google.common.base.Preconditions.checkArgument;
import static java.util.Objects.requireNonNull;

import java.io.Closeable;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.stream.Stream;

/**
 * Finds the task classes of a package in a class path by reading class files, never loading them:
 * every public, concrete class with a public constructor without arguments that implements
 * {@link Task}, directly or through its super classes and interfaces (looked up in the same class
 * path, then in this library's). Directories and jars are read alike.
 */
final class TaskScan implements Closeable {
    private static final String TASK = Task.class.getName().replace('.', '/');
    private final List<Path> directories = new ArrayList<>();
    private final List<JarFile> jars = new ArrayList<>();
    private final Map<String, Optional<ClassFileHeader>> headers = new HashMap<>();

    private TaskScan(String classPath) throws IOException {
        for (String entry : classPath.split(File.pathSeparator)) {
            if (entry.isBlank()) {
                continue;
            }
            Path path = Path.of(entry);
            if (Files.isDirectory(path)) {
                directories.add(path);
            } else if (Files.isRegularFile(path)) {
                jars.add(new JarFile(path.toFile()));
            }
        }
    }

    /**
     * The names of the task classes in {@code packageName} and its sub-packages on {@code classPath},
     * sorted.
     *
     * @throws IllegalArgumentException if there is none, naming the package and the class path
     * @throws UncheckedIOException if a directory or jar of the class path cannot be read
     */
    static List<String> find(String packageName, String classPath) {
        requireNonNull(packageName, "packageName is null; pass the package of the task classes, e.g. com.example.bench");
        requireNonNull(classPath, "classPath is null; pass the directories and jars that hold the task classes");
        checkArgument(!classPath.isBlank(), "the class path to look for task classes in is empty: pass the directories "
                + "and jars that hold them (e.g. target/test-classes)");
        String prefix = packageName.isEmpty() ? "" : packageName.replace('.', '/') + "/";
        try (TaskScan scan = new TaskScan(classPath)) {
            TreeSet<String> found = new TreeSet<>();
            for (String file : scan.classFiles(prefix)) {
                String internal = file.substring(0, file.length() - ".class".length());
                Optional<ClassFileHeader> header = scan.header(internal);
                if (header.isPresent() && header.get().isPublicConcreteWithNoArgConstructor() && scan.isTask(header.get())) {
                    found.add(header.get().className());
                }
            }
            checkArgument(!found.isEmpty(), "no task class in package '%s' (or below) of the class path %s: a task class "
                    + "is public, not abstract, implements %s and has a public constructor without arguments; check the "
                    + "package name and that the classes are compiled there", packageName, classPath, Task.class.getName());
            return List.copyOf(found);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the class path " + classPath + " to find task classes in package '"
                    + packageName + "': " + e.getMessage(), e);
        }
    }

    /** The class files under {@code prefix} in every directory and jar, as paths relative to the root. */
    private List<String> classFiles(String prefix) throws IOException {
        List<String> files = new ArrayList<>();
        for (Path directory : directories) {
            Path start = directory.resolve(prefix);
            if (Files.isDirectory(start)) {
                try (Stream<Path> walk = Files.walk(start)) {
                    walk.filter(p -> isClassFile(p.toString())).forEach(
                            p -> files.add(directory.relativize(p).toString().replace(File.separatorChar, '/')));
                }
            }
        }
        for (JarFile jar : jars) {
            for (Enumeration<JarEntry> entries = jar.entries(); entries.hasMoreElements();) {
                String name = entries.nextElement().getName();
                if (name.startsWith(prefix) && isClassFile(name)) {
                    files.add(name);
                }
            }
        }
        return files;
    }

    private static boolean isClassFile(String name) {
        return name.endsWith(".class") && !name.endsWith("module-info.class") && !name.endsWith("package-info.class");
    }

    /** Whether the class implements Task through its own interfaces, its super classes or theirs. */
    private boolean isTask(ClassFileHeader header) throws IOException {
        if (header.interfaces().contains(TASK)) {
            return true;
        }
        List<String> supertypes = new ArrayList<>(header.interfaces());
        if (header.superName() != null) {
            supertypes.add(header.superName());
        }
        for (String supertype : supertypes) {
            if (supertype.equals(TASK)) {
                return true;
            }
            Optional<ClassFileHeader> found = header(supertype);
            if (found.isPresent() && isTask(found.get())) {
                return true;
            }
        }
        return false;
    }

    /** The header of a class by internal name: from the class path first, then from this library's loader; empty if neither has it. */
    private Optional<ClassFileHeader> header(String internalName) throws IOException {
        Optional<ClassFileHeader> known = headers.get(internalName);
        if (known != null) {
            return known;
        }
        String file = internalName + ".class";
        byte[] bytes = bytes(file);
        Optional<ClassFileHeader> header = bytes == null ? Optional.empty() : Optional.of(ClassFileHeader.read(bytes, file));
        headers.put(internalName, header);
        return header;
    }

    private byte[] bytes(String file) throws IOException {
        for (Path directory : directories) {
            Path path = directory.resolve(file);
            if (Files.isRegularFile(path)) {
                return Files.readAllBytes(path);
            }
        }
        for (JarFile jar : jars) {
            JarEntry entry = jar.getJarEntry(file);
            if (entry != null) {
                try (InputStream in = jar.getInputStream(entry)) {
                    return in.readAllBytes();
                }
            }
        }
        if (file.startsWith("java/")) {
            return null;
        }
        try (InputStream in = TaskScan.class.getClassLoader().getResourceAsStream(file)) {
            return in == null ? null : in.readAllBytes();
        }
    }

    @Override
    public void close() throws IOException {
        for (JarFile jar : jars) {
            jar.close();
        }
    }
}
