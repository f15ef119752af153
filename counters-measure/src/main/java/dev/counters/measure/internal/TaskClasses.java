package dev.counters.measure.internal;

import static java.util.Objects.requireNonNull;

import dev.counters.measure.Task;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Constructor;
import java.lang.reflect.Modifier;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Finds a task class by name, on this JVM's class path or on a class path of its own, and checks
 * what can be checked before anything runs: that it is a public {@link Task} with a public
 * constructor without arguments. A class path of its own is read by a loader that shows the task
 * the JDK, this library ({@code dev.counters.*}) and that class path only ({@link #ownClassPathOnly}),
 * so that two builds of one class load as two classes even when one of them is also on this JVM's
 * class path, and a task never meets the measuring program's own libraries; {@link Task} itself
 * always comes from this library, so both are tasks.
 */
public final class TaskClasses {
    private TaskClasses() {}

    /**
     * The task class {@code className}: from {@code classPath} (entries separated by
     * {@link File#pathSeparator}) if it is not empty, else from this JVM's class path.
     *
     * @throws IllegalArgumentException naming the class and what to do if it is not found, not a
     *     public {@link Task}, or has no public constructor without arguments
     */
    public static Class<? extends Task> load(String className, String classPath, String which) {
        requireNonNull(className, "className");
        ClassLoader loader = classPath == null || classPath.isEmpty() ? TaskClasses.class.getClassLoader()
                : ownClassPathOnly(urls(classPath, which));
        Class<?> found;
        try {
            found = Class.forName(className, false, loader);
        } catch (ClassNotFoundException | LinkageError e) {
            throw new IllegalArgumentException("task " + which + ", " + className + ", cannot be loaded from "
                    + (loader instanceof OwnClassPathOnly ? "its class path " + classPath : "the class path") + ": " + e
                    + "; check the class name and the class path", e);
        }
        return check(found, which);
    }

    /**
     * {@code type} as a task class.
     *
     * @throws IllegalArgumentException if it is not a public {@link Task} with a public constructor without arguments
     */
    public static Class<? extends Task> check(Class<?> type, String which) {
        String name = "task " + which + ", " + type.getName() + ",";
        if (!Task.class.isAssignableFrom(type)) {
            throw new IllegalArgumentException(name + " does not implement " + Task.class.getName()
                    + ": make it implement Task (its run() is what is timed)");
        }
        if (!Modifier.isPublic(type.getModifiers()) || type.isMemberClass() && !Modifier.isStatic(type.getModifiers())) {
            throw new IllegalArgumentException(name + " is not public" + (type.isMemberClass() ? " and static" : "")
                    + ": a task class is made by reflection in each JVM, so make it public"
                    + (type.isMemberClass() ? " (and static, if nested)" : ""));
        }
        if (Modifier.isAbstract(type.getModifiers())) {
            throw new IllegalArgumentException(name + " is abstract: give a concrete class");
        }
        try {
            Constructor<?> constructor = type.getConstructor();
            if (!Modifier.isPublic(constructor.getModifiers())) {
                throw new NoSuchMethodException();
            }
        } catch (NoSuchMethodException e) {
            throw new IllegalArgumentException(name + " has no public constructor without arguments: add one (each JVM "
                    + "makes its instances with it)", e);
        }
        return type.asSubclass(Task.class);
    }

    private static URL[] urls(String classPath, String which) {
        List<URL> urls = new ArrayList<>();
        for (String entry : classPath.split(File.pathSeparator)) {
            if (entry.isEmpty()) {
                continue;
            }
            Path path = Path.of(entry);
            if (!Files.exists(path)) {
                throw new IllegalArgumentException("the class path of task " + which + " names " + entry
                        + ", which does not exist");
            }
            try {
                urls.add(path.toAbsolutePath().toUri().toURL());
            } catch (MalformedURLException e) {
                throw new UncheckedIOException(new IOException("cannot read " + entry + " as a class path entry", e));
            }
        }
        return urls.toArray(URL[]::new);
    }

    /**
     * A loader of {@code urls} that shows a task the JDK, this library ({@code dev.counters.*}, whose
     * {@link Task} it implements) and its own class path, and nothing else: not the libraries of the
     * program that measures it (the command line's Guava, Jackson, JNA). A task compiled against
     * another version of one of them runs against its own; a class its class path lacks is not found,
     * rather than borrowed.
     */
    public static ClassLoader ownClassPathOnly(URL[] urls) {
        return new OwnClassPathOnly(urls, TaskClasses.class.getClassLoader());
    }

    /** A class path of its own, with the JDK's classes and this library's, and nothing of the parent's. */
    private static final class OwnClassPathOnly extends URLClassLoader {
        private static final ClassLoader JDK = ClassLoader.getPlatformClassLoader();

        static {
            ClassLoader.registerAsParallelCapable();
        }

        OwnClassPathOnly(URL[] urls, ClassLoader library) {
            super(urls, library);
        }

        @Override
        protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
            if (name.startsWith("dev.counters.")) {
                try {
                    return super.loadClass(name, resolve);
                } catch (ClassNotFoundException notTheLibrarys) {
                    // A task of its own in a dev.counters package (the examples, the trials): from its class path.
                }
            }
            synchronized (getClassLoadingLock(name)) {
                Class<?> loaded = findLoadedClass(name);
                if (loaded == null) {
                    try {
                        loaded = JDK.loadClass(name);
                    } catch (ClassNotFoundException notTheJdks) {
                        loaded = findClass(name);
                    }
                }
                if (resolve) {
                    resolveClass(loaded);
                }
                return loaded;
            }
        }

        @Override
        public URL getResource(String name) {
            URL own = findResource(name);
            return own != null ? own : JDK.getResource(name);
        }

        @Override
        public java.util.Enumeration<URL> getResources(String name) throws IOException {
            List<URL> found = new ArrayList<>(java.util.Collections.list(findResources(name)));
            found.addAll(java.util.Collections.list(JDK.getResources(name)));
            return java.util.Collections.enumeration(found);
        }
    }
}
