package dev.counters.nativeaccess;

import static java.util.Objects.requireNonNull;

import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.invoke.MethodHandles;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Loads an FFM layer's release-{@value ForeignLayers#RELEASE} classes where the jar around them has
 * lost its multi-release nature. An uber jar made by maven-shade-plugin or Gradle's shadow plugin
 * with their usual settings keeps every entry of the platform jars, {@code META-INF/versions/22}
 * included, but writes its own manifest without {@code Multi-Release: true}; a JVM of 22 or later
 * then loads the JNA-only stand-in of the base layer, and every kind reads through JNA. Called before
 * a platform module first names its FFM layer, {@link #defineWhereUnversioned} notices that case (the
 * class loader serves the stand-in's release-17 bytes while the release-22 bytes sit beside them)
 * and defines the release-22 class, its nested classes and the helpers of its package that only
 * release 22 has (the downcall holders an FFM layer splits out) itself, in the same package and
 * class loader, so that the names resolve to them as they would in the platform jar:
 * <pre>{@code
 * VersionedClasses.defineWhereUnversioned(MethodHandles.lookup(), "FfmPosixCalls");
 * LayerChoice<PosixCalls> chosen = LayerChoice.choose(FfmPosixCalls::bind, PosixSystem::binding);
 * }</pre>
 * Where the class loader honours the multi-release jar (the platform jars themselves, a Spring Boot
 * executable jar, the module path, a jlink image), on a JVM before 22, or in a build without FFM
 * classes, it does nothing.
 */
public final class VersionedClasses {
    /** The class file major version of release {@value ForeignLayers#RELEASE}. */
    static final int RELEASE_MAJOR_VERSION = 44 + ForeignLayers.RELEASE;

    private static final String VERSIONED_ROOT = "META-INF/versions/" + ForeignLayers.RELEASE + "/";

    private VersionedClasses() {}

    /**
     * Defines the release-22 class {@code simpleName} of {@code lookup}'s package (with its nested
     * classes, the classes of its package it names that only release 22 has, and counters-native's
     * own FFM class {@code ForeignCode}) where the class loader would otherwise load its stand-in.
     * Call it before the class is first named: once the stand-in is loaded, nothing can take its
     * place, and the stand-in then serves as it does in a JNA-only build.
     *
     * @param lookup a lookup with package access in the FFM layer's package ({@code MethodHandles.lookup()} there)
     * @param simpleName the FFM layer's class, e.g. {@code "FfmPosixCalls"}
     * @return the classes defined; empty where the class loader honours the multi-release jar, on a
     *     JVM before 22, in a build without FFM classes, or where the stand-in was loaded already
     */
    public static List<Class<?>> defineWhereUnversioned(MethodHandles.Lookup lookup, String simpleName) {
        requireNonNull(lookup, "lookup");
        requireNonNull(simpleName, "simpleName");
        if (Runtime.version().feature() < ForeignLayers.RELEASE) {
            return List.of();
        }
        List<Class<?>> defined = new ArrayList<>(OwnClasses.DEFINED);
        defined.addAll(defineIn(lookup, simpleName));
        return defined;
    }

    private static List<Class<?>> defineIn(MethodHandles.Lookup lookup, String simpleName) {
        ClassLoader loader = lookup.lookupClass().getClassLoader();
        String packagePath = lookup.lookupClass().getPackageName().replace('.', '/') + "/";
        String path = packagePath + simpleName + ".class";
        List<Class<?>> defined = new ArrayList<>();
        try {
            if (loader == null || !servesOlderRelease(loader, path)) {
                return defined;
            }
            Set<String> named = new HashSet<>(List.of(path));
            List<String> pending = new ArrayList<>(List.of(path));
            while (!pending.isEmpty()) {
                String file = pending.remove(0);
                Optional<byte[]> bytes = read(loader, VERSIONED_ROOT + file);
                if (bytes.isPresent()) {
                    defined.add(lookup.defineClass(bytes.get()));
                    for (String nested : nestedClassFiles(bytes.get(), file.substring(0, file.length() - ".class".length()))) {
                        if (named.add(nested)) {
                            pending.add(nested);
                        }
                    }
                    for (String helper : samePackageClassFiles(bytes.get(), packagePath)) {
                        if (!named.contains(helper) && onlyVersioned(loader, helper)) {
                            named.add(helper);
                            pending.add(helper);
                        }
                    }
                }
            }
        } catch (LinkageError | IllegalAccessException | UncheckedIOException | IllegalArgumentException standInServes) {
            // The stand-in was loaded before (a duplicate definition), the lookup may not define
            // classes, or the jar could not be read: the stand-in serves, as in a build without FFM
            // classes, and the platform module reads through JNA. Nothing is worth failing for here.
        }
        return defined;
    }

    /** Whether {@code path} is a class file of release 22 alone: absent from the jar's root, present in its versioned folder. */
    private static boolean onlyVersioned(ClassLoader loader, String path) {
        return loader.getResource(path) == null && loader.getResource(VERSIONED_ROOT + path) != null;
    }

    /**
     * Whether {@code loader} serves {@code path} as a class file older than release 22 although a
     * release-22 one is in {@code META-INF/versions/22}: a multi-release jar read as a plain one.
     */
    static boolean servesOlderRelease(ClassLoader loader, String path) {
        return read(loader, path).map(bytes -> majorVersion(bytes) < RELEASE_MAJOR_VERSION).orElse(false)
                && loader.getResource(VERSIONED_ROOT + path) != null;
    }

    /** The major version of the class file {@code bytes} (release 17 is 61, release 22 is 66). */
    static int majorVersion(byte[] bytes) {
        if (bytes.length < 8) {
            throw new IllegalArgumentException("not a class file: " + bytes.length + " bytes, fewer than its 8-byte header");
        }
        return ((bytes[6] & 0xff) << 8) | (bytes[7] & 0xff);
    }

    /**
     * The class files of the classes nested in {@code internalName} that the class file {@code bytes}
     * names in its constant pool (every nested class appears there, in its {@code InnerClasses}
     * attribute), e.g. {@code dev/counters/posix/FfmPosixCalls$Downcalls.class}; not the class itself.
     */
    static List<String> nestedClassFiles(byte[] bytes, String internalName) {
        String prefix = internalName + "$";
        List<String> nested = new ArrayList<>();
        for (String utf8 : constantPoolStrings(bytes)) {
            if (utf8.startsWith(prefix) && utf8.indexOf(';') < 0 && utf8.indexOf('(') < 0) {
                nested.add(utf8 + ".class");
            }
        }
        return nested;
    }

    /**
     * The class files of the classes in the package {@code packagePath} (e.g. {@code dev/counters/windows/internal/})
     * that the class file {@code bytes} names in its constant pool, as classes or inside descriptors: the
     * helpers an FFM layer calls, which a release-22 build may hold only in {@code META-INF/versions/22}.
     */
    static List<String> samePackageClassFiles(byte[] bytes, String packagePath) {
        Pattern inDescriptor = Pattern.compile("L(" + Pattern.quote(packagePath) + "[^/;<]+)[;<]");
        List<String> named = new ArrayList<>();
        for (String utf8 : constantPoolStrings(bytes)) {
            if (utf8.startsWith(packagePath) && utf8.length() > packagePath.length()
                    && utf8.indexOf('/', packagePath.length()) < 0 && utf8.indexOf(';') < 0 && utf8.indexOf('(') < 0) {
                named.add(utf8 + ".class");
            }
            // A type named only in a field's or method's descriptor or signature, e.g. (Ldev/x/Helper;)V.
            for (Matcher type = inDescriptor.matcher(utf8); type.find(); ) {
                named.add(type.group(1) + ".class");
            }
        }
        return named;
    }

    /** The CONSTANT_Utf8 entries of a class file's constant pool (JVMS 4.4), in order. */
    private static List<String> constantPoolStrings(byte[] bytes) {
        List<String> strings = new ArrayList<>();
        try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(bytes))) {
            in.skipNBytes(8); // magic, minor and major version
            int count = in.readUnsignedShort();
            for (int index = 1; index < count; index++) {
                int tag = in.readUnsignedByte();
                switch (tag) {
                    case 1 -> strings.add(in.readUTF());
                    case 7, 8, 16, 19, 20 -> in.skipNBytes(2);
                    case 15 -> in.skipNBytes(3);
                    case 3, 4, 9, 10, 11, 12, 17, 18 -> in.skipNBytes(4);
                    case 5, 6 -> {
                        in.skipNBytes(8);
                        index++; // a long or double takes two entries
                    }
                    default -> throw new IllegalArgumentException("not a class file this reader knows: constant pool tag " + tag
                            + " at entry " + index);
                }
            }
        } catch (IOException e) {
            throw new IllegalArgumentException("not a class file: its constant pool ends early", e);
        }
        return strings;
    }

    private static Optional<byte[]> read(ClassLoader loader, String path) {
        try (InputStream in = loader.getResourceAsStream(path)) {
            return in == null ? Optional.empty() : Optional.of(in.readAllBytes());
        } catch (IOException e) {
            throw new UncheckedIOException("could not read " + path + " through " + loader, e);
        }
    }

    /** counters-native's own FFM class, defined once, the first time a platform module asks. */
    private static final class OwnClasses {
        static final List<Class<?>> DEFINED = defineIn(MethodHandles.lookup(), "ForeignCode");
    }
}
