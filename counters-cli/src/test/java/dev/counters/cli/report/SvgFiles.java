package dev.counters.cli.report;

import java.nio.file.Path;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Document;

/** Reads chart files back for tests. */
public final class SvgFiles {
    private SvgFiles() {}

    /** Parses {@code path} as namespace-aware XML; the SVG DOCTYPE names a DTD on the web, which is never fetched. */
    public static Document parse(Path path) throws Exception {
        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        factory.setNamespaceAware(true);
        factory.setValidating(false);
        factory.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
        return factory.newDocumentBuilder().parse(path.toFile());
    }
}
