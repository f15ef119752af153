package dev.counters.nativeaccess;

import dev.counters.internal.CycleFrequency;
import java.util.Optional;

/**
 * The machine code that reads the processor's free-running cycle counter, per architecture:
 * {@code LFENCE; RDTSC} on x86-64 (the fence lets earlier instructions finish before the read) and
 * {@code ISB; MRS CNTVCT_EL0} on aarch64. Java cannot emit the instruction, so its bytes go into
 * an executable page the platform module maps ({@link ExecutablePages}) and are called there.
 */
public enum CycleInstruction {
    /** {@code lfence; rdtsc; shl rdx, 32; or rax, rdx; ret}. */
    RDTSC(new byte[] {
        0x0F, (byte) 0xAE, (byte) 0xE8,
        0x0F, 0x31,
        0x48, (byte) 0xC1, (byte) 0xE2, 0x20,
        0x48, 0x09, (byte) 0xD0,
        (byte) 0xC3,
    }, null),
    /** {@code isb; mrs x0, cntvct_el0; ret}; its frequency is declared by {@code mrs x0, cntfrq_el0; ret}. */
    CNTVCT_EL0(words(0xD5033FDF, 0xD53BE040, 0xD65F03C0), words(0xD53BE000, 0xD65F03C0));

    private final byte[] readCode;
    private final byte[] frequencyCode;

    CycleInstruction(byte[] readCode, byte[] frequencyCode) {
        this.readCode = readCode;
        this.frequencyCode = frequencyCode;
    }

    /** The instruction for {@code osArch} as the JVM names it ({@code amd64}, {@code aarch64}, ...), if one is known. */
    public static Optional<CycleInstruction> forArch(String osArch) {
        return CycleFrequency.instruction(osArch).map(CycleInstruction::valueOf);
    }

    /** The code of {@code long read(void)}: a fresh copy. */
    public byte[] readCode() {
        return readCode.clone();
    }

    /** The code of {@code long frequency(void)} where the hardware declares the counter's rate (aarch64's {@code CNTFRQ_EL0}). */
    public Optional<byte[]> frequencyCode() {
        return Optional.ofNullable(frequencyCode).map(byte[]::clone);
    }

    /** Little-endian instruction words as bytes. */
    private static byte[] words(int... words) {
        byte[] bytes = new byte[words.length * Integer.BYTES];
        for (int i = 0; i < words.length; i++) {
            for (int b = 0; b < Integer.BYTES; b++) {
                bytes[i * Integer.BYTES + b] = (byte) (words[i] >>> (8 * b));
            }
        }
        return bytes;
    }
}
