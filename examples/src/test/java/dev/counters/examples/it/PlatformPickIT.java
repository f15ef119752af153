package dev.counters.examples.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Collectors;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * Maven itself on examples/platform-pick/pom.xml, against this build's artifacts: counters-bom, the
 * parent and the api, native, posix and windows jars the tests run on are laid out in a local
 * repository under target/, and every other artifact comes from the build's own local repository
 * through a file mirror (no network). It resolves the sample application's class path three times:
 * as this machine (Linux), as macOS (Maven's JVM told os.name=MacOSX: profile activation reads it),
 * and with the Windows profile named by hand (Maven cannot be made to believe it runs on Windows: its
 * console setup then calls Win32), then runs WhatThisMachineServes on the Linux class path and on the
 * Windows one: counters-posix serves here, and with counters-windows only the JDK provider does.
 */
class PlatformPickIT {
    private static final String VERSION = System.getProperty("counters.version", "1.0.0-SNAPSHOT");
    private static final Path WORK = Path.of("target/platform-pick").toAbsolutePath();

    @Test
    void eachOperatingSystemGetsItsPlatformModuleAndLinuxRunsOnIt() throws Exception {
        // Three Mavens at once: each spends most of its time starting up.
        ExecutorService pool = Executors.newFixedThreadPool(3);
        try {
            Future<List<String>> linuxPath = pool.submit(() -> classPath("linux", "", List.of()));
            Future<List<String>> macPath = pool.submit(() -> classPath("mac", "-Dos.name=MacOSX", List.of()));
            Future<List<String>> windowsPath = pool.submit(() -> classPath("windows", "", List.of("-P", "counters-windows,!counters-posix")));
            check(linuxPath.get(), macPath.get(), windowsPath.get());
        } finally {
            pool.shutdownNow();
        }
    }

    private static void check(List<String> linux, List<String> mac, List<String> windows) throws Exception {
        assertTrue(has(linux, "counters-posix") && !has(linux, "counters-windows") && has(linux, "counters-api")
                && has(linux, "counters-native"), "Linux: " + linux);
        assertTrue(has(mac, "counters-posix") && !has(mac, "counters-windows"), "macOS: " + mac);
        assertTrue(has(windows, "counters-windows") && !has(windows, "counters-posix") && has(windows, "jna-platform"), "Windows: " + windows);

        if (System.getProperty("os.name").equals("Linux")) {
            Launch posix = whatThisMachineServes(linux);
            assertEquals(0, posix.exitCode(), posix.toString());
            assertTrue(posix.output().lines().anyMatch(l -> l.startsWith("THREAD_TIMES ") && l.contains(" posix ")), posix.toString());
            Launch windowsOnLinux = whatThisMachineServes(windows);
            assertEquals(0, windowsOnLinux.exitCode(), windowsOnLinux.toString());
            assertTrue(windowsOnLinux.output().lines().anyMatch(l -> l.startsWith("THREAD_TIMES ") && l.contains(" jdk ")),
                    "the wrong platform module: the JDK provider serves\n" + windowsOnLinux);
        }
    }

    @Test
    void theProfilesAreActivatedByTheOperatingSystemAndNameModulesOfTheBom() throws Exception {
        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        Document pom = factory.newDocumentBuilder().parse(Path.of("platform-pick/pom.xml").toFile());
        Document bom = factory.newDocumentBuilder().parse(Launch.PROJECT.resolve("counters-bom/pom.xml").toFile());
        NodeList profiles = pom.getElementsByTagName("profile");
        assertEquals(2, profiles.getLength());
        Map<String, String> moduleByFamily = new java.util.TreeMap<>();
        for (int i = 0; i < profiles.getLength(); i++) {
            Element profile = (Element) profiles.item(i);
            String family = profile.getElementsByTagName("family").item(0).getTextContent();
            String module = ((Element) profile.getElementsByTagName("dependency").item(0)).getElementsByTagName("artifactId").item(0).getTextContent();
            moduleByFamily.put(family, module);
            assertEquals("runtime", profile.getElementsByTagName("scope").item(0).getTextContent(), module);
            assertTrue(Files.isRegularFile(Launch.PROJECT.resolve(module + "/pom.xml")), module + " is a module of this build");
            assertTrue(textsOf(bom, "artifactId").contains(module), module + " is in counters-bom");
        }
        assertEquals(Map.of("unix", "counters-posix", "windows", "counters-windows"), moduleByFamily);
        assertTrue(textsOf(pom, "artifactId").contains("counters-bom"));
    }

    private static List<String> textsOf(Document document, String tag) {
        NodeList nodes = document.getElementsByTagName(tag);
        List<String> texts = new ArrayList<>();
        for (int i = 0; i < nodes.getLength(); i++) {
            texts.add(nodes.item(i).getTextContent().trim());
        }
        return texts;
    }

    private static boolean has(List<String> classPath, String artifact) {
        return classPath.stream().anyMatch(jar -> Path.of(jar).getFileName().toString().startsWith(artifact + "-"));
    }

    private static Launch whatThisMachineServes(List<String> classPath) throws IOException, InterruptedException {
        String path = Path.of("target/classes").toAbsolutePath() + File.pathSeparator + String.join(File.pathSeparator, classPath);
        return Launch.run(List.of(Launch.java(), "--enable-native-access=ALL-UNNAMED", "-cp", path,
                "dev.counters.examples.platform.WhatThisMachineServes"), WORK, Map.of());
    }

    /** The class path Maven resolves for the sample pom, in a folder and local repository of its own (Maven 3.8 locks no repository). */
    private static List<String> classPath(String name, String mavenOpts, List<String> options) throws Exception {
        Path work = WORK.resolve(name);
        prepare(work);
        Path output = work.resolve("classpath.txt");
        Files.deleteIfExists(output);
        List<String> command = new ArrayList<>(List.of(Launch.maven(), "-B", "-q", "-s", work.resolve("settings.xml").toString(),
                "-Dcounters.version=" + VERSION, "-Dmdep.outputFile=" + output));
        command.addAll(options);
        command.add("org.apache.maven.plugins:maven-dependency-plugin:" + System.getProperty("counters.dependency.plugin.version", "3.8.1")
                + ":build-classpath");
        Launch maven = Launch.run(command, work.resolve("app"), Map.of("MAVEN_OPTS", mavenOpts));
        assertEquals(0, maven.exitCode(), name + ": " + maven);
        return Arrays.stream(Files.readString(output).trim().split(File.pathSeparator)).collect(Collectors.toList());
    }

    /** The sample pom in {@code work}/app, this build's artifacts in a local repository beside it. */
    private static void prepare(Path work) throws IOException {
        Path repository = work.resolve("m2");
        Files.createDirectories(work.resolve("app"));
        Files.copy(Path.of("platform-pick/pom.xml"), work.resolve("app/pom.xml"), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        install(repository, "counters-parent", Launch.PROJECT.resolve("pom.xml"), null);
        install(repository, "counters-bom", Launch.PROJECT.resolve("counters-bom/pom.xml"), null);
        for (String module : List.of("counters-api", "counters-native", "counters-posix", "counters-windows")) {
            install(repository, module, Launch.PROJECT.resolve(module + "/pom.xml"), jarOnTheTestClassPath(module));
        }
        String buildRepository = System.getProperty("counters.local.repository", System.getProperty("user.home") + "/.m2/repository");
        Files.writeString(work.resolve("settings.xml"), "<settings><localRepository>" + repository + "</localRepository>"
                + "<mirrors><mirror><id>this-build</id><mirrorOf>*</mirrorOf><url>" + Path.of(buildRepository).toUri()
                + "</url></mirror></mirrors></settings>\n");
    }

    private static void install(Path repository, String artifact, Path pom, Path jar) throws IOException {
        Path dir = repository.resolve("dev/counters/" + artifact + "/" + VERSION);
        Files.createDirectories(dir);
        Files.copy(pom, dir.resolve(artifact + "-" + VERSION + ".pom"), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        if (jar != null) {
            Files.copy(jar, dir.resolve(artifact + "-" + VERSION + ".jar"), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        }
    }

    /** The module's jar this test runs on: the reactor's (after package) or the local repository's. */
    private static Path jarOnTheTestClassPath(String module) {
        String jar = module + "-" + VERSION + ".jar";
        return Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator)).map(Path::of)
                .filter(p -> p.getFileName().toString().equals(jar)).findFirst()
                .orElseThrow(() -> new AssertionError("no " + jar + " on the test class path (a folder of classes is no jar:"
                        + " run this after package, e.g. mvn verify): " + System.getProperty("java.class.path")));
    }
}
