package dev.counters.nativeaccess;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.counters.CounterException;
import dev.counters.CounterInfo;
import dev.counters.internal.TickSource;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * {@link ProcessorCycles} and {@link ExecutablePages} over fake pages: which code is loaded, in
 * which order the page calls come, what is read, and every failure as a reason with the page given back.
 */
class ProcessorCyclesTest {

    /** Maps nothing: hands out made-up addresses and records each step. */
    private static final class FakePages extends ExecutablePages {
        final List<String> steps = new ArrayList<>();
        final List<byte[]> copied;
        RuntimeException protectFailure;

        FakePages(List<byte[]> copied, TickSource reader, long declared) {
            super(new CodeBinder() {
                @Override
                public void copy(byte[] code, long address) {
                    copied.add(code);
                }

                @Override
                public TickSource bindCycleReader(long address) {
                    return reader;
                }

                @Override
                public long call(long address) {
                    return declared;
                }
            });
            this.copied = copied;
        }

        static FakePages counting(long[] counter, long declared) {
            return new FakePages(new ArrayList<>(), () -> ++counter[0], declared);
        }

        /** Pages still mapped: allocated and not given back. */
        long mapped() {
            return steps.stream().filter(step -> step.startsWith("allocate")).count()
                    - steps.stream().filter(step -> step.startsWith("release")).count();
        }

        @Override
        protected long pageSize() {
            return 4096;
        }

        @Override
        protected long allocateWritable(long size) {
            steps.add("allocate " + size);
            return 0x1000L * steps.size();
        }

        @Override
        protected void makeExecutable(long page, long size) {
            steps.add("protect " + Long.toHexString(page));
            if (protectFailure != null) {
                throw protectFailure;
            }
        }

        @Override
        protected void release(long page, long size) {
            steps.add("release " + Long.toHexString(page));
        }
    }

    @Test
    void rdtscIsProvenByATrialPageThatIsGivenBackAndLoadedForGoodOnlyWhenACounterNeedsIt() {
        long[] counter = {100};
        FakePages pages = FakePages.counting(counter, 0);
        ProcessorCycles cycles = ProcessorCycles.bind(CycleInstruction.RDTSC, pages).require();

        assertEquals(1, pages.copied.size());
        assertArrayEquals(CycleInstruction.RDTSC.readCode(), pages.copied.get(0));
        assertEquals(List.of("allocate 4096", "protect 1000", "release 1000"), pages.steps);
        assertEquals(0, pages.mapped(), "binding keeps nothing mapped");
        assertEquals(Optional.empty(), cycles.declaredFrequency());
        assertFalse(cycles.frequency().isKnown(), "the rate is estimated lazily, not at binding");

        assertEquals(101, cycles.source().read());
        assertEquals(101 + 1, cycles.source().read(), "later calls share the one reader");
        assertEquals(List.of("allocate 4096", "protect 1000", "release 1000", "allocate 4096", "protect 4000"), pages.steps);
        assertEquals(1, pages.mapped(), "the first counter's page lives as long as the process");
    }

    @Test
    void theRateIsEstimatedOnceThroughATrialPageAndDescribingMapsNothing() {
        FakePages pages = new FakePages(new ArrayList<>(), () -> 3 * System.nanoTime(), 0);
        ProcessorCycles cycles = ProcessorCycles.bind(CycleInstruction.RDTSC, pages).require();

        CounterInfo info = cycles.describe("test");

        assertEquals(3e9, info.frequency(), 3e9 / 50);
        assertEquals(info.frequency(), cycles.frequency().get(), "estimated once");
        assertEquals(0, pages.mapped(), "neither the trial nor the estimate keeps a page");
        assertEquals("RDTSC from a W^X code page, called through JNA", info.source());
        assertEquals(2, pages.steps.stream().filter(step -> step.startsWith("release")).count());
    }

    @Test
    void aFailingEstimateNamesTheCounter() {
        FakePages pages = new FakePages(new ArrayList<>(), () -> {
            throw new IllegalStateException("no page");
        }, 0);
        ProcessorCycles cycles = ProcessorCycles.bind(CycleInstruction.RDTSC, pages).require();

        CounterException failure = assertThrows(CounterException.class, () -> cycles.frequency().get());
        assertTrue(failure.getMessage().startsWith("RDTSC frequency estimated against System.nanoTime() failed"),
                failure.getMessage());
        assertEquals(0, pages.mapped());
    }

    @Test
    void cntvctTakesTheRateTheHardwareDeclares() {
        FakePages pages = FakePages.counting(new long[1], 24_000_000);
        ProcessorCycles cycles = ProcessorCycles.bind(CycleInstruction.CNTVCT_EL0, pages).require();

        assertEquals(2, pages.copied.size());
        assertArrayEquals(CycleInstruction.CNTVCT_EL0.frequencyCode().orElseThrow(), pages.copied.get(1));
        assertEquals(Optional.of(24_000_000L), cycles.declaredFrequency());
        assertEquals(24_000_000L, cycles.frequency().get());
        assertEquals(0, pages.mapped());
    }

    @Test
    void eachPageIsWrittenBeforeItBecomesExecutableAndNeverAfter() {
        // Linux on arm64 makes a page coherent with the instruction cache when mprotect makes it executable
        // (see PosixPages): a write after that would need a cache flush of its own.
        List<String> events = new ArrayList<>();
        ExecutablePages pages = new ExecutablePages(new CodeBinder() {
            @Override
            public void copy(byte[] code, long address) {
                events.add("write " + Long.toHexString(address));
            }

            @Override
            public TickSource bindCycleReader(long address) {
                return () -> 1;
            }

            @Override
            public long call(long address) {
                events.add("call " + Long.toHexString(address));
                return 24_000_000;
            }
        }) {
            @Override
            protected long pageSize() {
                return 4096;
            }

            @Override
            protected long allocateWritable(long size) {
                long page = 0x1000L * (events.stream().filter(e -> e.startsWith("map")).count() + 1);
                events.add("map " + Long.toHexString(page));
                return page;
            }

            @Override
            protected void makeExecutable(long page, long size) {
                events.add("exec " + Long.toHexString(page));
            }

            @Override
            protected void release(long page, long size) {
                events.add("release " + Long.toHexString(page));
            }
        };
        ProcessorCycles.bind(CycleInstruction.CNTVCT_EL0, pages).require();

        assertEquals(List.of("map 1000", "write 1000", "exec 1000", "call 1000", "release 1000",
                "map 2000", "write 2000", "exec 2000", "call 2000", "release 2000"), events);
    }

    @Test
    void aPageThatCannotBeMadeExecutableIsGivenBackAndItsFailureIsTheReason() {
        FakePages pages = FakePages.counting(new long[1], 0);
        pages.protectFailure = CounterException.nativeFailure("VirtualProtect(PAGE_EXECUTE_READ)", 5, "Access is denied.");
        Binding<ProcessorCycles> binding = ProcessorCycles.bind(CycleInstruction.RDTSC, pages);

        assertEquals(Optional.of("could not make the RDTSC code executable: CounterException: "
                + "VirtualProtect(PAGE_EXECUTE_READ) failed with error 5: Access is denied."), binding.failure());
        assertEquals(List.of("allocate 4096", "protect 1000", "release 1000"), pages.steps);
    }

    @Test
    void theInstructionFollowsTheArchitecture() {
        assertEquals(Optional.of(CycleInstruction.RDTSC), CycleInstruction.forArch("amd64"));
        assertEquals(Optional.of(CycleInstruction.RDTSC), CycleInstruction.forArch("x86_64"));
        assertEquals(Optional.of(CycleInstruction.CNTVCT_EL0), CycleInstruction.forArch("aarch64"));
        assertEquals(Optional.empty(), CycleInstruction.forArch("riscv64"));
        // lfence; rdtsc and isb, as the manuals encode them.
        assertArrayEquals(new byte[] {0x0F, (byte) 0xAE, (byte) 0xE8, 0x0F, 0x31}, Arrays.copyOf(CycleInstruction.RDTSC.readCode(), 5));
        assertArrayEquals(new byte[] {(byte) 0xDF, 0x3F, 0x03, (byte) 0xD5}, Arrays.copyOf(CycleInstruction.CNTVCT_EL0.readCode(), 4));
    }
}
