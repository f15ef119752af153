/** The {@code counters} command line: cost, isolation, measure, frequency, list. */
module dev.counters.cli {
    requires dev.counters.api;
    requires dev.counters.measure;
    requires info.picocli;
    requires org.jfree.jfreechart;
    requires VectorGraphics2D; // no module name of its own: named after its jar
    requires java.desktop;
    requires com.fasterxml.jackson.core;
    requires com.fasterxml.jackson.dataformat.csv;
    // The Micrometer example: CPU time per HTTP request.
    requires dev.counters.micrometer;
    requires dev.counters.scope;
    requires micrometer.registry.prometheus;
    requires jdk.httpserver;

    // picocli fills options and reads annotations by reflection.
    opens dev.counters.cli to info.picocli;
}
