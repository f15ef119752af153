package dev.counters.spi;

import static java.util.Objects.requireNonNull;

/**
 * Whether a provider serves a kind on this platform, and if not, the reason a user should read.
 *
 * @param reason why the kind is not served; empty when it is
 */
public record KindSupport(String reason) {
    private static final KindSupport SUPPORTED = new KindSupport("");

    public KindSupport {
        requireNonNull(reason, "reason");
    }

    public static KindSupport supported() {
        return SUPPORTED;
    }

    /**
     * Not served here because of {@code reason}, e.g. {@code "QueryThreadCycleTime failed with error 120: ..."};
     * a blank reason becomes {@code "no reason given"}, never a support.
     */
    public static KindSupport unsupported(String reason) {
        requireNonNull(reason, "reason");
        return new KindSupport(reason.isBlank() ? "no reason given" : reason);
    }

    public boolean isSupported() {
        return reason.isEmpty();
    }

    @Override
    public String toString() {
        return isSupported() ? "supported" : "unsupported: " + reason;
    }
}
