package dev.counters.measure.internal.fork;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.counters.measure.Compare;
import dev.counters.measure.Verdict;
import dev.counters.measure.internal.CompareSettings;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectOutputStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The one typed, versioned message each way between a comparison and its forks. */
class ForkMessagesTest {
    private static final CompareSettings SETTINGS = new CompareSettings(Duration.ofMillis(3500), 0.01, 0.95, 0.02, 12,
            Duration.ofMillis(300), Compare.Order.DUET, Compare.JudgedBy.WALL);

    private static <T extends ForkMessage> T roundTrip(ForkMessage message, Class<T> type) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        ForkMessages.write(message, bytes);
        return ForkMessages.read(new ByteArrayInputStream(bytes.toByteArray()), type);
    }

    @Test
    void aRequestArrivesWhole() throws IOException {
        ForkRequest request = new ForkRequest(SETTINGS, new TaskSpec("A", "com.example.Parser", "old.jar"),
                new TaskSpec("B", "com.example.Parser", "new.jar"), 42, true, "/tmp/reply");
        assertEquals(request, roundTrip(request, ForkRequest.class));
        assertEquals(ForkMessage.VERSION, request.version());
    }

    @Test
    void aReplyArrivesWholeMeasuredOrFailed() throws IOException {
        ForkReply.Measured measured = new ForkReply.Measured(ForkMessage.VERSION, 1.03, 1.02, 1e-5, 2e-5, 100, 103, 99, 101,
                new ForkReply.OwnInterval(1.03, 1.01, 1.05, 0.995), new ForkReply.OwnInterval(1.02, 1.0, 1.04, 0.995), 0.01, 0.0, 40,
                "quiet", "quiet: ...", 0, 1, 2_000_000_000L, 1, 2, 7, 4, "wall (posix, FFM)", List.of("a warning"),
                List.of("pool-1-thread-1"));
        assertEquals(measured, roundTrip(measured, ForkReply.class));
        ForkReply.Failed failed = new ForkReply.Failed(ForkMessage.VERSION, "B", "run()", "boom");
        assertEquals(failed, roundTrip(failed, ForkReply.class));
    }

    @Test
    void aMessageOfAnotherVersionOrTypeIsRefused() {
        ForkReply.Failed old = new ForkReply.Failed(ForkMessage.VERSION - 1, "B", "run()", "boom");
        IOException e = assertThrows(IOException.class, () -> roundTrip(old, ForkReply.class));
        assertTrue(e.getMessage().contains("different builds"), e.getMessage());
        assertThrows(IOException.class, () -> roundTrip(old, ForkRequest.class));
    }

    @Test
    void aMessageOfAnotherBuildIsRefusedByItsHeaderNamingBothSides() throws IOException {
        for (String header : List.of(ForkMessages.MAGIC + " " + (ForkMessage.VERSION - 1) + " 0badf00d",
                ForkMessages.HEADER.substring(0, ForkMessages.HEADER.lastIndexOf(' ')) + " 12345678")) {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            bytes.write((header + "\n").getBytes(java.nio.charset.StandardCharsets.US_ASCII));
            IOException e = assertThrows(IOException.class,
                    () -> ForkMessages.read(new ByteArrayInputStream(bytes.toByteArray()), ForkReply.class));
            assertTrue(e.getMessage().contains("another build of counters-measure") && e.getMessage().contains(header)
                    && e.getMessage().contains(ForkMessages.HEADER), e.getMessage());
        }
    }

    /** A record as it might have been, and with one component more: the fingerprint tells them apart. */
    record Before(int version, double ratio) {}

    record After(int version, double ratio, double floor) {}

    @Test
    void theFingerprintChangesWithAnyComponentAndCoversEveryRecordAMessageHolds() {
        String before = ForkMessages.fingerprint(Before.class);
        String after = ForkMessages.fingerprint(After.class);
        assertTrue(!before.equals(after), before);
        assertEquals(ForkMessages.fingerprint(Before.class), before, "stable");
        // The header covers the nested records too: the fork's own intervals, the tasks, the settings and their enums.
        assertTrue(ForkMessages.HEADER.matches(ForkMessages.MAGIC + " " + ForkMessage.VERSION + " [0-9a-f]{8}"), ForkMessages.HEADER);
    }

    @Test
    void aStreamThatIsNotAMessageIsRefusedSayingWhatItStartsWith() {
        IOException e = assertThrows(IOException.class, () -> ForkMessages.read(
                new ByteArrayInputStream("Error: Could not find or load main class\n".getBytes()), ForkReply.class));
        assertTrue(e.getMessage().contains("not a message of counters' forks"), e.getMessage());
    }

    @Test
    void anythingButTheMessagesIsRefusedBeforeItIsMade() throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        bytes.write((ForkMessages.HEADER + "\n").getBytes(java.nio.charset.StandardCharsets.US_ASCII));
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(new ArrayList<>(List.of(new StringBuilder("not a message"))));
        }
        assertThrows(IOException.class, () -> ForkMessages.read(new ByteArrayInputStream(bytes.toByteArray()), ForkReply.class));
    }
}
