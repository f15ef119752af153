package dev.counters.windows.internal;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.Tag;

/**
 * Marks tests that call the real Win32 layer. Surefire excludes the tag on the Linux build;
 * {@code scripts/windows-tests-under-wine.sh} runs exactly these with a Windows JDK under Wine.
 */
@Target({ElementType.TYPE, ElementType.METHOD})
@Retention(RetentionPolicy.RUNTIME)
@Tag(RealWindowsCalls.TAG)
public @interface RealWindowsCalls {
    String TAG = "windows";
}
