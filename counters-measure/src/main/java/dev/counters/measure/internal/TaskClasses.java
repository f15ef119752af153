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
 * constructor without arguments. A class path of its own is read by a loader that looks there first
 * for everything but the JDK and this library ({@code dev.counters.*}), so that two builds of one
 * class, each on its own class path, load as two classes even when one of them is also on this
 * JVM's class path; {@link Task} itself always comes from this library, so both are tasks.
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
                : new OwnClassPathFirst(urls(classPath, which), TaskClasses.class.getClassLoader());
        Class<?> found;
        try {
            found = Class.forName(className, false, loader);
        } catch (ClassNotFoundException | LinkageError e) {
            throw new IllegalArgumentException("task " + which + ", " + className + ", cannot be loaded from "
                    + (loader instanceof OwnClassPathFirst ? "its class path " + classPath : "the class path") + ": " + e
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

    /** A class path of its own, looked in first for everything but the JDK's classes and this library's. */
    private static final class OwnClassPathFirst extends URLClassLoader {
        static {
            ClassLoader.registerAsParallelCapable();
        }

        OwnClassPathFirst(URL[] urls, ClassLoader parent) {
            super(urls, parent);
        }

        @Override
        protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
            if (name.startsWith("java.") || name.startsWith("javax.") || name.startsWith("jdk.") || name.startsWith("sun.")
                    || name.startsWith("dev.counters.")) {
                return super.loadClass(name, resolve);
            }
            synchronized (getClassLoadingLock(name)) {
                Class<?> loaded = findLoadedClass(name);
                if (loaded == null) {
                    try {
                        loaded = findClass(name);
                    } catch (ClassNotFoundException notHere) {
                        return super.loadClass(name, resolve);
                    }
                }
                if (resolve) {
                    resolveClass(loaded);
                }
                return loaded;
            }
        }
    }
}
