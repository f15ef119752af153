package dev.counters.nativeaccess;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.invoke.MethodHandles;
import org.junit.jupiter.api.Test;

/** Reaching an FFM layer by name, and what its failures look like to the platform module that chooses. */
class ForeignLayersTest {
    /** A stand-in for a layer whose {@code bind()} links. */
    static final class Links {
        static final Links BOUND = new Links();

        private Links() {}

        static Links bind() {
            return BOUND;
        }
    }

    /** A stand-in for a layer whose library is missing. */
    static final class CannotLink {
        private CannotLink() {}

        static CannotLink bind() {
            throw new UnsatisfiedLinkError("no export GetTickCount64 for an FFM downcall");
        }
    }

    /** A stand-in for a layer denied native access. */
    static final class Denied {
        private Denied() {}

        static Denied bind() {
            throw ForeignLayers.nativeAccessNotEnabled(Denied.class.getModule());
        }
    }

    @Test
    void theLayerIsBoundThroughItsStaticBind() {
        assertSame(Links.BOUND, ForeignLayers.bindByName(MethodHandles.lookup(), Links.class.getName(), Object.class, "counters-test"));
    }

    @Test
    void whatBindThrowsComesOutAsItWasThrown() {
        UnsatisfiedLinkError missing = assertThrows(UnsatisfiedLinkError.class,
                () -> ForeignLayers.bindByName(MethodHandles.lookup(), CannotLink.class.getName(), Object.class, "counters-test"));
        assertEquals("no export GetTickCount64 for an FFM downcall", missing.getMessage());

        IllegalCallerException denied = assertThrows(IllegalCallerException.class,
                () -> ForeignLayers.bindByName(MethodHandles.lookup(), Denied.class.getName(), Object.class, "counters-test"));
        assertEquals("native access is not enabled for the class path (ALL-UNNAMED), so FFM downcalls would warn or be"
                + " refused; JNA serves instead", denied.getMessage());
        assertTrue(NativeAccess.isDenied(denied));
    }

    @Test
    void aBuildWithoutTheLayerSaysSo() {
        IllegalStateException absent = assertThrows(IllegalStateException.class,
                () -> ForeignLayers.bindByName(MethodHandles.lookup(), "dev.counters.nowhere.FfmLayer", Object.class, "counters-test"));
        assertEquals("this build of counters-test has no FFM binding (it was built on a JDK before 22)", absent.getMessage());
    }

    @Test
    void aDowncallsUncheckedThrowablesPassAndACheckedOneIsWrapped() {
        IllegalArgumentException runtime = new IllegalArgumentException("bad segment");
        assertSame(runtime, assertThrows(IllegalArgumentException.class, () -> ForeignLayers.downcallThrew("f", runtime)));
        StackOverflowError error = new StackOverflowError();
        assertSame(error, assertThrows(StackOverflowError.class, () -> ForeignLayers.downcallThrew("f", error)));

        IOException checked = new IOException("impossible");
        IllegalStateException wrapped = ForeignLayers.downcallThrew("GetTickCount64", checked);
        assertEquals("the FFM downcall to GetTickCount64 threw java.io.IOException: impossible", wrapped.getMessage());
        assertSame(checked, wrapped.getCause());
    }
}
