package dev.counters.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.counters.spi.RankedService;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class RankingTest {
    private record Service(String name, int rank, Optional<String> unavailableReason) implements RankedService {
        static Service available(String name, int rank) {
            return new Service(name, rank, Optional.empty());
        }

        static Service unavailable(String name, int rank, String reason) {
            return new Service(name, rank, Optional.of(reason));
        }
    }

    @Test
    void theAvailableOnesComeHighestRankFirstAndEqualRanksInTheFoundOrder() {
        Service low = Service.available("low", 0);
        Service firstOfTwo = Service.available("first", 100);
        Service secondOfTwo = Service.available("second", 100);
        Service aside = Service.unavailable("aside", 1000, "wrong OS");

        assertEquals(List.of(firstOfTwo, secondOfTwo, low), Ranking.bestFirst(List.of(low, aside, firstOfTwo, secondOfTwo)));
        assertEquals(Optional.of(firstOfTwo), Ranking.best(List.of(low, aside, firstOfTwo, secondOfTwo)));
        assertEquals(Optional.of(secondOfTwo), Ranking.best(List.of(low, secondOfTwo, firstOfTwo)));
    }

    @Test
    void noneAvailableIsEmptyAndEachReasonIsNamed() {
        List<Service> found = List.of(Service.unavailable("posix", 100, "serves Linux, macOS and FreeBSD only"),
                Service.available("jdk", 0), Service.unavailable("windows", 100, "serves Windows only"));

        assertEquals(Optional.empty(), Ranking.best(List.of(found.get(0), found.get(2))));
        assertEquals(Optional.empty(), Ranking.best(List.<Service>of()));
        assertEquals(List.of("posix: serves Linux, macOS and FreeBSD only", "windows: serves Windows only"),
                Ranking.unavailableReasons(found));
    }

    @Test
    void theFoundListIsLeftAsItWas() {
        List<Service> found = new java.util.ArrayList<>(List.of(Service.available("a", 0), Service.available("b", 1)));
        Ranking.bestFirst(found);
        assertEquals("a", found.get(0).name());
        assertThrows(NullPointerException.class, () -> Ranking.bestFirst(null));
        assertThrows(NullPointerException.class, () -> Ranking.unavailableReasons(null));
    }
}
