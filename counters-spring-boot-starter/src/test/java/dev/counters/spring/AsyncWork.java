package dev.counters.spring;

import java.util.concurrent.CompletableFuture;
import org.springframework.scheduling.annotation.Async;
import org.springframework.stereotype.Component;

/** {@link CpuTestApplication}'s {@code @Async} work, in a bean of its own so that the call goes through Spring's proxy. */
@Component
public class AsyncWork {
    /** Created by Spring. */
    public AsyncWork() {}

    /** Computes until this thread, one of Boot's task executor's, has used {@code ms} of CPU, for request {@code id} (null: unnamed). */
    @Async
    public CompletableFuture<String> heavy(int ms, String id) {
        RequestTruth.burn(id, ms);
        return CompletableFuture.completedFuture("async");
    }
}
