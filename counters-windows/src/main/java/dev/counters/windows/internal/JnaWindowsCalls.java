package dev.counters.windows.internal;

import com.sun.jna.Native;
import com.sun.jna.Pointer;
import com.sun.jna.platform.win32.Advapi32Util;
import com.sun.jna.platform.win32.BaseTSD.ULONG_PTRByReference;
import com.sun.jna.platform.win32.Kernel32;
import com.sun.jna.platform.win32.Kernel32Util;
import com.sun.jna.platform.win32.Win32Exception;
import com.sun.jna.platform.win32.WinDef.DWORD;
import com.sun.jna.platform.win32.WinNT.HANDLE;
import com.sun.jna.platform.win32.WinReg;
import dev.counters.CounterException;
import dev.counters.nativeaccess.Binding;
import dev.counters.nativeaccess.CodeBinder;
import dev.counters.nativeaccess.ExecutableCode;
import dev.counters.nativeaccess.NativeScratch;
import dev.counters.nativeaccess.Scratch;
import java.util.Optional;

/**
 * The real {@link WindowsCalls} layer. Calls on a counter's hot path go through the direct-mapped
 * declarations ({@link Kernel32Direct}, {@link WinmmDirect} and the optional exports), their
 * out-parameters as the addresses of direct {@link Scratch} memory; calls made once, at creation
 * or when adjusting a thread, reuse jna-platform's {@link Kernel32}.
 *
 * <p>{@link Native#getLastError()} is the {@code GetLastError()} JNA saved right after this
 * thread's last native call, so {@link #lastError()} must come straight after the failed call.
 */
final class JnaWindowsCalls implements WindowsCalls {

    private final Optional<String> preciseMissing;
    private final Optional<String> cycleMissing;
    private final Optional<String> winmmMissing;

    private JnaWindowsCalls() {
        preciseMissing = probe("GetSystemTimePreciseAsFileTime is not exported by kernel32 (it needs Windows 8 or later)",
                PreciseTimeDirect::bind);
        cycleMissing = probe("QueryThreadCycleTime/QueryProcessCycleTime are not exported by kernel32",
                CycleTimeDirect::bind);
        winmmMissing = probe("winmm's timer functions could not be bound", WinmmDirect::bind);
    }

    /**
     * Binds kernel32 and probes the optional exports.
     *
     * @throws LinkageError if JNA or kernel32 cannot be bound
     */
    static JnaWindowsCalls bind() {
        Kernel32Direct.bind();
        return new JnaWindowsCalls();
    }

    private static Optional<String> probe(String whenMissing, Runnable bind) {
        return Binding.of(() -> {
            bind.run();
            return whenMissing;
        }).failure().map(failure -> whenMissing + " (" + failure + ")");
    }

    @Override
    public Scratch allocate(int bytes) {
        return NativeScratch.allocate(bytes);
    }

    @Override
    public long getTickCount64() {
        return Kernel32Direct.GetTickCount64();
    }

    @Override
    public boolean queryPerformanceCounter(Scratch count) {
        return Kernel32Direct.QueryPerformanceCounter(count.address());
    }

    @Override
    public boolean queryPerformanceFrequency(long[] frequency) {
        return Kernel32Direct.QueryPerformanceFrequency(frequency);
    }

    @Override
    public void getSystemTimeAsFileTime(Scratch fileTime) {
        Kernel32Direct.GetSystemTimeAsFileTime(fileTime.address());
    }

    @Override
    public Optional<String> preciseSystemTimeMissing() {
        return preciseMissing;
    }

    @Override
    public void getSystemTimePreciseAsFileTime(Scratch fileTime) {
        PreciseTimeDirect.GetSystemTimePreciseAsFileTime(fileTime.address());
    }

    @Override
    public long getCurrentThread() {
        return Pointer.nativeValue(Kernel32.INSTANCE.GetCurrentThread().getPointer());
    }

    @Override
    public long getCurrentProcess() {
        return Pointer.nativeValue(Kernel32.INSTANCE.GetCurrentProcess().getPointer());
    }

    @Override
    public boolean getThreadTimes(long thread, Scratch times) {
        long at = times.address();
        return Kernel32Direct.GetThreadTimes(thread, at + TIMES_CREATION, at + TIMES_EXIT, at + TIMES_KERNEL, at + TIMES_USER);
    }

    @Override
    public boolean getProcessTimes(long process, Scratch times) {
        long at = times.address();
        return Kernel32Direct.GetProcessTimes(process, at + TIMES_CREATION, at + TIMES_EXIT, at + TIMES_KERNEL, at + TIMES_USER);
    }

    @Override
    public long openThread(int access, int threadId) {
        HANDLE thread = Kernel32.INSTANCE.OpenThread(access, false, threadId);
        return thread == null ? 0 : Pointer.nativeValue(thread.getPointer());
    }

    @Override
    public boolean closeHandle(long handle) {
        return Kernel32.INSTANCE.CloseHandle(handle(handle));
    }

    @Override
    public Optional<String> cycleTimeMissing() {
        return cycleMissing;
    }

    @Override
    public boolean queryThreadCycleTime(long thread, Scratch cycles) {
        return CycleTimeDirect.QueryThreadCycleTime(thread, cycles.address());
    }

    @Override
    public boolean queryProcessCycleTime(long process, Scratch cycles) {
        return CycleTimeDirect.QueryProcessCycleTime(process, cycles.address());
    }

    @Override
    public long processorMegahertz() {
        try {
            return Advapi32Util.registryGetIntValue(WinReg.HKEY_LOCAL_MACHINE, CPU_KEY, CPU_MHZ_VALUE);
        } catch (Win32Exception e) {
            throw CounterException.nativeFailure(CPU_MHZ_CALL, e.getErrorCode(), formatMessage(e.getErrorCode()));
        }
    }

    @Override
    public long virtualAlloc(long size, int protect) {
        return Kernel32Direct.VirtualAlloc(0, size, MEM_COMMIT | MEM_RESERVE, protect);
    }

    @Override
    public boolean virtualProtect(long address, long size, int newProtect) {
        return Kernel32Direct.VirtualProtect(address, size, newProtect, new int[1]);
    }

    @Override
    public boolean virtualFree(long address) {
        return Kernel32Direct.VirtualFree(address, 0, MEM_RELEASE);
    }

    @Override
    public boolean flushInstructionCache(long process, long address, long size) {
        return Kernel32Direct.FlushInstructionCache(process, address, size);
    }

    @Override
    public CodeBinder codeBinder() {
        return ExecutableCode.binder("kernel32");
    }

    @Override
    public long setThreadAffinityMask(long thread, long mask) {
        return Kernel32Direct.SetThreadAffinityMask(thread, mask);
    }

    @Override
    public boolean getProcessAffinityMask(long process, long[] processMask, long[] systemMask) {
        ULONG_PTRByReference processBits = new ULONG_PTRByReference();
        ULONG_PTRByReference systemBits = new ULONG_PTRByReference();
        if (!Kernel32.INSTANCE.GetProcessAffinityMask(handle(process), processBits, systemBits)) {
            return false;
        }
        processMask[0] = processBits.getValue().longValue();
        systemMask[0] = systemBits.getValue().longValue();
        return true;
    }

    @Override
    public int getPriorityClass(long process) {
        return Kernel32.INSTANCE.GetPriorityClass(handle(process)).intValue();
    }

    @Override
    public boolean setPriorityClass(long process, int priorityClass) {
        return Kernel32.INSTANCE.SetPriorityClass(handle(process), new DWORD(priorityClass));
    }

    @Override
    public int getThreadPriority(long thread) {
        return Kernel32.INSTANCE.GetThreadPriority(handle(thread));
    }

    @Override
    public boolean setThreadPriority(long thread, int priority) {
        return Kernel32.INSTANCE.SetThreadPriority(handle(thread), priority);
    }

    @Override
    public Optional<String> winmmMissing() {
        return winmmMissing;
    }

    @Override
    public int timeGetTime() {
        return WinmmDirect.timeGetTime();
    }

    @Override
    public int timeBeginPeriod(int milliseconds) {
        return WinmmDirect.timeBeginPeriod(milliseconds);
    }

    @Override
    public int timeEndPeriod(int milliseconds) {
        return WinmmDirect.timeEndPeriod(milliseconds);
    }

    @Override
    public int timeGetDevCaps(int[] caps) {
        return WinmmDirect.timeGetDevCaps(caps, 2 * Integer.BYTES);
    }

    @Override
    public int lastError() {
        return Native.getLastError();
    }

    @Override
    public String formatMessage(int errorCode) {
        try {
            return Kernel32Util.formatMessage(errorCode).trim();
        } catch (RuntimeException noText) {
            return "";
        }
    }

    private static HANDLE handle(long value) {
        return new HANDLE(new Pointer(value));
    }
}
