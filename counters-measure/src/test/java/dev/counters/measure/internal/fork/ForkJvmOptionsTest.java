package dev.counters.measure.internal.fork;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Which of the command's own JVM options a fork inherits (issue 44, item 1). */
class ForkJvmOptionsTest {
    @Test
    void aForkInheritsWhatMakesItTheSameJvmAndNothingThatWritesTheUsersFilesOrOpensTheirPorts() {
        List<String> own = List.of("-Xmx1g", "-Xms256m", "-XX:+UseSerialGC", "-Dsize=100000", "--add-opens=java.base/java.lang=ALL-UNNAMED",
                "-ea", "-Xlog:gc*:file=gc.log", "-Xloggc:old-gc.log", "-verbose:gc",
                "-XX:StartFlightRecording:filename=rec.jfr", "-XX:FlightRecorderOptions:stackdepth=128",
                "-agentlib:jdwp=transport=dt_socket,server=y,address=5005", "-javaagent:/opt/agent.jar",
                "-Dcom.sun.management.jmxremote.port=9010", "-Dcom.sun.management.jmxremote", "-XX:+HeapDumpOnOutOfMemoryError",
                "-XX:HeapDumpPath=/tmp/dumps", "-XX:ErrorFile=/tmp/hs_err.log", "--enable-native-access=dev.counters.posix");
        assertEquals(List.of("-Xmx1g", "-Xms256m", "-XX:+UseSerialGC", "-Dsize=100000",
                "--add-opens=java.base/java.lang=ALL-UNNAMED", "-ea"), ForkJvmOptions.inherited(own));
    }

    @Test
    void givenOptionsReplaceTheInheritedOnesAndAppendedOnesFollow() {
        List<String> options = ForkJvmOptions.of(List.of("-Xmx2g"), List.of("-Xlog:gc:file=fork-gc.log", "-Dk=v"));
        assertEquals(List.of("-Xmx2g", "-Xlog:gc:file=fork-gc.log", "-Dk=v"),
                options.subList(0, 3), "what the user gives is taken as given, logging included");
        assertEquals(ForkJvmOptions.hasNativeAccess(), options.contains("--enable-native-access=ALL-UNNAMED"),
                "native access where this JVM has it: " + options);
    }
}
