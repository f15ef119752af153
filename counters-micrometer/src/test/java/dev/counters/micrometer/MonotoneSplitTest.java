package dev.counters.micrometer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;

/** Issue #32 item 2: the process's kernel and user counters never go down, and still add up to the total. */
class MonotoneSplitTest {
    /**
     * Readings as the kernel gives them: a total that never decreases, and a kernel share of it that
     * may jump anywhere from one reading to the next.
     */
    @Property
    void neitherPartDecreasesAndTheyAddUpToTheLastTotal(
            @ForAll @Size(max = 40) List<@IntRange(max = 5_000_000) Integer> growths,
            @ForAll @Size(max = 40) List<@IntRange(max = 1000) Integer> kernelPerMille) {
        MonotoneSplit split = new MonotoneSplit();
        long total = 0;
        for (int i = 0; i < growths.size(); i++) {
            long kernelBefore = split.kernel();
            long userBefore = split.user();
            total += growths.get(i);
            long proposed = kernelPerMille.isEmpty() ? 0 : total * kernelPerMille.get(i % kernelPerMille.size()) / 1000;
            split.advance(total, proposed);
            assertTrue(split.kernel() >= kernelBefore, "kernel went from " + kernelBefore + " to " + split.kernel());
            assertTrue(split.user() >= userBefore, "user went from " + userBefore + " to " + split.user());
            assertEquals(total, split.kernel() + split.user());
        }
    }

    @Test
    void followsTheSourceWhereItDoesNotStepBack() {
        MonotoneSplit split = new MonotoneSplit();
        split.advance(100, 30);
        assertEquals(30, split.kernel());
        assertEquals(70, split.user());
        split.advance(200, 25); // the kernel's share stepped back: kernel stands still, user takes the growth
        assertEquals(30, split.kernel());
        assertEquals(170, split.user());
        split.advance(300, 120); // the source's split overtook it again
        assertEquals(120, split.kernel());
        assertEquals(180, split.user());
        split.advance(310, 10); // the user share may not shrink either: kernel gets no more than the growth allows
        assertEquals(120, split.kernel());
        assertEquals(190, split.user());
        split.advance(250, 100); // a total that went back is ignored
        assertEquals(310, split.kernel() + split.user());
    }
}
