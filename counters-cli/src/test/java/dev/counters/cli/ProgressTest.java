package dev.counters.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

/** Issue #32 item 12: a progress line names the user's task; its control characters are shown, not obeyed. */
class ProgressTest {
    @Test
    void controlCharactersInAProgressLineAreShownEscaped() {
        StringWriter err = new StringWriter();
        new Progress(new PrintWriter(err), "measure", true).step("20 unprepared runs of Task\u001b[2J\r\nname");
        assertEquals("counters measure: 20 unprepared runs of Task\\u001b[2J\\r\\nname" + System.lineSeparator(), err.toString());
    }

    @Test
    void quietSaysNothing() {
        StringWriter err = new StringWriter();
        new Progress(new PrintWriter(err), "measure", false).step("anything");
        assertEquals("", err.toString());
    }
}
