import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.Provider;
import java.security.SecureRandomSpi;

/**
 * A {@code SecureRandom} for the Windows JDKs 21+ under Wine that never seeds from the network
 * adapters, which {@code windows-tests-under-wine.sh} puts first in the provider list of the JVM
 * that runs counters-jmh's forked JMH run (through {@code -Djava.security.properties}).
 *
 * <p>Why: JMH's host names its temporary files with {@code File.createTempFile}, whose
 * {@code SecureRandom} is seeded by {@code SeedGenerator.getSystemEntropy}, which lists the
 * network adapters; the JDK 21+ {@code net.dll} then delay-loads {@code GetAnycastIpAddressTable},
 * which Wine 8 lacks, and the JVM dies with {@code 0xc06d007f} (see {@code WineTempDirFactory}).
 * These numbers only name temporary files in a throw-away Wine prefix: SHA-256 over the clock,
 * a counter and the identity hash is plenty, and none of it is fit for cryptography.
 */
public final class WineSecureRandomProvider extends Provider {
    private static final long serialVersionUID = 1L;

    public WineSecureRandomProvider() {
        super("WineSecureRandom", "1.0", "SecureRandom without network-adapter entropy, for tests under Wine only");
        put("SecureRandom.ClockSha256", ClockSha256.class.getName());
    }

    /** SHA-256 in counter mode over a seed of clocks; for naming temporary files only. */
    public static final class ClockSha256 extends SecureRandomSpi {
        private static final long serialVersionUID = 1L;
        private final MessageDigest sha;
        private byte[] state;
        private long counter;

        public ClockSha256() {
            try {
                sha = MessageDigest.getInstance("SHA-256");
            } catch (NoSuchAlgorithmException e) {
                throw new IllegalStateException(e);
            }
            state = sha.digest((System.nanoTime() + ":" + System.currentTimeMillis() + ":" + System.identityHashCode(this)
                    + ":" + ProcessHandle.current().pid()).getBytes(java.nio.charset.StandardCharsets.UTF_8));
        }

        @Override
        protected synchronized void engineSetSeed(byte[] seed) {
            sha.update(state);
            state = sha.digest(seed);
        }

        @Override
        protected synchronized void engineNextBytes(byte[] bytes) {
            for (int at = 0; at < bytes.length; ) {
                sha.update(state);
                sha.update(Long.toString(counter++).getBytes(java.nio.charset.StandardCharsets.UTF_8));
                byte[] block = sha.digest();
                int n = Math.min(block.length, bytes.length - at);
                System.arraycopy(block, 0, bytes, at, n);
                at += n;
            }
        }

        @Override
        protected byte[] engineGenerateSeed(int numBytes) {
            byte[] seed = new byte[numBytes];
            engineNextBytes(seed);
            return seed;
        }
    }
}
