package com.example.gate.bench;

import com.example.gate.Checksum;
import dev.counters.measure.Task;
import java.util.Random;

/** A task too long for the budget: a quarter of a second asleep, then the checksum, in each run. */
public class ChecksumTask implements Task {
    private final byte[] data = new byte[65536];

    public ChecksumTask() {
        new Random(47).nextBytes(data);
    }

    @Override
    public Object run() throws InterruptedException {
        Thread.sleep(250);
        return Checksum.of(data);
    }
}
