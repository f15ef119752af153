package dev.counters.examples.platform;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.counters.CounterInfo;
import dev.counters.CounterKind;
import dev.counters.Counters;
import dev.counters.examples.Truths;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The report against what {@link Counters#available()} says and against the operating system: on
 * Linux (which /proc/version proves) counters-posix, on the runtime class path, serves the wall
 * and CPU-time kinds; on JDK 17-21 nothing binds through FFM; a kind not served is printed with the
 * refusal that names the OS.
 */
class WhatThisMachineServesTest {
    @Test
    void theReportListsEveryServedKindAsAvailableSaysAndEveryOtherWithItsRefusal() throws Exception {
        String report = Truths.printedBy(() -> WhatThisMachineServes.main(new String[0]));
        List<CounterInfo> available = Counters.available();
        Set<CounterKind> served = EnumSet.noneOf(CounterKind.class);
        for (CounterInfo info : available) {
            served.add(info.kind());
            String line = lineOf(report, info.kind());
            assertTrue(line.contains(" " + info.provider() + " ") && line.endsWith(info.source())
                    && line.contains(" " + info.frequency() + " ") && line.contains(info.binding().toString()), line + " / " + info);
        }
        for (CounterKind kind : CounterKind.values()) {
            if (!served.contains(kind)) {
                String line = lineOf(report, kind);
                assertTrue(line.contains("not served here: ") && line.contains(System.getProperty("os.name")), line);
            }
        }
        assertTrue(report.startsWith("running on " + System.getProperty("os.name") + " " + System.getProperty("os.arch")
                + ", Java " + Runtime.version().feature()), report);
    }

    @Test
    void onLinuxCountersPosixServesTheWallAndCpuKinds() throws Exception {
        boolean linux = Files.isReadable(Path.of("/proc/version"))
                && Files.readString(Path.of("/proc/version")).startsWith("Linux version");
        assertEquals(linux, System.getProperty("os.name").equals("Linux"), "the JVM's os.name against /proc/version");
        String report = WhatThisMachineServes.report();
        if (linux) {
            assertTrue(report.contains("platform module for this OS: counters-posix\n"), report);
            for (CounterKind kind : List.of(CounterKind.PERFORMANCE, CounterKind.THREAD_TIMES, CounterKind.PROCESS_TIMES)) {
                assertTrue(lineOf(report, kind).contains(" posix "), lineOf(report, kind));
            }
        }
        if (Runtime.version().feature() < 22) {
            assertFalse(report.contains("FFM"), "JDK " + Runtime.version().feature() + " has no final FFM: " + report);
        }
    }

    @Test
    void eachOperatingSystemGetsTheModuleItsProfileAdds() {
        assertEquals("counters-posix", WhatThisMachineServes.platformModuleFor("Linux"));
        assertEquals("counters-windows", WhatThisMachineServes.platformModuleFor("Windows 11"));
        String mac = WhatThisMachineServes.platformModuleFor("Mac OS X");
        assertTrue(mac.startsWith("counters-posix") && mac.contains("never run"), mac);
        assertTrue(WhatThisMachineServes.platformModuleFor("FreeBSD").startsWith("counters-posix"));
        assertTrue(WhatThisMachineServes.platformModuleFor("AIX").contains("JDK provider"));
    }

    private static String lineOf(String report, CounterKind kind) {
        return report.lines().filter(l -> l.startsWith(kind.name() + " ")).findFirst()
                .orElseThrow(() -> new AssertionError("no line for " + kind + " in\n" + report));
    }
}
