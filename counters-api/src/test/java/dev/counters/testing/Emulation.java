package dev.counters.testing;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Whether this JVM runs under a user-mode emulator (qemu-user), where some tests mean nothing: an
 * emulator's clocks are the host's seen through translated code, so timing resolution, the cost of
 * a call and bounds on either measure the translator, and it does not implement every system call
 * ({@code perf_event_open} fails with ENOSYS under qemu-user).
 *
 * <p>Two signs, and both are checked. {@code scripts/aarch64-tests-under-qemu.sh} puts the command
 * that starts a JVM of the emulated architecture in {@value #COMMAND_VARIABLE} ({@code
 * qemu-aarch64-static -L /usr/aarch64-linux-gnu}); and qemu-user passes the host's
 * {@code /proc/cpuinfo} through, which then describes a processor of another architecture than the
 * JVM's {@code os.arch} (an x86 {@code vendor_id} and no {@code CPU implementer} under an aarch64
 * JVM). The variable alone proves nothing (it may be left over in a shell), so a test skips only
 * when {@code /proc/cpuinfo} confirms it; a JVM emulated without the variable (binfmt_misc) skips
 * too, its emulator then unnamed.
 */
public final class Emulation {
    /** The environment variable the aarch64 script sets: the emulator command that starts an emulated program. */
    public static final String COMMAND_VARIABLE = "COUNTERS_EMULATOR_COMMAND";

    private static final Optional<String> EMULATOR = detect(System.getProperty("os.arch", ""), cpuinfo(),
            System.getenv(COMMAND_VARIABLE));

    private Emulation() {}

    /** How this JVM is emulated ({@code "qemu-user (qemu-aarch64-static -L ...)"}), or empty when it runs natively. */
    public static Optional<String> emulator() {
        return EMULATOR;
    }

    /** Skips the calling test, naming the emulator and {@code why} it means nothing there, when this JVM is emulated. */
    public static void assumeNative(String why) {
        EMULATOR.ifPresent(emulator -> assumeTrue(false, "runs under " + emulator + ", where " + why));
    }

    /**
     * The command that starts a fresh JVM like this one: {@code java.home/bin/java}, behind the
     * emulator's command where this JVM is emulated (its launcher is a binary of the emulated
     * architecture, which the host cannot start by itself).
     */
    public static List<String> javaCommand() {
        List<String> command = new ArrayList<>();
        String emulatorCommand = System.getenv(COMMAND_VARIABLE);
        if (EMULATOR.isPresent() && emulatorCommand != null && !emulatorCommand.isBlank()) {
            command.addAll(List.of(emulatorCommand.trim().split("\\s+")));
        }
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        return command;
    }

    /**
     * The emulator, from the JVM's {@code osArch}, the text of {@code /proc/cpuinfo} (empty where there
     * is none) and the {@value #COMMAND_VARIABLE} variable (or null).
     */
    static Optional<String> detect(String osArch, String cpuinfo, String commandVariable) {
        if (!describesOtherArchitecture(osArch, cpuinfo)) {
            return Optional.empty();
        }
        String named = commandVariable == null || commandVariable.isBlank() ? "an unnamed emulator" : commandVariable.trim();
        return Optional.of("qemu-user (" + named + "; /proc/cpuinfo describes another processor than os.arch "
                + osArch + ")");
    }

    /** Whether {@code cpuinfo} is an x86 processor's under an aarch64 JVM, or an Arm processor's under an x86 one. */
    static boolean describesOtherArchitecture(String osArch, String cpuinfo) {
        boolean x86Processor = cpuinfo.contains("vendor_id");
        boolean armProcessor = cpuinfo.contains("CPU implementer");
        return switch (osArch.toLowerCase(Locale.ROOT)) {
            case "aarch64", "arm64" -> x86Processor && !armProcessor;
            case "amd64", "x86_64" -> armProcessor && !x86Processor;
            default -> false;
        };
    }

    private static String cpuinfo() {
        try {
            return Files.readString(Path.of("/proc/cpuinfo"));
        } catch (IOException | RuntimeException e) {
            return "";
        }
    }
}
