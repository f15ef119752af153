package dev.counters.posix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.counters.CounterInfo;
import dev.counters.internal.ThreadControl;
import dev.counters.testing.FreshJvm;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Issue #20 item 4: thread control goes through the binding the clocks use. Where FFM serves (JDK
 * 22+ with native access), pinning and raising a thread load no JNA class, and start no JNA Cleaner.
 */
class ThreadControlBindingTest {

    @Test
    void pinningAndRaisingGoThroughTheClocksBinding() throws Exception {
        List<String> lines = FreshJvm.run(PinAndRaise.class, "-verbose:class", "--enable-native-access=ALL-UNNAMED");
        String binding = lines.stream().filter(line -> line.startsWith("binding=")).findFirst().orElseThrow()
                .substring("binding=".length());
        assertTrue(lines.contains("pinned=true"), String.join("\n", lines));
        List<String> jna = lines.stream().filter(line -> line.contains("[class,load] com.sun.jna.")).toList();
        List<String> threads = lines.stream().filter(line -> line.startsWith("threads=")).toList();
        if (binding.equals(CounterInfo.Binding.FFM.toString())) {
            assertEquals(List.of(), jna, "JNA loaded where FFM serves");
            assertTrue(threads.stream().noneMatch(line -> line.contains("JNA Cleaner")), threads.toString());
        } else {
            assertEquals(CounterInfo.Binding.JNA.toString(), binding);
            assertTrue(Runtime.version().feature() < 22 || !jna.isEmpty(), "JNA serves: " + lines);
        }
    }

    /** Pins this thread to one CPU and raises it, through the control ServiceLoader finds, and says what served. */
    public static final class PinAndRaise {
        public static void main(String[] args) throws Exception {
            PosixThreadControl control = new PosixThreadControl();
            int[] cpus = control.allowedCpus();
            try (ThreadControl.Adjustment pin = control.pinCurrentThread(cpus[cpus.length - 1]);
                    ThreadControl.Adjustment raise = control.raiseCurrentThreadPriority()) {
                System.out.println("pinned=" + pin.applied());
                System.out.println("raised=" + raise.applied() + " " + raise.description());
            }
            System.out.println("binding=" + PosixSystem.clockBinding().name());
            System.out.println("threads=" + Thread.getAllStackTraces().keySet().stream().map(Thread::getName).sorted().toList());
        }
    }
}
