/*
 * A seccomp filter that makes clock_gettime fail with EINVAL on CPU-time clocks (the process and
 * thread clocks 2 and 3, and the negative ids pthread_getcpuclockid gives) for the calling thread
 * only, the way a sandbox or a broken kernel would. Every other system call, and every other
 * clock, is left alone. Built by ThreadCpuClockFailureTest with gcc, and loaded through JNA.
 */
#include <errno.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <stddef.h>
#include <sys/prctl.h>
#include <sys/syscall.h>

int fail_cpu_clocks(void) {
    struct sock_filter filter[] = {
        BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr)),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_clock_gettime, 0, 5),
        /* the low 32 bits of the clock id (a clockid_t is an int) */
        BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, args[0])),
        BPF_JUMP(BPF_JMP | BPF_JGE | BPF_K, 0x80000000u, 2, 0),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, 3 /* CLOCK_THREAD_CPUTIME_ID */, 1, 0),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, 2 /* CLOCK_PROCESS_CPUTIME_ID */, 0, 1),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | EINVAL),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
    };
    struct sock_fprog program = {
        .len = (unsigned short) (sizeof(filter) / sizeof(filter[0])),
        .filter = filter,
    };
    if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) {
        return -1;
    }
    return prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &program, 0, 0);
}
