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
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class VersionedClassesTest {
    /** counters-native's classes as the build left them: the release-22 ones under META-INF/versions/22. */
    private static final Path CLASSES = Path.of("target", "classes");

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
        assumeTrue(Files.isDirectory(CLASSES.resolve("META-INF/versions/22")), "a build with FFM classes");
        Path jar = dir.resolve("uber.jar");
        writeJarWithoutManifest(CLASSES, jar);

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

    private static byte[] bytesOf(Class<?> type) throws IOException {
        try (InputStream in = type.getResourceAsStream(type.getName().substring(type.getPackageName().length() + 1) + ".class")) {
            return in.readAllBytes();
        }
    }

    /** A jar of every file under {@code classes}, with no manifest: what an uber jar without {@code Multi-Release: true} is to the JVM. */
    private static void writeJarWithoutManifest(Path classes, Path jar) throws IOException {
        try (OutputStream file = Files.newOutputStream(jar); JarOutputStream out = new JarOutputStream(file);
                Stream<Path> files = Files.walk(classes)) {
            for (Path path : (Iterable<Path>) files.filter(Files::isRegularFile)::iterator) {
                out.putNextEntry(new JarEntry(classes.relativize(path).toString().replace('\\', '/')));
                Files.copy(path, out);
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
