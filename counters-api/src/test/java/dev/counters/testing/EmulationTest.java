package dev.counters.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;
import org.junit.jupiter.api.Test;

/** How a test tells an emulated JVM: /proc/cpuinfo of another architecture, named by the script's variable. */
class EmulationTest {
    private static final String X86_CPUINFO = "processor\t: 0\nvendor_id\t: AuthenticAMD\ncpu family\t: 25\nflags\t\t: fpu vme\n";
    private static final String ARM_CPUINFO = "processor\t: 0\nBogoMIPS\t: 50.00\nFeatures\t: fp asimd\nCPU implementer\t: 0x41\n";
    private static final String QEMU = "/usr/bin/qemu-aarch64-static -L /usr/aarch64-linux-gnu";

    @Test
    void anAarch64JvmSeeingAnX86ProcessorIsEmulatedAndNamesTheScriptsCommand() {
        Optional<String> emulator = Emulation.detect("aarch64", X86_CPUINFO, QEMU);
        assertTrue(emulator.orElseThrow().startsWith("qemu-user (" + QEMU + ";"), emulator.toString());
    }

    @Test
    void theVariableAloneIsNotEnough() {
        assertEquals(Optional.empty(), Emulation.detect("aarch64", ARM_CPUINFO, QEMU));
        assertEquals(Optional.empty(), Emulation.detect("amd64", X86_CPUINFO, QEMU));
    }

    @Test
    void anEmulatedJvmWithoutTheVariableIsStillEmulated() {
        assertTrue(Emulation.detect("aarch64", X86_CPUINFO, null).orElseThrow().contains("an unnamed emulator"));
        assertTrue(Emulation.detect("amd64", ARM_CPUINFO, " ").isPresent());
    }

    @Test
    void noCpuinfoOrAnUnknownArchitectureIsNative() {
        assertEquals(Optional.empty(), Emulation.detect("aarch64", "", QEMU));
        assertEquals(Optional.empty(), Emulation.detect("riscv64", X86_CPUINFO, QEMU));
    }

    @Test
    void aNativeJvmStartsItsOwnLauncher() {
        if (Emulation.emulator().isEmpty()) {
            assertEquals(1, Emulation.javaCommand().size());
        } else {
            assertTrue(Emulation.javaCommand().size() > 1, Emulation.javaCommand().toString());
        }
        assertTrue(Emulation.javaCommand().get(Emulation.javaCommand().size() - 1).endsWith("java"));
    }
}
