package dev.counters.spring;

import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.Tag;
import io.micrometer.core.instrument.config.MeterFilter;
import io.micrometer.core.instrument.config.MeterFilterReply;

/**
 * Renames the CPU timers of each observation as OpenTelemetry's semantic conventions name CPU time
 * ({@code process.cpu.time} with {@code cpu.mode}): {@code <name>.cpu.kernel} becomes
 * {@code <name>.cpu.time{cpu.mode=system}}, {@code <name>.cpu.user} becomes
 * {@code <name>.cpu.time{cpu.mode=user}}, and the total {@code <name>.cpu}, the sum over the modes,
 * is left out. Where the clock has no kernel/user split, the total alone becomes {@code <name>.cpu.time}.
 */
final class SemanticConventionsNaming implements MeterFilter {
    private static final String TOTAL = ".cpu";
    private static final String KERNEL = ".cpu.kernel";
    private static final String USER = ".cpu.user";
    private static final String RENAMED = ".cpu.time";
    private static final String MODE = "cpu.mode";

    private final boolean kernelUserSplit;

    SemanticConventionsNaming(boolean kernelUserSplit) {
        this.kernelUserSplit = kernelUserSplit;
    }

    @Override
    public MeterFilterReply accept(Meter.Id id) {
        return kernelUserSplit && isCpuTimer(id, TOTAL) ? MeterFilterReply.DENY : MeterFilterReply.NEUTRAL;
    }

    @Override
    public Meter.Id map(Meter.Id id) {
        if (isCpuTimer(id, KERNEL)) {
            return renamed(id, KERNEL).withTag(Tag.of(MODE, "system"));
        }
        if (isCpuTimer(id, USER)) {
            return renamed(id, USER).withTag(Tag.of(MODE, "user"));
        }
        if (!kernelUserSplit && isCpuTimer(id, TOTAL)) {
            return renamed(id, TOTAL);
        }
        return id;
    }

    private static boolean isCpuTimer(Meter.Id id, String suffix) {
        return id.getType() == Meter.Type.TIMER && id.getName().endsWith(suffix);
    }

    private static Meter.Id renamed(Meter.Id id, String suffix) {
        String name = id.getName();
        return id.withName(name.substring(0, name.length() - suffix.length()) + RENAMED);
    }
}
