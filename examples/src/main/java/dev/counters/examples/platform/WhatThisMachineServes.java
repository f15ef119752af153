package dev.counters.examples.platform;

import dev.counters.CounterInfo;
import dev.counters.CounterKind;
import dev.counters.Counters;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * What this machine serves: every {@link CounterKind} with the provider, the clock it reads and how
 * it binds to it, and for each kind no one serves here, why. Run it on the class path your application
 * builds (examples/platform-pick/pom.xml shows a build that adds {@code counters-posix} or
 * {@code counters-windows} by operating system) to see what the pick gave you: without a platform
 * module the JDK provider inside {@code counters-api} serves what the JDK can, and this report says so.
 *
 * <pre>
 * java --enable-native-access=ALL-UNNAMED -cp 'examples/target/classes:examples/target/lib/*' dev.counters.examples.platform.WhatThisMachineServes
 * </pre>
 */
public final class WhatThisMachineServes {
    private WhatThisMachineServes() {}

    public static void main(String[] args) {
        System.out.print(report());
    }

    /** The text {@link #main} prints. */
    public static String report() {
        String os = System.getProperty("os.name");
        StringBuilder out = new StringBuilder();
        out.append("running on ").append(os).append(' ').append(System.getProperty("os.arch"))
                .append(", Java ").append(Runtime.version().feature()).append('\n');
        out.append("platform module for this OS: ").append(platformModuleFor(os)).append("\n\n");
        out.append(String.format(Locale.ROOT, "%-16s %-16s %-10s %-12s %-14s %s%n",
                "kind", "measures", "provider", "binding", "ticks/s", "source"));
        Set<CounterKind> served = EnumSet.noneOf(CounterKind.class);
        List<CounterInfo> available = Counters.available();
        for (CounterInfo info : available) {
            served.add(info.kind());
            out.append(String.format(Locale.ROOT, "%-16s %-16s %-10s %-12s %-14d %s%n", info.kind(), info.measures(),
                    info.provider(), info.binding(), info.frequency(), info.source()));
        }
        for (CounterKind kind : CounterKind.values()) {
            if (!served.contains(kind)) {
                out.append(String.format(Locale.ROOT, "%-16s not served here: %s%n", kind, whyNotServed(kind)));
            }
        }
        out.append('\n');
        for (CounterInfo info : available) {
            if (!info.notes().isEmpty()) {
                out.append(info.kind()).append(" notes: ").append(info.notes()).append('\n');
            }
        }
        return out.toString();
    }

    /**
     * The module an application adds for this OS, as the profiles of platform-pick/pom.xml choose it.
     * Maven's OS family {@code unix} takes in macOS and FreeBSD too: they get {@code counters-posix}.
     */
    public static String platformModuleFor(String osName) {
        String os = osName.toLowerCase(Locale.ROOT);
        if (os.startsWith("windows")) {
            return "counters-windows";
        }
        if (os.startsWith("mac") || os.startsWith("darwin")) {
            return "counters-posix (macOS: its constants are checked against Apple's headers, but it has never run on macOS)";
        }
        if (os.startsWith("linux")) {
            return "counters-posix";
        }
        if (os.startsWith("freebsd")) {
            return "counters-posix (FreeBSD: its constants are checked against FreeBSD's headers, but it has never run there)";
        }
        return "none for " + osName + ": the JDK provider inside counters-api serves what the JDK can";
    }

    /** The refusal's own words: a kind no provider serves throws, naming the OS and the module to add. */
    private static String whyNotServed(CounterKind kind) {
        try {
            Counters.create(kind);
            return "refused by available(), yet created: report this";
        } catch (UnsupportedOperationException refused) {
            return refused.getMessage();
        }
    }
}
