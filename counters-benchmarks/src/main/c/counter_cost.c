/*
 * counter_cost: the native cost of the OS calls behind each counter kind, per start+stop pair.
 *
 * This is the physical limit the Java counters are compared with (docs/PERFORMANCE.md). Each
 * baseline makes exactly the calls a counter makes on start() and again on stop(), from C, with
 * nothing in between. A baseline's figure is the median over several batches of the mean cost of
 * one pair in that batch, so a batch disturbed by another process does not move it.
 *
 * Build: gcc -O2 -o counter_cost counter_cost.c -lpthread
 * Run:   counter_cost [--batches N] [--batch-ms MS] [--threads N] [--only NAME[,NAME...]]
 *   --threads N   starts N idle threads first: getrusage(RUSAGE_SELF) and CLOCK_PROCESS_CPUTIME_ID
 *                 sum over every thread of the process, so the process baselines must run with as
 *                 many threads as the JVM they are compared with.
 * Output: one JSON object, {"baselines": {"name": {"median_ns": ..., "min_ns": ..., ...}}, ...}.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <inttypes.h>
#include <linux/perf_event.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>
#if defined(__x86_64__) || defined(__i386__)
#include <x86intrin.h>
#endif

static volatile uint64_t sink; /* every reading flows here, so the compiler cannot drop a call */
static int perf_fd = -1;

static inline uint64_t ts_ns(const struct timespec *ts) {
    return (uint64_t)ts->tv_sec * 1000000000u + (uint64_t)ts->tv_nsec;
}

static inline uint64_t tv_us(const struct timeval *tv) {
    return (uint64_t)tv->tv_sec * 1000000u + (uint64_t)tv->tv_usec;
}

static inline uint64_t clock_read(clockid_t id) {
    struct timespec ts;
    if (clock_gettime(id, &ts) != 0) {
        perror("clock_gettime");
        exit(2);
    }
    return ts_ns(&ts);
}

static inline uint64_t rusage_read(int who) {
    struct rusage ru;
    if (getrusage(who, &ru) != 0) {
        perror("getrusage");
        exit(2);
    }
    return tv_us(&ru.ru_utime) + tv_us(&ru.ru_stime);
}

/* One counter reading of a CPU-times kind: the split from getrusage, the total from the clock. */
static inline uint64_t cpu_times_read(int who, clockid_t id) {
    uint64_t split = rusage_read(who);
    return split + clock_read(id);
}

static inline uint64_t perf_read(void) {
    uint64_t value;
    if (read(perf_fd, &value, sizeof value) != sizeof value) {
        perror("read(perf_event fd)");
        exit(2);
    }
    return value;
}

/* Each pair function runs n start+stop pairs of one reading and returns the sum of the intervals. */
#define READING_PAIR(fn, reading)                               \
    static uint64_t fn(uint64_t n) {                            \
        uint64_t sum = 0;                                       \
        for (uint64_t i = 0; i < n; i++) {                      \
            uint64_t start = reading;                           \
            uint64_t end = reading;                             \
            sum += end - start;                                 \
        }                                                       \
        return sum;                                             \
    }

READING_PAIR(monotonic_pair, clock_read(CLOCK_MONOTONIC))
READING_PAIR(monotonic_coarse_pair, clock_read(CLOCK_MONOTONIC_COARSE))
READING_PAIR(boottime_pair, clock_read(CLOCK_BOOTTIME))
READING_PAIR(realtime_pair, clock_read(CLOCK_REALTIME))
READING_PAIR(thread_cputime_pair, clock_read(CLOCK_THREAD_CPUTIME_ID))
READING_PAIR(process_cputime_pair, clock_read(CLOCK_PROCESS_CPUTIME_ID))
READING_PAIR(thread_times_pair, cpu_times_read(RUSAGE_THREAD, CLOCK_THREAD_CPUTIME_ID))
READING_PAIR(process_times_pair, cpu_times_read(RUSAGE_SELF, CLOCK_PROCESS_CPUTIME_ID))
READING_PAIR(rusage_thread_pair, rusage_read(RUSAGE_THREAD))
READING_PAIR(rusage_self_pair, rusage_read(RUSAGE_SELF))
READING_PAIR(perf_read_pair, perf_read())

/* The processor's counter as counters-measure reads it: serialised, then read. */
#if defined(__x86_64__) || defined(__i386__)
#define HAVE_CYCLE_READ 1
#define CYCLE_READ_CALLS "lfence; rdtsc"
static inline uint64_t cycle_read(void) {
    _mm_lfence();
    return __rdtsc();
}
#elif defined(__aarch64__)
#define HAVE_CYCLE_READ 1
#define CYCLE_READ_CALLS "isb; mrs cntvct_el0"
static inline uint64_t cycle_read(void) {
    uint64_t value;
    __asm__ volatile("isb; mrs %0, cntvct_el0" : "=r"(value) : : "memory");
    return value;
}
#endif

#ifdef HAVE_CYCLE_READ
READING_PAIR(cycles_pair, cycle_read())
#endif

struct baseline {
    const char *name;
    const char *calls; /* what one reading calls, as the table names it */
    uint64_t (*pair)(uint64_t n);
};

static const struct baseline BASELINES[] = {
    {"monotonic", "clock_gettime(CLOCK_MONOTONIC)", monotonic_pair},
    {"monotonic_coarse", "clock_gettime(CLOCK_MONOTONIC_COARSE)", monotonic_coarse_pair},
    {"boottime", "clock_gettime(CLOCK_BOOTTIME)", boottime_pair},
    {"realtime", "clock_gettime(CLOCK_REALTIME)", realtime_pair},
    {"thread_times", "getrusage(RUSAGE_THREAD) + clock_gettime(CLOCK_THREAD_CPUTIME_ID)", thread_times_pair},
    {"thread_cputime", "clock_gettime(CLOCK_THREAD_CPUTIME_ID)", thread_cputime_pair},
    {"rusage_thread", "getrusage(RUSAGE_THREAD)", rusage_thread_pair},
    {"process_times", "getrusage(RUSAGE_SELF) + clock_gettime(CLOCK_PROCESS_CPUTIME_ID)", process_times_pair},
    {"process_cputime", "clock_gettime(CLOCK_PROCESS_CPUTIME_ID)", process_cputime_pair},
    {"rusage_self", "getrusage(RUSAGE_SELF)", rusage_self_pair},
#ifdef HAVE_CYCLE_READ
    {"cycles", CYCLE_READ_CALLS, cycles_pair},
#endif
    {"perf_thread_cycles", "read(perf_event_open(PERF_COUNT_HW_CPU_CYCLES, this thread))", perf_read_pair},
};

static uint64_t now_ns(void) {
    return clock_read(CLOCK_MONOTONIC);
}

static int compare_doubles(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* How many pairs make a batch of about batch_ns, found by doubling. */
static uint64_t calibrate(const struct baseline *b, uint64_t batch_ns) {
    uint64_t n = 16;
    for (;;) {
        uint64_t t0 = now_ns();
        sink += b->pair(n);
        uint64_t elapsed = now_ns() - t0;
        if (elapsed >= batch_ns / 4 || n >= (UINT64_C(1) << 40)) {
            double per_pair = (double)elapsed / (double)n;
            uint64_t pairs = (uint64_t)((double)batch_ns / (per_pair > 0 ? per_pair : 1));
            return pairs > 0 ? pairs : 1;
        }
        n *= 2;
    }
}

static void measure(const struct baseline *b, int batches, uint64_t batch_ns, int first) {
    uint64_t pairs = calibrate(b, batch_ns);
    double *per_pair = calloc((size_t)batches, sizeof *per_pair);
    if (per_pair == NULL) {
        perror("calloc");
        exit(2);
    }
    sink += b->pair(pairs); /* warm-up batch, not counted */
    for (int i = 0; i < batches; i++) {
        uint64_t t0 = now_ns();
        sink += b->pair(pairs);
        per_pair[i] = (double)(now_ns() - t0) / (double)pairs;
    }
    qsort(per_pair, (size_t)batches, sizeof *per_pair, compare_doubles);
    double median = batches % 2 ? per_pair[batches / 2] : (per_pair[batches / 2 - 1] + per_pair[batches / 2]) / 2;
    printf("%s\n    \"%s\": {\"calls\": \"%s\", \"median_ns\": %.2f, \"min_ns\": %.2f, \"max_ns\": %.2f, "
           "\"batches\": %d, \"pairs_per_batch\": %" PRIu64 "}",
           first ? "" : ",", b->name, b->calls, median, per_pair[0], per_pair[batches - 1], batches, pairs);
    fflush(stdout);
    free(per_pair);
}

static void *idle_thread(void *unused) {
    (void)unused;
    for (;;) {
        pause();
    }
    return NULL;
}

static void start_idle_threads(int count) {
    for (int i = 0; i < count; i++) {
        pthread_t thread;
        int rc = pthread_create(&thread, NULL, idle_thread, NULL);
        if (rc != 0) {
            fprintf(stderr, "pthread_create: %s\n", strerror(rc));
            exit(2);
        }
        pthread_detach(thread);
    }
}

/* Opens a cycle counter for this thread; leaves perf_fd at -1 where the kernel refuses. */
static const char *open_perf_counter(void) {
    struct perf_event_attr attr;
    memset(&attr, 0, sizeof attr);
    attr.size = sizeof attr;
    attr.type = PERF_TYPE_HARDWARE;
    attr.config = PERF_COUNT_HW_CPU_CYCLES;
    attr.exclude_kernel = 1;
    attr.exclude_hv = 1;
    perf_fd = (int)syscall(SYS_perf_event_open, &attr, 0, -1, -1, 0);
    return perf_fd < 0 ? strerror(errno) : NULL;
}

static int selected(const char *only, const char *name) {
    if (only == NULL) {
        return 1;
    }
    size_t len = strlen(name);
    for (const char *p = only; (p = strstr(p, name)) != NULL; p += len) {
        if ((p == only || p[-1] == ',') && (p[len] == ',' || p[len] == '\0')) {
            return 1;
        }
    }
    return 0;
}

static void usage(const char *program) {
    fprintf(stderr, "usage: %s [--batches N] [--batch-ms MS] [--threads N] [--only NAME[,NAME...]]\n", program);
    exit(64);
}

int main(int argc, char **argv) {
    int batches = 15;
    long batch_ms = 20;
    int threads = 0;
    const char *only = NULL;
    for (int i = 1; i < argc; i++) {
        if (i + 1 < argc && strcmp(argv[i], "--batches") == 0) {
            batches = atoi(argv[++i]);
        } else if (i + 1 < argc && strcmp(argv[i], "--batch-ms") == 0) {
            batch_ms = atol(argv[++i]);
        } else if (i + 1 < argc && strcmp(argv[i], "--threads") == 0) {
            threads = atoi(argv[++i]);
        } else if (i + 1 < argc && strcmp(argv[i], "--only") == 0) {
            only = argv[++i];
        } else {
            usage(argv[0]);
        }
    }
    if (batches < 1 || batch_ms < 1 || threads < 0) {
        usage(argv[0]);
    }
    start_idle_threads(threads);
    const char *perf_error = open_perf_counter();

    printf("{\n  \"threads\": %d,\n  \"batches\": %d,\n  \"batch_ms\": %ld,\n  \"baselines\": {", threads + 1, batches, batch_ms);
    int first = 1;
    for (size_t i = 0; i < sizeof BASELINES / sizeof BASELINES[0]; i++) {
        const struct baseline *b = &BASELINES[i];
        if (!selected(only, b->name) || (b->pair == perf_read_pair && perf_fd < 0)) {
            continue;
        }
        measure(b, batches, (uint64_t)batch_ms * 1000000u, first);
        first = 0;
    }
    printf("\n  },\n  \"unavailable\": {");
    if (perf_error != NULL && selected(only, "perf_thread_cycles")) {
        printf("\"perf_thread_cycles\": \"perf_event_open: %s\"", perf_error);
    }
    printf("}\n}\n");
    return 0;
}
