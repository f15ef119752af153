package dev.counters.examples.report;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;

class RunChartTest {
    private static final byte[] PNG_SIGNATURE = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};

    @TempDir
    Path folder;

    @BeforeAll
    static void headless() {
        System.setProperty("java.awt.headless", "true");
    }

    private static RunChart chart() {
        return RunChart.of("Per-run times", TimeUnit.MILLISECONDS)
                .series("unprepared", new long[] {572_000_000, 489_000_000, 402_000_000})
                .series("prepared", new long[] {402_000_000, 402_100_000, 401_900_000});
    }

    @Test
    void svgIsWellFormedXmlWithAnSvgRootHoldingTheSeriesNames() throws Exception {
        ChartFile file = ChartFile.parse(folder.resolve("runs.svg").toString());
        chart().write(file);
        Document svg = SvgFiles.parse(file.path());
        assertEquals("svg", svg.getDocumentElement().getLocalName());
        assertEquals("http://www.w3.org/2000/svg", svg.getDocumentElement().getNamespaceURI());
        String text = Files.readString(file.path());
        assertTrue(text.contains("unprepared") || text.contains("<path"), "the chart draws something");
    }

    @Test
    void pngHasTheSignatureAndImageIoReadsIt() throws Exception {
        ChartFile file = ChartFile.parse(folder.resolve("runs.PNG").toString());
        chart().write(file);
        byte[] bytes = Files.readAllBytes(file.path());
        assertArrayEquals(PNG_SIGNATURE, Arrays.copyOf(bytes, PNG_SIGNATURE.length));
        BufferedImage image = ImageIO.read(file.path().toFile());
        assertEquals(960, image.getWidth());
        assertEquals(540, image.getHeight());
        assertTrue(distinctColours(image) > 2, "the picture is not blank");
    }

    @Test
    void theExtensionChoosesTheFormatAndOthersAreRefused() {
        assertEquals(ChartFile.Format.SVG, ChartFile.parse("a.svg").format());
        assertEquals(ChartFile.Format.PNG, ChartFile.parse("b.Png").format());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ChartFile.parse("c.pdf"));
        assertTrue(e.getMessage().contains(".svg, .png"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> ChartFile.parse(".svg"));
    }

    @Test
    void anEmptySeriesIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> RunChart.of("t", TimeUnit.SECONDS).series("s", new long[0]));
    }

    @Test
    void anUnwritablePathFailsWithIoException() throws IOException {
        Path blocker = Files.writeString(folder.resolve("file"), "x");
        ChartFile file = ChartFile.parse(blocker.resolve("runs.svg").toString());
        assertThrows(IOException.class, () -> chart().write(file));
    }

    @Test
    void aMissingFolderIsNeverCreated() {
        ChartFile file = ChartFile.parse(folder.resolve("sub/runs.svg").toString());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, file::checkWritable);
        assertTrue(e.getMessage().contains("does not exist"), e.getMessage());
        assertThrows(IOException.class, () -> chart().write(file));
        assertTrue(Files.notExists(folder.resolve("sub")));
    }

    @Test
    void aDrawingThatFailsLeavesTheEarlierChartAndNoTemporaryFile() throws IOException {
        Path earlier = Files.writeString(folder.resolve("runs.svg"), "earlier chart");
        ChartFile file = ChartFile.parse(earlier.toString());
        file.checkWritable();
        IOException e = assertThrows(IOException.class, () -> file.write(out -> {
            out.write("<svg half".getBytes(java.nio.charset.StandardCharsets.UTF_8));
            throw new IOException("No space left on device");
        }));
        assertEquals("No space left on device", e.getMessage());
        assertEquals("earlier chart", Files.readString(earlier));
        try (var files = Files.list(folder)) {
            assertEquals(List.of(earlier), files.toList());
        }
    }

    private static int distinctColours(BufferedImage image) {
        java.util.Set<Integer> colours = new java.util.HashSet<>();
        for (int y = 0; y < image.getHeight(); y += 7) {
            for (int x = 0; x < image.getWidth(); x += 7) {
                colours.add(image.getRGB(x, y));
            }
        }
        return colours.size();
    }
}
