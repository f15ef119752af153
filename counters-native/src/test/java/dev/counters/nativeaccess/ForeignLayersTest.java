package dev.counters.nativeaccess;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import org.junit.jupiter.api.Test;

/** What an FFM layer's failures look like to the platform module that chooses. */
class ForeignLayersTest {
    @Test
    void aLayerDeniedNativeAccessSaysForWhomAndIsRecognisedAsADenial() {
        IllegalCallerException denied = ForeignLayers.nativeAccessNotEnabled(ForeignLayersTest.class.getModule());
        assertEquals("native access is not enabled for the class path (ALL-UNNAMED), so FFM downcalls would warn or be"
                + " refused", denied.getMessage());
        assertTrue(NativeAccess.isDenied(denied));
        assertEquals("native access is not enabled for module java.base, so FFM downcalls would warn or be refused",
                ForeignLayers.nativeAccessNotEnabled(Object.class.getModule()).getMessage());
    }

    @Test
    void aBuildWithoutTheFfmClassesSaysHowToGetThem() {
        assertEquals("this build of counters-test has no FFM classes: it was built where Maven found no JDK 22+"
                + " (see the README, \"Building\")", ForeignLayers.notInThisBuild("counters-test").getMessage());
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
