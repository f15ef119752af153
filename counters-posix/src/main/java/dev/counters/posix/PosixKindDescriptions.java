package dev.counters.posix;

import static java.util.Objects.requireNonNull;

import dev.counters.CounterInfo;
import dev.counters.CounterKind;
import dev.counters.Resolution;
import dev.counters.internal.CurrentThreadCpuClock;
import dev.counters.internal.InstantNow;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * Each kind's {@link CounterInfo} in words: the source it reads, and the notes that say which path
 * reads it and why ({@code counters list} prints them). The decisions themselves (what is
 * supported, whether the JVM's own reading serves, which binding) are {@link PosixKinds}'s, made
 * once per kind; this class only describes them, so that the prose can change without touching a
 * decision, and a decision is never taken while writing prose.
 */
final class PosixKindDescriptions {
    private static final String NANO_TIME_API = "System.nanoTime()";
    /** Why SYSTEM_TIME is read through libc although HotSpot reads the same clock in {@code Instant.now()}. */
    static final String SYSTEM_TIME_PATH = "read through libc into scratch memory, never through " + InstantNow.API
            + ", whose Instant escape analysis does not always remove: start/stop allocate nothing";

    private final PosixKinds kinds;

    PosixKindDescriptions(PosixKinds kinds) {
        this.kinds = requireNonNull(kinds, "kinds");
    }

    /** What a supported {@code kind} is here, its resolution measured by {@code resolution} when first asked. */
    CounterInfo describe(CounterKind kind, Supplier<Resolution> resolution) {
        NamedClock clock = kinds.platform().clock(kind).orElseThrow();
        CounterInfo.Builder info = CounterInfo.builder(kind)
                .provider(PosixKinds.PROVIDER_NAME)
                .frequency(PosixKinds.NANOS_PER_SECOND)
                .resolution(resolution)
                .binding(kinds.bindingOf(kind))
                .monotonic(kind != CounterKind.SYSTEM_TIME);
        switch (kind) {
            case TICK:
                return info.source(clock.gettimeApi())
                        .notes(withBindingReason(kind, kinds.libcBinding() == CounterInfo.Binding.FFM
                                ? "the coarse clock: advances once per scheduler tick; read through FFM, the cheapest kind here"
                                : "the coarse clock: advances once per scheduler tick; the cheapest clock to read from C, but "
                                        + "read through JNA it costs more than HIGH_PERFORMANCE, which the JVM reads itself"))
                        .build();
            case MULTIMEDIA:
                return info.source(clock.gettimeApi())
                        .notes(withBindingReason(kind, "monotonic, and unlike HIGH_PERFORMANCE keeps counting while the system is suspended"))
                        .build();
            case SYSTEM_TIME:
                return info.source(clock.gettimeApi())
                        .notes(withBindingReason(kind, "nanoseconds since 1970-01-01T00:00Z; not monotonic: the time of day can be set or slewed; "
                                + SYSTEM_TIME_PATH))
                        .build();
            case HIGH_PERFORMANCE:
            case PERFORMANCE:
                return info.source(clock.gettimeApi())
                        .notes(withBindingReason(kind, (kind == CounterKind.PERFORMANCE ? "the best wall-clock counter here, HIGH_PERFORMANCE's clock; " : "")
                                + highPerformancePath(clock)))
                        .build();
            case THREAD_TIMES:
                return info.source(clock.gettimeApi() + (kinds.hasSplit(kind) ? " + getrusage(RUSAGE_THREAD)" : ""))
                        .kernelUserSplit(kinds.hasSplit(kind))
                        .notes(withBindingReason(kind, threadTotalPath(clock) + "; " + (kinds.hasSplit(kind)
                                ? "kernel/user split from getrusage(RUSAGE_THREAD), whose user and system times Linux derives by "
                                        + "dividing the thread's precise run time in the ratio of the ticks it sampled in each mode: "
                                        + "the exact total is apportioned in that ratio, so kernel + user == total"
                                : PosixKinds.NO_THREAD_SPLIT)))
                        .build();
            case PROCESS_TIMES:
                return info.source(clock.gettimeApi() + " + getrusage(RUSAGE_SELF)")
                        .kernelUserSplit(true)
                        .notes(withBindingReason(kind, "all threads of the process, including those that have ended; kernel/user split from "
                                + "getrusage(RUSAGE_SELF), apportioned so that kernel + user == the exact total"))
                        .build();
            default:
                throw new IllegalArgumentException(kind + " is not served by counters-posix");
        }
    }

    /**
     * {@code notes}, and where a kind is read through JNA on a JVM that could use FFM, why it is not
     * (native access not enabled for this module, with the flag that enables it; the
     * {@code dev.counters.binding} property; a failed link), so that {@code counters list} shows it.
     */
    private String withBindingReason(CounterKind kind, String notes) {
        String whyNotFfm = kinds.layerChoice().whyNotFfm();
        boolean jnaServes = kinds.bindingOf(kind).usesJna();
        return jnaServes && !whyNotFfm.isEmpty() ? notes + "; " + whyNotFfm : notes;
    }

    private String highPerformancePath(NamedClock clock) {
        if (kinds.servedByKnownNanoTime(CounterKind.HIGH_PERFORMANCE)) {
            return knownNanoTimePath(clock);
        }
        if (kinds.readsHighPerformanceThroughNanoTime()) {
            return "read through " + NANO_TIME_API + ", which HotSpot on Linux implements with clock_gettime(CLOCK_MONOTONIC) "
                    + "and which a check at load confirmed reads " + clock.name() + " on this JVM (a " + NANO_TIME_API
                    + " reading lay between two " + clock.gettimeApi() + " readings): same clock and ticks, without JNA's call cost";
        }
        return "read through JNA: " + NANO_TIME_API + " did not lie between two " + clock.gettimeApi()
                + " readings, so this JVM's nanoTime reads another clock";
    }

    /** How {@link System#nanoTime()} was taken to read {@code clock} without a native call, and what the check now says. */
    private String knownNanoTimePath(NamedClock clock) {
        String path = "read through " + NANO_TIME_API + ", which HotSpot on " + kinds.platform().os()
                + " implements with " + JvmClockCheck.nanoTimeImplementation(kinds.platform()) + ": known without a native call,"
                + " so that creating the counter binds nothing";
        Optional<String> unserved = kinds.unservedReason();
        if (unserved.isPresent()) {
            return path + "; not confirmed, and clock_getres not asked, because " + unserved.get();
        }
        boolean confirmed = kinds.nanoTimeReadsHighPerformanceClock();
        return path + (confirmed
                ? "; a check when this description was made confirmed it reads " + clock.name() + " (a " + NANO_TIME_API
                        + " reading lay between two " + clock.gettimeApi() + " readings): same clock and ticks, without a native call's cost"
                : "; but a check when this description was made found a " + NANO_TIME_API + " reading outside two "
                        + clock.gettimeApi() + " readings: this JVM's nanoTime may read another clock");
    }

    private String threadTotalPath(NamedClock clock) {
        if (kinds.readsThreadTimesThroughMxBean()) {
            return "total read through " + CurrentThreadCpuClock.CPU_TIME_API + ", which HotSpot on Linux implements with clock_gettime "
                    + "on this thread's CPU-time clock and which a check at load confirmed reads " + clock.name()
                    + " (a reading lay between two " + clock.gettimeApi() + " readings): exact to the nanosecond, "
                    + "through a JNI call cheaper than JNA's";
        }
        if (kinds.bindingName() == CounterInfo.Binding.FFM) {
            return "total read through an FFM downcall, cheaper than " + CurrentThreadCpuClock.CPU_TIME_API
                    + "'s JNI call: exact to the nanosecond";
        }
        return "total read through JNA: " + CurrentThreadCpuClock.CPU_TIME_API + " is disabled or did not lie between two "
                + clock.gettimeApi() + " readings";
    }
}
