package dev.counters.cli.trials;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.math.BigInteger;
import java.util.stream.IntStream;
import java.util.zip.CRC32;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.annotations.Param;

/**
 * The trial pairs do what their truths say: the two sides of a pair compute the same answer (so a
 * ratio compares the ways, not different work), the CRC32 lengths are 1% and 5% apart, and the
 * identical settings really run one class or one object.
 */
class TrialTasksTest {
    @Test
    void crc32WorkIsProportionalToItsLength() throws Exception {
        Crc32Work base = new Crc32Work.Base();
        assertEquals(1.01, (double) new Crc32Work.Plus1().bytes() / base.bytes(), 0.0001);
        assertEquals(1.05, (double) new Crc32Work.Plus5().bytes() / base.bytes(), 0.0001);
        assertEquals(base.bytes(), new Crc32Work.Same().bytes());
        assertEquals(base.run(), new Crc32Work.Same().run());
    }

    /** The gate's record (issue #47) rests on B doing 1%, 5% and 10% more of A's work, and the same work giving the same answer. */
    @Test
    void gateWorkSizesAreInProportionAndComputeWhatAReferenceDoes() throws Exception {
        int[][] amounts = {
            {new GateWork.Parse100().rounds(), new GateWork.Parse101().rounds(), new GateWork.Parse105().rounds(),
                new GateWork.Parse110().rounds()},
            {new GateWork.MapGet100().rounds(), new GateWork.MapGet101().rounds(), new GateWork.MapGet105().rounds(),
                new GateWork.MapGet110().rounds()},
            {new GateWork.Hash100().rounds(), new GateWork.Hash101().rounds(), new GateWork.Hash105().rounds(),
                new GateWork.Hash110().rounds()},
            {new GateWork.ListSum100().rounds(), new GateWork.ListSum101().rounds(), new GateWork.ListSum105().rounds(),
                new GateWork.ListSum110().rounds()},
            {new GateWork.Regex100().rounds(), new GateWork.Regex101().rounds(), new GateWork.Regex105().rounds(),
                new GateWork.Regex110().rounds()},
            {new GateWork.Sort100().items(), new GateWork.Sort101().items(), new GateWork.Sort105().items(), new GateWork.Sort110().items()},
        };
        for (int[] family : amounts) {
            assertEquals(1.01, (double) family[1] / family[0], 1e-12);
            assertEquals(1.05, (double) family[2] / family[0], 1e-12);
            assertEquals(1.10, (double) family[3] / family[0], 1e-12);
        }
        BigInteger parsed = BigInteger.ZERO;
        for (String text : new GateWork.Parse105().texts()) {
            parsed = parsed.add(new BigInteger(text));
        }
        assertEquals(parsed.multiply(BigInteger.valueOf(105)).longValue(), new GateWork.Parse105().run(),
                "105 rounds over the same 40 strings");
        GateWork.MapGet110 lookups = new GateWork.MapGet110();
        assertEquals(110 * lookups.oneRound(), lookups.run(), "110 rounds over the same 50 keys");
        CRC32 reference = new CRC32();
        byte[] data = new GateWork.Hash101().data();
        for (int round = 0; round < 4 * 101; round++) {
            reference.update(data);
        }
        assertEquals(reference.getValue(), new GateWork.Hash101().run(), "404 rounds over the same 2 KiB");
        assertEquals(105L * 3 * 499 * 500 / 2, new GateWork.ListSum105().run(), "105 rounds over 0, 3, ..., 1497");
        long dateEnds = 0;
        for (String line : new GateWork.Regex110().lines()) {
            dateEnds += line.indexOf(" ok");
        }
        assertEquals(110 * dateEnds, new GateWork.Regex110().run(), "110 rounds over 20 lines, each date's end");
        assertEquals(new GateWork.Sort100().run(), new GateWork.Sort100().run());
    }

    @Test
    void crc32RoundsAreProportionalToTheirCountOverOneArray() throws Exception {
        Crc32Rounds base = new Crc32Rounds.Base();
        assertEquals(1.01, (double) new Crc32Rounds.Plus1().rounds() / base.rounds(), 1e-12);
        assertEquals(1.05, (double) new Crc32Rounds.Plus5().rounds() / base.rounds(), 1e-12);
        CRC32 reference = new CRC32();
        byte[] data = new byte[Crc32Rounds.BYTES];
        long seed = 42;
        for (int i = 0; i < data.length; i++) {
            seed = seed * 6364136223846793005L + 1442695040888963407L;
            data[i] = (byte) (seed >>> 56);
        }
        for (int round = 0; round < 105; round++) {
            reference.update(data);
        }
        assertEquals(reference.getValue(), new Crc32Rounds.Plus5().run(), "105 rounds over the same 8 KiB");
    }

    @Test
    void bothSidesOfEachEverydayPairComputeTheSameAnswer() throws Exception {
        long sum = 31L * 19_999 * 20_000 / 2;
        assertEquals(sum, new Everyday.PrimitiveArray().run());
        assertEquals(sum, new Everyday.BoxedList().run());
        assertEquals(new Everyday.Sort().run(), new Everyday.ParallelSort().run());
        // Ten words a line, a thousand lines.
        assertEquals(10_000, new Everyday.ManualSplit().run());
        assertEquals(10_000, new Everyday.RegexSplit().run());
        // The digits of 0 to 1,999: 10 of one digit, 90 of two, 900 of three, 1,000 of four.
        assertEquals(10 + 180 + 2_700 + 4_000, new Everyday.Builder().run());
        assertEquals(10 + 180 + 2_700 + 4_000, new Everyday.Concat().run());
    }

    @Test
    void hashAndTreeLookupsFindTheSameValues() throws Exception {
        assertEquals(new Lookups.Hash().run(), new Lookups.Tree().run());
    }

    @Test
    void identicalTasksAreOneClassOrOneObject() throws Exception {
        int[] sorted = IntStream.range(0, Identical.Sort.LENGTH).map(i -> i * 1_103_515_245 + 12_345).sorted().toArray();
        assertEquals(sorted[sorted.length / 2], new Identical.Sort().run());
        assertEquals(sorted[sorted.length / 2], new Identical.SharedSort().run());
        assertSame(new Identical.SharedSort().delegate(), new Identical.SharedSort().delegate());
    }

    @Test
    void theJmhReferenceLoadsAndRunsEveryTrialClass() throws Exception {
        Param names = TrialTasksBenchmark.class.getField("task").getAnnotation(Param.class);
        assertEquals(19, names.value().length);
        for (String name : names.value()) {
            TrialTasksBenchmark benchmark = new TrialTasksBenchmark();
            benchmark.task = name;
            benchmark.load();
            benchmark.run();
        }
    }
}
