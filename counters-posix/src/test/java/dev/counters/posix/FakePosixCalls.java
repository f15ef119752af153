package dev.counters.posix;

import dev.counters.spi.Scratch;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import java.util.function.IntFunction;

/**
 * A native layer that behaves like libc until told to fail: a failing call returns C's error
 * value and leaves the chosen {@code errno}, exactly as the kernel would, while every other call,
 * and {@code strerror}, goes to the real libc. Lets tests reach every failure path without
 * breaking the machine (or needing to lack root).
 */
final class FakePosixCalls implements PosixCalls, SchedulingCalls {
    /** The calls that can be made to fail. */
    enum Call { CLOCK_GETTIME, CLOCK_GETRES, GETRUSAGE, SYSCALL, SCHED_GETAFFINITY, SCHED_SETAFFINITY, GETPRIORITY, SETPRIORITY }

    static final int EPERM = 1;
    static final int EACCES = 13;
    static final int EFAULT = 14;
    static final int EINVAL = 22;

    private final JnaPosixCalls real = JnaPosixCalls.bind();
    private final List<Rule> rules = new ArrayList<>();
    private int fakedErrno = -1;
    private IntFunction<String> errorText = real::errorText;

    private record Rule(Call call, OptionalInt selector, int errno) {
        boolean matches(Call made, int firstArgument) {
            return call == made && (selector.isEmpty() || selector.getAsInt() == firstArgument);
        }
    }

    /** Makes every later {@code call} fail with {@code errno}. */
    FakePosixCalls fail(Call call, int errno) {
        rules.add(new Rule(call, OptionalInt.empty(), errno));
        return this;
    }

    /** Makes later {@code call}s whose first argument (clock id, {@code who}) is {@code selector} fail with {@code errno}. */
    FakePosixCalls fail(Call call, int selector, int errno) {
        rules.add(new Rule(call, OptionalInt.of(selector), errno));
        return this;
    }

    /** Makes {@code strerror} answer with {@code text} (which may return null or throw) instead of libc's. */
    FakePosixCalls errorText(IntFunction<String> text) {
        this.errorText = text;
        return this;
    }

    /** Lets every call through to libc again. */
    FakePosixCalls heal() {
        rules.clear();
        return this;
    }

    /** True, with {@code errno} set, when {@code call} must fail now. */
    private boolean fails(Call call, int firstArgument) {
        for (Rule rule : rules) {
            if (rule.matches(call, firstArgument)) {
                fakedErrno = rule.errno();
                return true;
            }
        }
        fakedErrno = -1;
        return false;
    }

    @Override
    public Scratch allocate(int bytes) {
        return real.allocate(bytes);
    }

    @Override
    public int clockGettime(int clockId, Scratch timespec) {
        return fails(Call.CLOCK_GETTIME, clockId) ? -1 : real.clockGettime(clockId, timespec);
    }

    @Override
    public int clockGetres(int clockId, Scratch timespec) {
        return fails(Call.CLOCK_GETRES, clockId) ? -1 : real.clockGetres(clockId, timespec);
    }

    @Override
    public int getrusage(int who, Scratch rusage) {
        return fails(Call.GETRUSAGE, who) ? -1 : real.getrusage(who, rusage);
    }

    @Override
    public long times(Scratch tms) {
        fakedErrno = -1;
        return real.times(tms);
    }

    @Override
    public long sysconf(int name) {
        fakedErrno = -1;
        return real.sysconf(name);
    }

    @Override
    public int lastError() {
        return fakedErrno >= 0 ? fakedErrno : real.lastError();
    }

    @Override
    public String errorText(int errno) {
        return errorText.apply(errno);
    }

    @Override
    public long syscall(long number) {
        return fails(Call.SYSCALL, (int) number) ? -1 : real.syscall(number);
    }

    @Override
    public int schedGetaffinity(int tid, long[] mask) {
        return fails(Call.SCHED_GETAFFINITY, tid) ? -1 : real.schedGetaffinity(tid, mask);
    }

    @Override
    public int schedSetaffinity(int tid, long[] mask) {
        return fails(Call.SCHED_SETAFFINITY, tid) ? -1 : real.schedSetaffinity(tid, mask);
    }

    @Override
    public int getpriority(int which, int who) {
        return fails(Call.GETPRIORITY, which) ? -1 : real.getpriority(which, who);
    }

    @Override
    public int setpriority(int which, int who, int nice) {
        return fails(Call.SETPRIORITY, which) ? -1 : real.setpriority(which, who, nice);
    }
}
