package com.example.gate.bench;

import com.example.gate.Checksum;
import dev.counters.measure.Task;
import java.util.Random;

/** The task the gate compares: a checksum of 65536 bytes, through whichever build of Checksum its class loader sees. */
public class ChecksumTask implements Task {
    private final byte[] data = new byte[65536];

    public ChecksumTask() {
        new Random(47).nextBytes(data);
    }

    @Override
    public Object run() {
        return Checksum.of(data);
    }
}
