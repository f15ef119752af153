package dev.counters.windows.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.counters.CounterInfo;
import dev.counters.nativeaccess.Binding;
import dev.counters.nativeaccess.ForeignLayers;
import dev.counters.nativeaccess.LayerChoice;
import org.junit.jupiter.api.Test;

/** Why the process has no Win32 layer, as {@link WindowsSystem} reports it; runs on any OS. */
class WindowsSystemTest {
    @Test
    void whenNeitherBindsThereIsNoLayerAndBothReasonsAreGiven() {
        LayerChoice<WindowsCalls> chosen = LayerChoice.choose(25, () -> {
            throw new UnsatisfiedLinkError("no export GetTickCount64 for an FFM downcall");
        }, () -> Binding.of(() -> {
            throw new UnsatisfiedLinkError("Unable to load library 'kernel32'");
        }));

        assertTrue(chosen.calls().isEmpty());
        assertEquals("kernel32 could not be bound through JNA: UnsatisfiedLinkError: Unable to load library 'kernel32'"
                + " (FFM could not link: UnsatisfiedLinkError: no export GetTickCount64 for an FFM downcall)",
                WindowsSystem.unavailableReason(chosen));
    }

    @Test
    void aBoundLayerHasNoReason() {
        assertEquals("", WindowsSystem.unavailableReason(LayerChoice.choose(21, () -> null,
                () -> Binding.of(FakeWindowsCalls::new))));
    }

    /** The process's own choice on this OS, where no kernel32 exists: no layer, no exception, and the platform's reason. */
    @Test
    @OffWindows
    void offWindowsNothingIsBoundAndThePlatformIsTheReason() {
        LayerChoice<WindowsCalls> chosen = WindowsSystem.binding();

        assertTrue(chosen.calls().isEmpty());
        assertEquals(CounterInfo.Binding.JNA, chosen.name());
        assertTrue(WindowsSystem.unavailableReason().startsWith("counters-windows reads Win32 clocks and serves Windows only"),
                WindowsSystem.unavailableReason());
        assertTrue(Runtime.version().feature() >= ForeignLayers.RELEASE || chosen.ffmProblem().isEmpty());
    }
}
