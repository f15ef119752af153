package dev.counters.cli.report;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

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
import org.w3c.dom.NodeList;

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
                .panel("wall time")
                .series("unprepared", new long[] {572_000_000, 489_000_000, 402_000_000})
                .series("prepared", new long[] {402_000_000, 402_100_000, 401_900_000})
                .panel("thread CPU time")
                .series("unprepared", new long[] {401_000_000, 401_000_000, 401_000_000})
                .series("prepared", new long[] {401_000_000, 401_000_000, 401_000_000});
    }

    @Test
    void svgIsWellFormedXmlWithAnSvgRootHoldingTheSeriesNames() throws Exception {
        ChartFile file = ChartFile.parse(folder.resolve("runs.svg").toString());
        chart().write(file);
        Document svg = SvgFiles.parse(file.path());
        assertEquals("svg", svg.getDocumentElement().getLocalName());
        assertEquals("http://www.w3.org/2000/svg", svg.getDocumentElement().getNamespaceURI());
        String text = Files.readString(file.path());
        assertTrue(text.contains("<path") || text.contains("<polyline"), "the chart draws something");
    }

    @Test
    void svgKeepsEveryLabelAsText() throws Exception {
        ChartFile file = ChartFile.parse(folder.resolve("runs.svg").toString());
        chart().zoomed().write(file);
        NodeList texts = SvgFiles.parse(file.path()).getElementsByTagNameNS("http://www.w3.org/2000/svg", "text");
        List<String> labels = new java.util.ArrayList<>();
        for (int i = 0; i < texts.getLength(); i++) {
            labels.add(texts.item(i).getTextContent());
        }
        for (String label : List.of("Per-run times", "run", "wall time (ms, zoomed: not from 0)",
                "thread CPU time (ms, zoomed: not from 0)", "unprepared", "prepared")) {
            assertTrue(labels.contains(label), "no <text> '" + label + "' in " + labels);
        }
        assertEquals(1, labels.stream().filter("unprepared"::equals).count(), "one legend for both panels: " + labels);
        assertTrue(labels.stream().anyMatch(label -> label.matches("4\\d\\d(\\.\\d+)?")), "tick labels: " + labels);
    }

    @Test
    void anUnzoomedAxisStartsAtZeroAndSaysNothing() throws Exception {
        ChartFile file = ChartFile.parse(folder.resolve("runs.svg").toString());
        chart().write(file);
        String svg = Files.readString(file.path());
        assertTrue(svg.contains(">wall time (ms)<"), "plain label");
        assertTrue(svg.contains(">0<"), "the axis shows 0");
    }

    @Test
    void twoSeriesThatCoincideBothShow() throws Exception {
        long[] same = {100, 100, 100, 100};
        ChartFile file = ChartFile.parse(folder.resolve("same.png").toString());
        RunChart.of("Two equal series", TimeUnit.NANOSECONDS).panel("time")
                .series("first", same).series("second", same).write(file);
        BufferedImage image = ImageIO.read(file.path().toFile());
        // The first series is a solid blue line, the second a red dashed one drawn over it.
        assertTrue(countPixels(image, 0x1f77b4) > 200, "the first series shows");
        assertTrue(countPixels(image, 0xd62728) > 200, "the second series shows");
    }

    @Test
    void panelsMustShareTheirSeriesForOneLegend() {
        RunChart chart = RunChart.of("t", TimeUnit.SECONDS).panel("a").series("x", new long[] {1})
                .panel("b").series("y", new long[] {1});
        assertThrows(IllegalStateException.class, () -> chart.write(ChartFile.parse(folder.resolve("c.svg").toString())));
        assertThrows(IllegalStateException.class, () -> RunChart.of("t", TimeUnit.SECONDS).series("x", new long[] {1}));
    }

    @Test
    void pngHasTheSignatureAndImageIoReadsIt() throws Exception {
        ChartFile file = ChartFile.parse(folder.resolve("runs.PNG").toString());
        chart().write(file);
        byte[] bytes = Files.readAllBytes(file.path());
        assertArrayEquals(PNG_SIGNATURE, Arrays.copyOf(bytes, PNG_SIGNATURE.length));
        BufferedImage image = ImageIO.read(file.path().toFile());
        assertEquals(960, image.getWidth());
        assertEquals(640, image.getHeight());
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
        assertThrows(IllegalArgumentException.class,
                () -> RunChart.of("t", TimeUnit.SECONDS).panel("p").series("s", new long[0]));
    }

    @Test
    void anUnwritablePathFailsWithIoException() throws IOException {
        Path blocker = Files.writeString(folder.resolve("file"), "x");
        ChartFile file = ChartFile.parse(blocker.resolve("runs.svg").toString());
        assertThrows(IOException.class, () -> chart().write(file));
    }

    @Test
    void aChartGetsThePermissionsOfAnyNewFileNotPrivateOnes() throws IOException {
        assumeTrue(folder.getFileSystem().supportedFileAttributeViews().contains("posix"));
        Path plain = Files.createFile(folder.resolve("plain"));
        ChartFile file = ChartFile.parse(folder.resolve("runs.svg").toString());
        chart().write(file);
        assertEquals(Files.getPosixFilePermissions(plain), Files.getPosixFilePermissions(file.path()));
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

    /** Pixels within a small distance of {@code rgb}: lines are anti-aliased. */
    private static int countPixels(BufferedImage image, int rgb) {
        int count = 0;
        for (int y = 0; y < image.getHeight(); y++) {
            for (int x = 0; x < image.getWidth(); x++) {
                int pixel = image.getRGB(x, y);
                if (Math.abs((pixel >> 16 & 0xff) - (rgb >> 16 & 0xff)) < 24
                        && Math.abs((pixel >> 8 & 0xff) - (rgb >> 8 & 0xff)) < 24
                        && Math.abs((pixel & 0xff) - (rgb & 0xff)) < 24) {
                    count++;
                }
            }
        }
        return count;
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
