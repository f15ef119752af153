package dev.counters.spi;

import static java.util.Objects.requireNonNull;

/** Whether a provider serves a kind on this platform, and if not, the reason a user should read. */
public final class KindSupport {
    private static final KindSupport SUPPORTED = new KindSupport(null);

    private final String reason;

    private KindSupport(String reason) {
        this.reason = reason;
    }

    public static KindSupport supported() {
        return SUPPORTED;
    }

    /** Not served here because of {@code reason}, e.g. {@code "QueryThreadCycleTime failed with error 120: ..."}. */
    public static KindSupport unsupported(String reason) {
        return new KindSupport(requireNonNull(reason, "reason"));
    }

    public boolean isSupported() {
        return reason == null;
    }

    /** Why the kind is not served; empty when it is. */
    public String reason() {
        return reason == null ? "" : reason;
    }

    @Override
    public String toString() {
        return isSupported() ? "supported" : "unsupported: " + reason;
    }
}
