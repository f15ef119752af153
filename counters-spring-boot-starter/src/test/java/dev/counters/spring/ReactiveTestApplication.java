package dev.counters.spring;

import io.micrometer.observation.ObservationFilter;
import java.net.URI;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Bean;
import org.springframework.web.reactive.function.client.WebClient;
import org.springframework.web.reactive.function.server.RouterFunction;
import org.springframework.web.reactive.function.server.RouterFunctions;
import org.springframework.web.reactive.function.server.ServerRequest;
import org.springframework.web.reactive.function.server.ServerResponse;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

/**
 * A real WebFlux application (Netty) for the requests whose work moves between the event loop and
 * Reactor's schedulers: {@code /heavy?ms=} computes on the request's event-loop thread;
 * {@code /hop?ms=} computes half on a scheduler thread, calls this server's {@code /heavy} with
 * {@code WebClient} (another request, with its own observation and its own truth), and computes the
 * other half after the answer. The starter alone (issue #49) makes Reactor carry the request's
 * observation to each thread that works for it: no context-propagation set-up here.
 *
 * <p>Deliberately not a {@code @Configuration}: {@link CpuTestApplication}'s component scan must not
 * pick it up, so its routes are functional and its beans are declared here in lite mode.
 */
@EnableAutoConfiguration
public class ReactiveTestApplication {
    /** Created by Spring. */
    public ReactiveTestApplication() {}

    /** The routes. */
    @Bean
    RouterFunction<ServerResponse> routes(ObjectProvider<WebClient.Builder> clients) {
        WebClient client = clients.getIfAvailable(WebClient::builder).build();
        return RouterFunctions.route()
                // The work runs on the parallel scheduler, never on a Netty event loop, which serves the inner requests
                // too: burned on the loops, eight clients' hops could hold every loop while their inner requests waited.
                .GET("/heavy", request -> ServerResponse.ok().body(
                        Mono.fromSupplier(() -> burned(request, ms(request))).subscribeOn(Schedulers.parallel()), String.class))
                .GET("/hop", request -> {
                    int half = ms(request) / 2;
                    String id = request.headers().firstHeader(RequestTruth.HEADER);
                    URI inner = request.uri().resolve("/heavy?ms=" + ms(request));
                    Mono<String> answer = Mono.fromSupplier(() -> burned(request, half))
                            .subscribeOn(Schedulers.parallel())
                            .flatMap(first -> client.get().uri(inner)
                                    .headers(headers -> {
                                        if (id != null) {
                                            headers.set(RequestTruth.HEADER, id + "-inner");
                                        }
                                    })
                                    .retrieve().bodyToMono(String.class))
                            .publishOn(Schedulers.parallel())
                            .map(innerAnswer -> burned(request, half));
                    return ServerResponse.ok().body(answer, String.class);
                })
                .build();
    }

    /** Where a test asks for it, a pool bean that nobody wraps: the start-up line must name it. */
    @Bean(destroyMethod = "shutdown")
    @ConditionalOnProperty("counters.test.plain-pool")
    ExecutorService plainPool() {
        return Executors.newFixedThreadPool(1);
    }

    /** Tags each request with the name the test gave it, where the test asks for it. */
    @Bean
    @ConditionalOnProperty("counters.test.request-ids")
    ObservationFilter requestIds() {
        return RequestTruth.tagging();
    }

    private static int ms(ServerRequest request) {
        return Integer.parseInt(request.queryParam("ms").orElse("1"));
    }

    private static String burned(ServerRequest request, int ms) {
        RequestTruth.burn(request.headers().firstHeader(RequestTruth.HEADER), ms);
        return "burned " + ms;
    }
}
