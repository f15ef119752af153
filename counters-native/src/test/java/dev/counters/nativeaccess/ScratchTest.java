package dev.counters.nativeaccess;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/**
 * The scratch's memory, as the JDK's own buffer introspection sees it (direct or not, byte order,
 * alignment of the address), and its guards against a wrong size or a missing address.
 */
class ScratchTest {
    private static final long SOME_ADDRESS = 0x7f00_1234_5678L;

    @Property
    void aDirectScratchIsNativeMemoryOfExactlyTheSizeAskedForAtAnAlignedAddress(@ForAll @IntRange(min = 1, max = 200) int bytes) {
        List<ByteBuffer> asked = new ArrayList<>();
        Scratch scratch = Scratch.allocateDirect(bytes, buffer -> {
            asked.add(buffer);
            return SOME_ADDRESS;
        });
        ByteBuffer buffer = scratch.buffer();
        assertEquals(List.of(buffer), asked, "the native layer is asked for the address of the scratch's own buffer, once");
        assertSame(buffer, asked.get(0));
        assertTrue(buffer.isDirect());
        assertEquals(ByteOrder.nativeOrder(), buffer.order());
        assertEquals(bytes, buffer.capacity());
        assertEquals(bytes, scratch.size());
        assertEquals(0, buffer.alignmentOffset(0, Scratch.ALIGNMENT), "the buffer starts at an aligned address");
        for (int i = 0; i < bytes; i++) {
            assertEquals(0, buffer.get(i), "byte " + i + " is zero");
        }
        assertTrue(scratch.isDirect());
        assertEquals(SOME_ADDRESS, scratch.address());
    }

    @Test
    void resultsWrittenInNativeOrderReadBackAsTheValuesWritten() {
        Scratch scratch = Scratch.allocateDirect(24, buffer -> SOME_ADDRESS);
        scratch.buffer().putLong(8, 0x0123_4567_89ab_cdefL).putInt(16, 0xdead_beef).putInt(20, 42);
        assertEquals(0x0123_4567_89ab_cdefL, scratch.longAt(8));
        assertEquals(0, scratch.longAt(0));
        assertEquals(0xdead_beef, scratch.intAt(16));
        assertEquals(42, scratch.intAt(20));
        assertEquals(0, scratch.buffer().position(), "absolute reads leave the shared buffer as it was");
    }

    @Test
    void aHeapScratchHasABufferButNoAddress() {
        Scratch scratch = Scratch.allocateHeap(16);
        assertFalse(scratch.isDirect());
        assertFalse(scratch.buffer().isDirect());
        assertEquals(ByteOrder.nativeOrder(), scratch.buffer().order());
        assertEquals(16, scratch.size());
        IllegalStateException e = assertThrows(IllegalStateException.class, scratch::address);
        assertTrue(e.getMessage().contains("Scratch.allocateDirect"), e.getMessage());
        scratch.buffer().putLong(8, -7);
        assertEquals(-7, scratch.longAt(8));
    }

    @Test
    void aScratchOfOneByteIsAllowedAndOfNoneIsNot() {
        assertEquals(1, Scratch.allocateHeap(1).size());
        assertEquals(1, Scratch.allocateDirect(1, buffer -> SOME_ADDRESS).size());
        for (int bytes : new int[] {0, -8}) {
            IllegalArgumentException heap = assertThrows(IllegalArgumentException.class, () -> Scratch.allocateHeap(bytes));
            assertTrue(heap.getMessage().contains(bytes + " bytes"), heap.getMessage());
            IllegalArgumentException direct = assertThrows(IllegalArgumentException.class,
                    () -> Scratch.allocateDirect(bytes, buffer -> SOME_ADDRESS));
            assertTrue(direct.getMessage().contains(bytes + " bytes"), direct.getMessage());
        }
    }

    @Test
    void aNativeLayerThatFindsNoAddressIsRefusedAtAllocation() {
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> Scratch.allocateDirect(8, buffer -> 0));
        assertTrue(e.getMessage().contains("no address"), e.getMessage());
        assertThrows(NullPointerException.class, () -> Scratch.allocateDirect(8, null));
    }

    @Test
    void saysWhatItIs() {
        assertEquals("direct scratch of 32 bytes", Scratch.allocateDirect(32, buffer -> SOME_ADDRESS).toString());
        assertEquals("heap scratch of 4 bytes", Scratch.allocateHeap(4).toString());
    }
}
