package dev.counters.cli;

import dev.counters.measure.Task;
import dev.counters.measure.internal.TaskClasses;
import java.io.File;
import java.io.IOException;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Modifier;
import java.net.MalformedURLException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.jar.JarFile;

/**
 * Finds the user's {@link Task} for {@code counters measure --task}: on the class path, or in
 * the jars and folders of {@code --class-path}. Every way it can go wrong (no such class, not a
 * task, no public no-argument constructor, a constructor or static initialiser that throws, a jar
 * that cannot be read) is a
 * {@link UserInputException} that says what to fix.
 */
final class TaskLoader {
    private static final String CONTRACT = Task.class.getName() + " (public Object run() throws Exception)";

    private TaskLoader() {}

    /**
     * A new instance of the class named {@code className}.
     *
     * @param classPath extra jars and folders separated by {@link File#pathSeparator}, or null
     */
    static Task load(String className, String classPath) {
        Constructor<? extends Task> constructor = constructor(type(className, classPath));
        Class<?> type = constructor.getDeclaringClass();
        try {
            return constructor.newInstance();
        } catch (IllegalAccessException e) {
            throw new UserInputException(type.getName() + " must be a public class (and public static if nested)", e);
        } catch (InvocationTargetException e) {
            throw new UserInputException("the constructor of " + type.getName() + " threw " + e.getCause(), e);
        } catch (ExceptionInInitializerError e) {
            throw new UserInputException("the static initialiser of " + type.getName() + " threw " + e.getCause(), e);
        } catch (InstantiationException | LinkageError e) {
            throw new UserInputException(type.getName() + " cannot be instantiated: " + e, e);
        }
    }

    /**
     * The concrete, public task class named {@code className}, with a public constructor without
     * arguments, not initialised: what another JVM can make instances of.
     *
     * @param classPath extra jars and folders separated by {@link File#pathSeparator}, or null
     */
    static Class<? extends Task> type(String className, String classPath) {
        return type(className, classPath, "--class-path");
    }

    /** As {@link #type(String, String)}, {@code classPath} given with {@code option} ({@code --class-path-a}), which messages name. */
    static Class<? extends Task> type(String className, String classPath, String option) {
        ClassLoader loader = loader(classPath, option);
        Class<?> type;
        try {
            type = Class.forName(className, false, loader);
        } catch (ClassNotFoundException e) {
            throw new UserInputException("no class " + Messages.quote(className) + " on the class path"
                    + (classPath == null ? "" : " or in " + option + " " + Messages.quote(classPath))
                    + "; give the fully qualified name of a class that implements " + CONTRACT
                    + ", and its jar or folder with " + option, e);
        } catch (LinkageError e) {
            throw new UserInputException("class " + Messages.quote(className) + " cannot be loaded: " + e, e);
        }
        if (!Task.class.isAssignableFrom(type)) {
            throw new UserInputException(type.getName() + " does not implement " + CONTRACT);
        }
        if (type.isInterface() || Modifier.isAbstract(type.getModifiers())) {
            throw new UserInputException(type.getName() + " is abstract; name a concrete class that implements "
                    + Task.class.getName());
        }
        Class<? extends Task> task = type.asSubclass(Task.class);
        constructor(task);
        return task;
    }

    private static Constructor<? extends Task> constructor(Class<? extends Task> type) {
        try {
            return type.getConstructor();
        } catch (NoSuchMethodException e) {
            throw new UserInputException(type.getName() + " needs a public constructor without arguments", e);
        }
    }

    private static ClassLoader loader(String classPath, String option) {
        ClassLoader parent = Thread.currentThread().getContextClassLoader() != null
                ? Thread.currentThread().getContextClassLoader()
                : TaskLoader.class.getClassLoader();
        if (classPath == null || classPath.isBlank()) {
            return parent;
        }
        List<URL> urls = new ArrayList<>();
        for (String entry : classPath.split(File.pathSeparator)) {
            if (entry.isBlank()) {
                continue;
            }
            Path path;
            try {
                path = Path.of(entry);
            } catch (InvalidPathException e) {
                throw new UserInputException(option + " entry " + Messages.quote(entry) + " is not a usable path: "
                        + e.getReason(), e);
            }
            if (!Files.exists(path)) {
                throw new UserInputException(option + " entry " + Messages.quote(entry) + " does not exist");
            }
            if (Files.isRegularFile(path)) {
                checkReadableJar(entry, path, option);
            }
            try {
                urls.add(path.toUri().toURL());
            } catch (MalformedURLException e) {
                throw new UserInputException(option + " entry " + Messages.quote(entry) + " is not a usable path: " + e, e);
            }
        }
        // The JDK, counters and --class-path only: the command line's own Guava, Jackson and JNA stay invisible.
        return TaskClasses.ownClassPathOnly(urls.toArray(new URL[0]));
    }

    /** A class loader skips a jar it cannot open, which would surface later as "no class": say so now. */
    private static void checkReadableJar(String entry, Path path, String option) {
        try (JarFile jar = new JarFile(path.toFile())) {
            jar.size();
        } catch (IOException e) {
            throw new UserInputException(option + " entry " + Messages.quote(entry) + " is not a readable jar (corrupt, "
                    + "truncated or not a jar at all: " + e.getMessage() + "); give a jar or a folder of classes", e);
        }
    }
}
