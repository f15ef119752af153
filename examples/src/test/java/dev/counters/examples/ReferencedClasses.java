package dev.counters.examples;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The classes each compiled example class refers to, read from its class file: every class a class
 * uses (to call, extend, cast, or in a signature) is named in its constant pool as an internal name
 * ({@code dev/counters/Counter}) or in a descriptor ({@code Ldev/counters/Counter;}), so a scan of the
 * file for such names finds them all.
 */
public final class ReferencedClasses {
    private static final Pattern NAME = Pattern.compile("(?:java|javax|jdk|sun|com|io|org|dev)/[A-Za-z0-9_/$]+");
    public static final Path CLASSES = Path.of("target/classes");

    private ReferencedClasses() {}

    /** For each class file under {@code packageDir} (relative to target/classes), the class names it refers to. */
    public static Map<String, Set<String>> under(String packageDir) {
        Map<String, Set<String>> references = new TreeMap<>();
        try (Stream<Path> files = Files.walk(CLASSES.resolve(packageDir))) {
            for (Path file : (Iterable<Path>) files.filter(f -> f.toString().endsWith(".class"))::iterator) {
                String bytes = new String(Files.readAllBytes(file), StandardCharsets.ISO_8859_1);
                Set<String> names = new TreeSet<>();
                Matcher name = NAME.matcher(bytes);
                while (name.find()) {
                    names.add(name.group());
                }
                references.put(CLASSES.relativize(file).toString(), names);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the compiled examples under " + CLASSES.resolve(packageDir), e);
        }
        return references;
    }
}
