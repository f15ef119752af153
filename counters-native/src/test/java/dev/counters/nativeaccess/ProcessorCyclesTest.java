package dev.counters.nativeaccess;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.counters.CounterException;
import dev.counters.spi.TickSource;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** {@link ProcessorCycles} over a fake {@link CodeLoader}: which code is loaded, what is read, and every failure as a reason. */
class ProcessorCyclesTest {

    /** Loads nothing: hands out made-up addresses and reads what it is told. */
    private static final class FakeLoader implements CodeLoader {
        final List<byte[]> loaded = new ArrayList<>();
        long counter = 100;
        long declared = 24_000_000;
        RuntimeException failure;

        @Override
        public long load(byte[] code) {
            if (failure != null) {
                throw failure;
            }
            loaded.add(code);
            return 0x1000L * loaded.size();
        }

        @Override
        public TickSource bindReader(long address) {
            return () -> counter++;
        }

        @Override
        public long call(long address) {
            return declared;
        }
    }

    @Test
    void rdtscLoadsItsCodeAndEstimatesItsRate() {
        FakeLoader loader = new FakeLoader();
        ProcessorCycles cycles = ProcessorCycles.bind(CycleInstruction.RDTSC, loader).require();

        assertEquals(1, loader.loaded.size());
        assertArrayEquals(CycleInstruction.RDTSC.readCode(), loader.loaded.get(0));
        assertEquals(Optional.empty(), cycles.declaredFrequency());
        assertEquals(101, cycles.source().read(), "bind read the counter once to prove it works");
        assertTrue(!cycles.frequency().isKnown(), "the rate is estimated lazily, not at binding");
    }

    @Test
    void cntvctTakesTheRateTheHardwareDeclares() {
        FakeLoader loader = new FakeLoader();
        ProcessorCycles cycles = ProcessorCycles.bind(CycleInstruction.CNTVCT_EL0, loader).require();

        assertEquals(2, loader.loaded.size());
        assertArrayEquals(CycleInstruction.CNTVCT_EL0.frequencyCode().orElseThrow(), loader.loaded.get(1));
        assertEquals(Optional.of(24_000_000L), cycles.declaredFrequency());
        assertEquals(24_000_000L, cycles.frequency().get());
    }

    @Test
    void aPageFailureIsTheReasonWithTheSystemsText() {
        FakeLoader loader = new FakeLoader();
        loader.failure = CounterException.nativeFailure("VirtualProtect(PAGE_EXECUTE_READ)", 5, "Access is denied.");
        Binding<ProcessorCycles> binding = ProcessorCycles.bind(CycleInstruction.RDTSC, loader);

        assertEquals(Optional.of("could not make the RDTSC code executable: CounterException: "
                + "VirtualProtect(PAGE_EXECUTE_READ) failed with error 5: Access is denied."), binding.failure());
    }

    @Test
    void theInstructionFollowsTheArchitecture() {
        assertEquals(Optional.of(CycleInstruction.RDTSC), CycleInstruction.forArch("amd64"));
        assertEquals(Optional.of(CycleInstruction.RDTSC), CycleInstruction.forArch("x86_64"));
        assertEquals(Optional.of(CycleInstruction.CNTVCT_EL0), CycleInstruction.forArch("aarch64"));
        assertEquals(Optional.empty(), CycleInstruction.forArch("riscv64"));
        // lfence; rdtsc; ...; ret and isb; mrs x0, cntvct_el0; ret, as the manuals encode them.
        assertArrayEquals(new byte[] {0x0F, (byte) 0xAE, (byte) 0xE8, 0x0F, 0x31}, java.util.Arrays.copyOf(CycleInstruction.RDTSC.readCode(), 5));
        assertArrayEquals(new byte[] {(byte) 0xDF, 0x3F, 0x03, (byte) 0xD5}, java.util.Arrays.copyOf(CycleInstruction.CNTVCT_EL0.readCode(), 4));
    }
}
