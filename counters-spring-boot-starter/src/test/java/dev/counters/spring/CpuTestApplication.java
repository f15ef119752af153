package dev.counters.spring;

import io.micrometer.context.ContextExecutorService;
import io.micrometer.context.ContextSnapshotFactory;
import io.micrometer.observation.ObservationFilter;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Bean;
import org.springframework.http.HttpStatus;
import org.springframework.core.task.TaskDecorator;
import org.springframework.core.task.support.ContextPropagatingTaskDecorator;
import org.springframework.scheduling.annotation.EnableAsync;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.context.request.async.DeferredResult;
import org.springframework.web.server.ResponseStatusException;

/**
 * A real Boot web application with the three kinds of request the starter must tell apart: one that
 * computes, one that sleeps, and one whose CPU goes to the kernel (many small file writes). Each
 * works until its thread has used the CPU asked for, by the JDK's own clock, so the figures stay
 * known on a loaded machine. The asynchronous ones ({@code /hop}, a {@code Callable}; {@code /cf}, a
 * {@code CompletableFuture}; {@code /deferred}, a {@code DeferredResult}) compute on another thread,
 * which the request's observation reaches: {@code /hop} and {@code /async} (an {@code @Async}
 * method) on Boot's task executor, which the starter decorates with Spring's
 * {@code ContextPropagatingTaskDecorator} (issue #49), and {@code /cf} and {@code /deferred} on the
 * application's own pool, which it wraps with {@code ContextExecutorService} as a service owner does. A request named by the test (header {@code X-Request-Id}) adds
 * what its own code burned to {@link RequestTruth}.
 */
@SpringBootApplication
@EnableAsync
@RestController
public class CpuTestApplication {
    private static final String NO_ID = "";
    /** The application's own pool, which carries the request's observation to its threads. */
    private static final ExecutorService POOL = ContextExecutorService.wrap(Executors.newFixedThreadPool(2, work -> {
        Thread thread = new Thread(work, "app-pool");
        thread.setDaemon(true);
        return thread;
    }), () -> ContextSnapshotFactory.builder().build().captureAll());

    /**
     * Virtual threads (JDK 21+; null before) that the request's observation reaches, so that its stretches
     * there are counted unmeasured: the series the join of docs/SPRING-BOOT.md reads.
     */
    private static final ExecutorService VIRTUAL_POOL = virtualPool();

    /**
     * The decorator a service owner declared before the starter declared it (issue #49): only where a test
     * asks for it, so that the others run on the starter's own.
     */
    @Bean
    @ConditionalOnProperty("counters.test.user-task-decorator")
    TaskDecorator contextPropagation() {
        return new ContextPropagatingTaskDecorator();
    }

    /** Where a test asks for it, a pool bean that nobody wraps: the start-up line must name it. */
    @Bean(destroyMethod = "shutdown")
    @ConditionalOnProperty("counters.test.plain-pool")
    ExecutorService plainPool() {
        return Executors.newFixedThreadPool(1, work -> {
            Thread thread = new Thread(work, "plain-pool");
            thread.setDaemon(true);
            return thread;
        });
    }

    /** Computes {@code ms} of CPU in an {@code @Async} method, on Boot's task executor. */
    @GetMapping("/async")
    public CompletableFuture<String> async(@RequestParam int ms, @RequestHeader(name = RequestTruth.HEADER, defaultValue = NO_ID) String id) {
        return asyncWork.heavy(ms, named(id));
    }

    /** Tags each request with the name the test gave it, where the test asks for it. */
    @Bean
    @ConditionalOnProperty("counters.test.request-ids")
    ObservationFilter requestIds() {
        return RequestTruth.tagging();
    }

    private final AsyncWork asyncWork;

    /** Created by Spring. */
    public CpuTestApplication(AsyncWork asyncWork) {
        this.asyncWork = asyncWork;
    }

    /** Computes until this thread has used {@code ms} of CPU. */
    @GetMapping("/heavy")
    public String heavy(@RequestParam int ms, @RequestHeader(name = RequestTruth.HEADER, defaultValue = NO_ID) String id) {
        RequestTruth.burn(named(id), ms);
        return "heavy";
    }

    /**
     * Computes {@code ms} of CPU on Spring MVC's task executor, not on the request's thread: the request
     * hops threads (its observation stops on the thread of the asynchronous dispatch).
     */
    @GetMapping("/hop")
    public Callable<String> hop(@RequestParam int ms, @RequestHeader(name = RequestTruth.HEADER, defaultValue = NO_ID) String id) {
        return () -> heavy(ms, id);
    }

    /** Computes {@code ms} of CPU on the application's pool, as a {@code CompletableFuture}. */
    @GetMapping("/cf")
    public CompletableFuture<String> completableFuture(@RequestParam int ms,
            @RequestHeader(name = RequestTruth.HEADER, defaultValue = NO_ID) String id) {
        return CompletableFuture.supplyAsync(() -> heavy(ms, id), POOL);
    }

    /** Computes {@code ms} of CPU on the application's pool, which then sets the request's {@code DeferredResult}. */
    @GetMapping("/deferred")
    public DeferredResult<String> deferred(@RequestParam int ms, @RequestHeader(name = RequestTruth.HEADER, defaultValue = NO_ID) String id) {
        DeferredResult<String> result = new DeferredResult<>(60_000L);
        POOL.execute(() -> result.setResult(heavy(ms, id)));
        return result;
    }

    /** Computes {@code ms} on a virtual thread the observation reaches (JDK 21+): measured nowhere, counted virtual-thread. */
    @GetMapping("/virtual-pool")
    public CompletableFuture<String> onVirtualPool(@RequestParam int ms,
            @RequestHeader(name = RequestTruth.HEADER, defaultValue = NO_ID) String id) {
        if (VIRTUAL_POOL == null) {
            throw new ResponseStatusException(HttpStatus.NOT_IMPLEMENTED, "virtual threads need JDK 21+");
        }
        return CompletableFuture.supplyAsync(() -> heavy(ms, id), VIRTUAL_POOL);
    }

    private static ExecutorService virtualPool() {
        try {
            ExecutorService virtual = (ExecutorService) Executors.class.getMethod("newVirtualThreadPerTaskExecutor").invoke(null);
            return ContextExecutorService.wrap(virtual, () -> ContextSnapshotFactory.builder().build().captureAll());
        } catch (ReflectiveOperationException | RuntimeException noVirtualThreads) {
            return null;
        }
    }

    private static String named(String id) {
        return id.isEmpty() ? null : id;
    }

    /** Sleeps {@code ms}: wall time, next to no CPU. */
    @GetMapping("/sleep")
    public String sleep(@RequestParam int ms) throws InterruptedException {
        Thread.sleep(ms);
        return "slept";
    }

    /** Writes 64 bytes at a time to a file until this thread has used {@code ms} of CPU: mostly kernel time. */
    @GetMapping("/kernel")
    public String kernel(@RequestParam int ms) throws IOException {
        long until = RequestTruth.cpuNanos() + ms * 1_000_000L;
        Path file = Files.createTempFile("counters-kernel", ".bin");
        ByteBuffer chunk = ByteBuffer.allocateDirect(64);
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE)) {
            int writes = 0;
            while (RequestTruth.cpuNanos() < until || writes == 0) {
                for (int i = 0; i < 200; i++, writes++) {
                    chunk.clear();
                    channel.write(chunk, (writes % 4096) * 64L);
                }
            }
        } finally {
            Files.delete(file);
        }
        return "written";
    }
}
