package dev.counters.opentelemetry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpServer;
import dev.counters.testing.Work;
import io.opentelemetry.exporter.otlp.http.trace.OtlpHttpSpanExporter;
import io.opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest;
import io.opentelemetry.proto.common.v1.KeyValue;
import io.opentelemetry.proto.trace.v1.Span;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The figures survive OTLP: the SDK's own OTLP/HTTP exporter sends the spans to a receiver on a
 * loopback port, which decodes them with OTLP's published protobuf messages (opentelemetry-proto).
 * No ready-made OTLP receiver is served by the registries this project uses (the Collector is Go
 * source), so the receiver is this test's; the encoding and the decoding are OpenTelemetry's.
 */
class OtlpExportTest {
    @Test
    void cpuAttributesArriveOverOtlpAsDoubles() throws Exception {
        List<ExportTraceServiceRequest> received = new CopyOnWriteArrayList<>();
        HttpServer receiver = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        receiver.createContext("/v1/traces", exchange -> {
            try (InputStream body = exchange.getRequestBody()) {
                received.add(ExportTraceServiceRequest.parseFrom(body));
            }
            exchange.getResponseHeaders().add("Content-Type", "application/x-protobuf");
            exchange.sendResponseHeaders(200, -1);
            exchange.close();
        });
        receiver.start();
        SdkTracerProvider tracing = SdkTracerProvider.builder()
                .addSpanProcessor(new CpuTimeSpanProcessor())
                .addSpanProcessor(SimpleSpanProcessor.create(OtlpHttpSpanExporter.builder()
                        .setEndpoint("http://127.0.0.1:" + receiver.getAddress().getPort() + "/v1/traces")
                        .build()))
                .build();
        try {
            io.opentelemetry.api.trace.Span span = tracing.get("otlp").spanBuilder("computing").startSpan();
            long cpu;
            try (io.opentelemetry.context.Scope ignored = span.makeCurrent()) {
                cpu = Work.burnCpu(Duration.ofMillis(30));
            }
            span.end();
            tracing.forceFlush().join(30, TimeUnit.SECONDS);

            List<Span> spans = received.stream()
                    .flatMap(request -> request.getResourceSpansList().stream())
                    .flatMap(resource -> resource.getScopeSpansList().stream())
                    .flatMap(scope -> scope.getSpansList().stream())
                    .collect(Collectors.toList());
            assertEquals(1, spans.size(), received.toString());
            Map<String, Double> figures = spans.get(0).getAttributesList().stream()
                    .collect(Collectors.toMap(KeyValue::getKey, attribute -> attribute.getValue().getDoubleValue()));
            double total = figures.get(CpuTimeSpanProcessor.TOTAL);
            assertTrue(total >= cpu / 1e9 - 0.010, figures + " for " + cpu + " ns burned");
        } finally {
            tracing.shutdown().join(10, TimeUnit.SECONDS);
            receiver.stop(0);
        }
    }
}
