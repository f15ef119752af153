import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.extension.AnnotatedElementContext;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.io.TempDirFactory;

/**
 * JUnit's {@code @TempDir} for the Windows JDKs under Wine, which {@code windows-tests-under-wine.sh}
 * compiles and names with {@code junit.jupiter.tempdir.factory.default}. It names each directory
 * after the process, the clock and a counter instead of a random number.
 *
 * <p>Why: JUnit's default factory calls {@code Files.createTempDirectory}, whose random name
 * seeds a {@code SecureRandom}, whose seed includes the network adapters
 * ({@code sun.security.provider.SeedGenerator.getSystemEntropy} calls
 * {@code NetworkInterface.getNetworkInterfaces}). From JDK 21 on, the JDK's {@code net.dll}
 * delay-loads {@code GetAnycastIpAddressTable} from {@code iphlpapi.dll}, which Wine 8 does not
 * export, so that first seed kills the JVM with exception {@code 0xc06d007f} (a delay-load
 * failure) in {@code NetworkInterface.getAll}. Nothing else the suites do seeds one: the host
 * name lookup for the XML reports works, and JNA's library is unpacked by the script.
 */
public final class WineTempDirFactory implements TempDirFactory {
    private static final AtomicLong NEXT = new AtomicLong();

    @Override
    public Path createTempDirectory(AnnotatedElementContext element, ExtensionContext context) throws IOException {
        Path base = Path.of(System.getProperty("java.io.tmpdir"));
        while (true) {
            Path directory = base.resolve("junit-" + ProcessHandle.current().pid() + "-" + System.nanoTime() + "-" + NEXT.incrementAndGet());
            try {
                return Files.createDirectory(directory);
            } catch (FileAlreadyExistsException taken) {
                // Another run of the same pid at the same nanosecond: take the next name.
            }
        }
    }
}
