package dev.counters.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.counters.spi.CounterProvider;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** {@link PlatformService}: the module's name, the platform rank, and the reason asked once, when first wanted. */
class PlatformServiceTest {

    /** A service whose reason is set by the test, counting how often it is worked out. */
    private static final class Service extends PlatformService {
        Optional<String> reason = Optional.empty();
        int findings;

        Service(String name) {
            super(name);
        }

        @Override
        protected Optional<String> findUnavailableReason() {
            findings++;
            return reason;
        }
    }

    @Test
    void nameAndRankAreThePlatformModules() {
        Service service = new Service("posix");
        assertEquals("posix", service.name());
        assertEquals(CounterProvider.RANK_PLATFORM, service.rank());
    }

    @Test
    void theReasonIsWorkedOutOnTheFirstQuestionOnly() {
        Service service = new Service("windows");
        service.reason = Optional.of("not Windows");
        assertEquals(0, service.findings, "creating the service works nothing out");
        assertEquals(Optional.of("not Windows"), service.unavailableReason());
        service.reason = Optional.empty();
        assertEquals(Optional.of("not Windows"), service.unavailableReason());
        assertEquals(1, service.findings);
    }

    @Test
    void anAvailableServiceHasNoReason() {
        assertEquals(Optional.empty(), new Service("posix").unavailableReason());
    }

    @Test
    void aNameIsRequired() {
        assertThrows(NullPointerException.class, () -> new Service(null));
    }
}
