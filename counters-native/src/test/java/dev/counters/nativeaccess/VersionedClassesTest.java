package dev.counters.nativeaccess;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.invoke.MethodHandles;
import java.lang.reflect.Method;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class VersionedClassesTest {
    /**
     * counters-native's classes as the build left them, the release-22 ones under META-INF/versions/22:
     * the folder or jar {@link VersionedClasses} was loaded from, wherever the tests run (CI's aarch64
     * leg runs them from another folder, on the packaged jar).
     */
    private static final Path CLASSES = classesLocation();

    @Test
    void readsTheReleaseAClassFileWasCompiledFor() throws IOException {
        assertEquals(61, VersionedClasses.majorVersion(bytesOf(VersionedClasses.class)), "counters-native is compiled for release 17");
        assertEquals(66, VersionedClasses.RELEASE_MAJOR_VERSION);
    }

    @Test
    void refusesBytesTooShortForAClassFileHeader() {
        IllegalArgumentException thrown = assertThrows(IllegalArgumentException.class, () -> VersionedClasses.majorVersion(new byte[5]));
        assertEquals("not a class file: 5 bytes, fewer than its 8-byte header", thrown.getMessage());
    }

    @Test
    void findsTheClassesNestedInAClassAsTheJvmDoes() throws IOException {
        for (Class<?> type : List.of(Outer.class, Outer.Second.class)) {
            List<String> expected = Stream.of(type.getDeclaredClasses())
                    .map(member -> member.getName().replace('.', '/') + ".class")
                    .sorted().collect(Collectors.toList());

            List<String> found = VersionedClasses.nestedClassFiles(bytesOf(type), type.getName().replace('.', '/')).stream()
                    .sorted().distinct().collect(Collectors.toList());

            assertFalse(expected.isEmpty());
            assertEquals(expected, found, type.getName());
        }
    }

    @Test
    void leavesAMultiReleaseAwareLoaderAlone() {
        // The test class path is a folder: it serves the release-17 stand-in, but no versioned copy sits in it.
        assertFalse(VersionedClasses.servesOlderRelease(VersionedClassesTest.class.getClassLoader(),
                "dev/counters/nativeaccess/VersionedClassesTest.class"));
        assumeTrue(Runtime.version().feature() < ForeignLayers.RELEASE);
        assertEquals(List.of(), VersionedClasses.defineWhereUnversioned(MethodHandles.lookup(), "ForeignCode"));
    }

    @Test
    void definesTheReleaseTwentyTwoClassesOfAJarWithoutMultiReleaseInItsManifest(@TempDir Path dir) throws Exception {
        assumeTrue(Runtime.version().feature() >= ForeignLayers.RELEASE, "FFM classes load on JDK 22+ only");
        boolean withFfmClasses = inClasses(root -> Files.isDirectory(root.resolve("META-INF/versions/22")));
        assumeTrue(withFfmClasses, "a build with FFM classes");
        Path jar = dir.resolve("uber.jar");
        writeJarWithoutManifest(Map.of(), jar);

        // Its own loader, not the test's: the uber jar is the only place these classes come from.
        try (URLClassLoader loader = new URLClassLoader(new URL[] {jar.toUri().toURL()}, VersionedClassesTest.class.getClassLoader().getParent())) {
            assumeTrue(loader.getResource("com/sun/jna/Native.class") == null);
            Class<?> versioned = Class.forName(VersionedClasses.class.getName(), true, loader);
            assertTrue(VersionedClasses.servesOlderRelease(loader, "dev/counters/nativeaccess/ForeignCode.class"),
                    "a plain jar serves the release-17 stand-in although a release-22 class is beside it");

            @SuppressWarnings("unchecked")
            List<Class<?>> defined = (List<Class<?>>) versioned.getMethod("defineWhereUnversioned", MethodHandles.Lookup.class, String.class)
                    .invoke(null, MethodHandles.privateLookupIn(versioned, MethodHandles.lookup()), "ForeignCode");

            Class<?> foreignCode = Class.forName("dev.counters.nativeaccess.ForeignCode", false, loader);
            assertEquals(List.of("dev.counters.nativeaccess.ForeignCode", "dev.counters.nativeaccess.ForeignCode$Reader"),
                    defined.stream().map(Class::getName).collect(Collectors.toList()));
            assertEquals(foreignCode, defined.get(0), "the name now resolves to the release-22 class");
            assertEquals(List.of("Reader"), Arrays.stream(foreignCode.getDeclaredClasses()).map(Class::getSimpleName).collect(Collectors.toList()));
        }
    }

    @Test
    void definesTheHelpersOfItsPackageThatOnlyReleaseTwentyTwoHas(@TempDir Path dir) throws Exception {
        assumeTrue(Runtime.version().feature() >= ForeignLayers.RELEASE, "FFM classes load on JDK 22+ only");
        // A layer split in two: its stand-in at the root, its release-22 self and its helper (with a
        // nested class) only in META-INF/versions/22, beside counters-native as the build left it.
        Path jar = dir.resolve("split.jar");
        String layer = SplitLayerFixture.class.getName().replace('.', '/') + ".class";
        Map<String, byte[]> entries = new LinkedHashMap<>();
        entries.put(layer, bytesOf(SplitLayerFixture.class));
        for (Class<?> versioned : List.of(SplitLayerFixture.class, SplitLayerHelper.class, SplitLayerHelper.Part.class,
                SplitLayerValue.class)) {
            entries.put("META-INF/versions/22/" + versioned.getName().replace('.', '/') + ".class", bytesOf(versioned));
        }
        writeJarWithoutManifest(entries, jar);

        try (URLClassLoader loader = new URLClassLoader(new URL[] {jar.toUri().toURL()}, VersionedClassesTest.class.getClassLoader().getParent())) {
            Class<?> versioned = Class.forName(VersionedClasses.class.getName(), true, loader);
            assertTrue(VersionedClasses.servesOlderRelease(loader, layer));

            @SuppressWarnings("unchecked")
            List<Class<?>> defined = (List<Class<?>>) versioned.getMethod("defineWhereUnversioned", MethodHandles.Lookup.class, String.class)
                    .invoke(null, MethodHandles.privateLookupIn(versioned, MethodHandles.lookup()), SplitLayerFixture.class.getSimpleName());

            assertEquals(List.of(SplitLayerFixture.class.getName(), SplitLayerHelper.class.getName(), SplitLayerHelper.Part.class.getName(),
                    SplitLayerValue.class.getName()),
                    defined.stream().map(Class::getName).filter(name -> !name.contains("ForeignCode")).sorted().collect(Collectors.toList()),
                    "the layer, its helper, the helper's nested class and the type in a descriptor; not Scratch, which the root holds");
            Class<?> split = Class.forName(SplitLayerFixture.class.getName(), true, loader);
            assertTrue(defined.contains(split), "the name resolves to the class defined");
            Method read = split.getDeclaredMethod("read");
            Method shared = split.getDeclaredMethod("shared");
            read.setAccessible(true);
            shared.setAccessible(true);
            assertEquals(42, read.invoke(null), "the helpers it calls resolve in the same loader");
            assertEquals(loader, ((Class<?>) shared.invoke(null)).getClassLoader(), "Scratch comes from the jar's root");
        }
    }

    private static Path classesLocation() {
        try {
            return Path.of(VersionedClasses.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /** What {@code use} makes of the root of {@link #CLASSES}: the folder itself, or the jar's root. */
    private static <T> T inClasses(ClassesReader<T> use) throws IOException {
        if (!Files.isRegularFile(CLASSES)) {
            return use.read(CLASSES);
        }
        try (FileSystem jar = FileSystems.newFileSystem(CLASSES)) {
            return use.read(jar.getPath("/"));
        }
    }

    private interface ClassesReader<T> {
        T read(Path root) throws IOException;
    }

    private static byte[] bytesOf(Class<?> type) throws IOException {
        try (InputStream in = type.getResourceAsStream(type.getName().substring(type.getPackageName().length() + 1) + ".class")) {
            return in.readAllBytes();
        }
    }

    /**
     * A jar of counters-native's classes (its manifest left out) and then {@code more} entries, by name:
     * what an uber jar without {@code Multi-Release: true} is to the JVM.
     */
    private static void writeJarWithoutManifest(Map<String, byte[]> more, Path jar) throws IOException {
        inClasses(classes -> {
            writeJar(classes, more, jar);
            return null;
        });
    }

    private static void writeJar(Path classes, Map<String, byte[]> more, Path jar) throws IOException {
        try (OutputStream file = Files.newOutputStream(jar); JarOutputStream out = new JarOutputStream(file);
                Stream<Path> files = Files.walk(classes)) {
            for (Path path : (Iterable<Path>) files.filter(Files::isRegularFile)::iterator) {
                String name = classes.relativize(path).toString().replace('\\', '/');
                if (name.equals("META-INF/MANIFEST.MF")) {
                    continue;
                }
                out.putNextEntry(new JarEntry(name));
                Files.copy(path, out);
                out.closeEntry();
            }
            for (Map.Entry<String, byte[]> entry : more.entrySet()) {
                out.putNextEntry(new JarEntry(entry.getKey()));
                out.write(entry.getValue());
                out.closeEntry();
            }
        }
    }

    @SuppressWarnings("unused")
    private static final class Outer {
        private static final class First {}

        private static final class Second {
            private static final class Inner {}
        }

        private First first() {
            return new First();
        }
    }
}
