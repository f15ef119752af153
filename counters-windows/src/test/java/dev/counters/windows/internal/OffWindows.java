package dev.counters.windows.internal;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.Tag;

/**
 * Marks tests of how the real module behaves on an OS that is not Windows; the Wine script
 * excludes the tag, as surefire excludes {@link RealWindowsCalls} on Linux.
 */
@Target({ElementType.TYPE, ElementType.METHOD})
@Retention(RetentionPolicy.RUNTIME)
@Tag(OffWindows.TAG)
@interface OffWindows {
    String TAG = "non-windows";
}
