#!/usr/bin/env python3
"""Summarises the JSON reports scripts/compare-trials.sh collected in DIR (one per process).

  compare_trials_summary.py [DIR]              the built-in workload (xorshift) scenarios
  compare_trials_summary.py --real DIR         the real-code pairs of issue #28, against the truth or JMH
  compare_trials_summary.py --identical DIR    A against A: the identical-task settings of issue #28

xorshift: per load (idle, busy, busy2) and scenario: how often the overall verdict was right (the expected
verdict AND an interval holding the true ratio), false alarms (slower or faster when B = A), the
median time to the verdict (the comparison's own elapsed time, warm-up included; the process adds
JVM start), the interval coverage per clock, and the machine's state as the noise report and uptime
saw it. Then, per load, the load witnesses the noise reports read (to set MachineLoad's thresholds),
and, where the reports list every pair (--every-pair), the order-statistic interval of the thread CPU
ratios against a percentile bootstrap and a moving-block bootstrap of the same pairs.

--real and --identical: per load and pair (or setting), the verdicts, how often the interval holds
the truth (or, without a constructed truth, overlaps JMH's 99% interval from DIR/jmh), the confident
wrong verdicts, the process times and load averages, then each target of issue #28 as met, not met
or not measured. Every figure comes from DIR.
"""
import json
import math
import os
import random
import statistics
import sys

LOADS = {
    "idle": "no spin loop (\"idle\")",
    "busy": "one core kept busy by a spin loop",
    "busy2": "both cores kept busy by two spin loops",
}
RESAMPLES = 1000
BLOCK = 8  # pairs per block of the moving-block bootstrap: two ABBA blocks

A = 2_000_000
SCENARIOS = {
    "p5": ("slower", 2_100_000, "B = 1.05 x A, pairs, 5 s budget"),
    "p1": ("slower", 2_020_000, "B = 1.01 x A, pairs, 10 s budget"),
    "p05": ("slower", 2_010_000, "B = 1.005 x A, pairs, 30 s budget"),
    "aa": ("indistinguishable", 2_000_000, "B = A, pairs, 5 s budget"),
    "naive-p5": ("slower", 2_100_000, "B = 1.05 x A, sequential (naive), 5 s"),
    "naive-aa": ("indistinguishable", 2_000_000, "B = A, sequential (naive), 5 s"),
    "duet-p5": ("slower", 2_100_000, "B = 1.05 x A, duet (A and B at once, pinned), 5 s"),
    "duet-p1": ("slower", 2_020_000, "B = 1.01 x A, duet, 10 s"),
    "duet-aa": ("indistinguishable", 2_000_000, "B = A, duet, 5 s"),
}


def clock(report, name):
    return next(c for c in report["clocks"] if c["clock"] == name)


def main(folder):
    runs = {}
    for name in sorted(os.listdir(folder)):
        if name.endswith(".json") and name.count("-") >= 2:
            load, rest = name.split("-", 1)
            scenario = rest[: rest.rindex("-")]
            with open(os.path.join(folder, name)) as f:
                runs.setdefault((load, scenario), []).append(json.load(f))
    context = {}
    path = os.path.join(folder, "elapsed.txt")
    if os.path.exists(path):
        for line in open(path):
            parts = line.split()
            context.setdefault((parts[0], parts[1]), []).append(
                (float(parts[3]), float(parts[4]), float(parts[7]) if len(parts) > 7 else 0.0))
    linearity = os.path.join(folder, "linearity.json")
    if os.path.exists(linearity):
        with open(linearity) as f:
            lin = json.load(f)
        r = clock(lin, "thread CPU")
        print("Linearity: 4,000,000 against 2,000,000 steps, thread CPU B/A %.4f [%.4f, %.4f] (2 if the workload has no "
              "fixed part; fixed part = (2 - r) / (r - 1) x A)\n" % (r["ratio"], r["ratio_low"], r["ratio_high"]))
    for load in LOADS:
        rows = [(s, runs[(load, s)]) for s in SCENARIOS if (load, s) in runs]
        if not rows:
            continue
        print("### %s\n" % LOADS[load])
        print("| scenario | runs | right (verdict and interval) | false alarms | verdicts | median time to verdict s (max) "
              "| coverage: overall / wall / CPU | wall pairs set aside (median) | machine loaded | load avg (median) "
              "| steal (max) |")
        print("|---|---|---|---|---|---|---|---|---|---|---|")
        for scenario, reports in rows:
            verdict, b, title = SCENARIOS[scenario]
            truth = b / A
            right = sum(1 for r in reports if r["verdict"] == verdict and r["ratio_low"] <= truth <= r["ratio_high"])
            alarms = sum(1 for r in reports if r["verdict"] in ("slower", "faster")) if verdict == "indistinguishable" \
                else sum(1 for r in reports if r["verdict"] == "faster")
            counts = {}
            for r in reports:
                counts[r["verdict"]] = counts.get(r["verdict"], 0) + 1
            elapsed = [r["run"][0]["elapsed_ns"] / 1e9 for r in reports]
            cover = sum(1 for r in reports if r["ratio_low"] <= truth <= r["ratio_high"])
            cover_wall = sum(1 for r in reports if clock(r, "wall")["ratio_low"] <= truth <= clock(r, "wall")["ratio_high"])
            cover_cpu = sum(1 for r in reports
                            if clock(r, "thread CPU")["ratio_low"] <= truth <= clock(r, "thread CPU")["ratio_high"])
            aside = statistics.median(clock(r, "wall")["pairs_set_aside"] for r in reports)
            loaded = sum(1 for r in reports if r["machine"] == "loaded")
            ctx = context.get((load, scenario), [])
            loadavg = "%.1f" % statistics.median(c[1] for c in ctx) if ctx else "-"
            steal = "%.1f%%" % (100 * max(c[2] for c in ctx)) if ctx else "-"
            print("| %s: %s | %d | **%d / %d** | %s | %s | %.1f (%.1f) | %d / %d / %d | %.0f | %d | %s | %s |" % (
                scenario, title, len(reports), right, len(reports),
                "%d" % alarms, ", ".join("%s %d" % kv for kv in sorted(counts.items())),
                statistics.median(elapsed), max(elapsed), cover, cover_wall, cover_cpu, aside, loaded, loadavg, steal))
        print()
    witnesses(runs)
    intervals(runs)


def spread(values, fmt):
    return (fmt + " (" + fmt + "-" + fmt + ")") % (statistics.median(values), min(values), max(values))


def witnesses(runs):
    """The load witnesses over every run of a load: median (min-max)."""
    print("### Load witnesses per load: median (min-max) over every process\n")
    print("| load | processes | other runnable | other processes' CPU | involuntary switches / s | involuntary switches "
          "| preempted runs | steal | reported loaded |")
    print("|---|---|---|---|---|---|---|---|---|")
    for load in LOADS:
        noise = [r["noise"][0] for (l, _), reports in runs.items() if l == load for r in reports]
        machine = [r["machine"] for (l, _), reports in runs.items() if l == load for r in reports]
        if not noise:
            continue
        other_cpu = [100.0 * n["other_cpu_share"] for n in noise if n.get("other_cpu_share") is not None]
        print("| %s | %d | %s | %s | %s | %s | %s | %s | %d |" % (
            load, len(noise),
            spread([n["other_runnable"] for n in noise], "%.1f"),
            spread(other_cpu, "%.0f%%") if other_cpu else "not read",
            spread([n["involuntary_per_second"] for n in noise], "%.0f"),
            spread([n["involuntary_switches"] for n in noise], "%d"),
            spread([100.0 * n["preempted_runs"] / max(1, n["runs"]) for n in noise], "%.0f%%"),
            spread([100.0 * n["steal_share"] for n in noise], "%.1f%%"),
            machine.count("loaded")))
    print()


def percentile_bootstrap(ratios, confidence, rng):
    medians = sorted(statistics.median(rng.choices(ratios, k=len(ratios))) for _ in range(RESAMPLES))
    tail = (1 - confidence) / 2
    return medians[int(tail * RESAMPLES)], medians[min(RESAMPLES - 1, int((1 - tail) * RESAMPLES))]


def block_bootstrap(ratios, confidence, rng):
    n = len(ratios)
    blocks = max(1, n // BLOCK)
    starts = range(0, max(1, n - BLOCK + 1))
    medians = []
    for _ in range(RESAMPLES):
        sample = []
        for start in rng.choices(starts, k=blocks):
            sample.extend(ratios[start:start + BLOCK])
        medians.append(statistics.median(sample))
    medians.sort()
    tail = (1 - confidence) / 2
    return medians[int(tail * RESAMPLES)], medians[min(RESAMPLES - 1, int((1 - tail) * RESAMPLES))]


def intervals(runs):
    """Order-statistic interval (as reported) against bootstraps of the same thread CPU pairs."""
    rows = [(load, s, runs[(load, s)]) for load in LOADS for s in SCENARIOS
            if (load, s) in runs and "pairs" in runs[(load, s)][0] and not s.startswith("naive")]
    if not rows:
        return
    print("### Thread CPU intervals: order statistics (as reported) against bootstraps of the same pairs\n")
    print("Each cell: runs whose 99%% interval holds the true ratio / runs, and the median relative half-width. "
          "Bootstrap: %d resamples of the pairs (percentile), or of moving blocks of %d pairs (dependence kept); "
          "fixed seed.\n" % (RESAMPLES, BLOCK))
    print("| load | scenario | order statistics | percentile bootstrap | block bootstrap |")
    print("|---|---|---|---|---|")
    rng = random.Random(2026)
    for load, scenario, reports in rows:
        truth = SCENARIOS[scenario][1] / A
        cells = {"os": [], "pb": [], "bb": []}
        for r in reports:
            ratios = [p["cpu_ratio"] for p in r["pairs"]]
            c = clock(r, "thread CPU")
            confidence = r["parameters"]["confidence"]
            median = statistics.median(ratios)
            for key, (low, high) in (("os", (c["ratio_low"], c["ratio_high"])),
                                     ("pb", percentile_bootstrap(ratios, confidence, rng)),
                                     ("bb", block_bootstrap(ratios, confidence, rng))):
                cells[key].append((low <= truth <= high, (high - low) / 2 / median))
        print("| %s | %s | %s |" % (load, scenario, " | ".join(
            "%d / %d, ±%.2f%%" % (sum(1 for hit, _ in cells[k] if hit), len(cells[k]),
                                   100 * statistics.median(w for _, w in cells[k])) for k in ("os", "pb", "bb"))))
    print()


# The real-code pairs of --set real: (truth or None, what the pair is, A's class, B's class). Without a
# constructed truth, the reference is JMH's (scripts/compare-trials.sh --jmh, kept in DIR/jmh).
TRIALS = "dev.counters.cli.trials."
REAL = {
    "same": (1.0, "identical code, two class names (CRC32 of 64 KiB)", "Crc32Work$Base", "Crc32Work$Same"),
    "crc1": (1.01, "CRC32, B makes 1% more rounds over one array (60 s budget)", "Crc32Rounds$Base", "Crc32Rounds$Plus1"),
    "crc5": (1.05, "CRC32, B makes 5% more rounds over one array", "Crc32Rounds$Base", "Crc32Rounds$Plus5"),
    "lookups": (None, "HashMap against TreeMap lookups (cache-sensitive)", "Lookups$Hash", "Lookups$Tree"),
    "alloc": (None, "int[] against boxed ArrayList (allocation, GC)", "Everyday$PrimitiveArray", "Everyday$BoxedList"),
    "threads": (None, "Arrays.sort against parallelSort (other threads)", "Everyday$Sort", "Everyday$ParallelSort"),
    "wait": (None, "parkNanos 2 ms against 3 ms (waiting)", "Everyday$Wait2ms", "Everyday$Wait3ms"),
    "regex": (None, "split by hand against Pattern.split", "Everyday$ManualSplit", "Everyday$RegexSplit"),
    "strings": (None, "StringBuilder against += (string building)", "Everyday$Builder", "Everyday$Concat"),
    "deque": (None, "ArrayDeque against LinkedList as a queue (linked structure)", "Fresh$ArrayQueue", "Fresh$LinkedQueue"),
    "sortms": (None, "sort of 1,000,000 against 1,200,000 ints (tens of ms a run)", "Fresh$SortMillion",
               "Fresh$SortMillionTwo"),
    "stream": (None, "loop against stream pipeline", "Fresh$LoopSum", "Fresh$StreamSum"),
    "checksum": (None, "CRC32C against Adler-32 of 64 KiB", "Fresh$Crc32c", "Fresh$Adler"),
    "twin": (1.0, "identical code, two class names (HashMap word count)", "Fresh$WordCount", "Fresh$WordCountTwin"),
}
# The identical-task settings of --set identical: truth 1.
IDENTICAL = {
    "same-object": "the same object as A and B (Arrays.sort of 20,000 ints)",
    "same-class": "the same class twice (Arrays.sort of 20,000 ints)",
    "aa": "built-in workload, 20,000 steps A against A, alternating, forks",
    "aa-duet": "built-in workload, 20,000 steps A against A, duet, forks",
}
DECISIVE = ("slower", "faster", "indistinguishable")
REFERENCE_CONFIDENCE = 0.99


def student_t_quantile(p, df):
    """The p-quantile (p > 0.5) of Student's t with df degrees of freedom (df may be fractional, Welch's)."""
    def beta_fraction(a, b, x):
        # The continued fraction of the regularized incomplete beta function (Lentz's method).
        tiny = 1e-300
        c, d = 1.0, 1.0 - (a + b) * x / (a + 1)
        d = 1 / (d if abs(d) > tiny else tiny)
        h = d
        for m in range(1, 300):
            for numerator in (m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m)),
                              -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1))):
                d = 1 + numerator * d
                d = 1 / (d if abs(d) > tiny else tiny)
                c = 1 + numerator / c
                c = c if abs(c) > tiny else tiny
                h *= d * c
        return h

    def upper_tail(t):
        x = df / (df + t * t)
        a, b = df / 2, 0.5
        front = math.exp(math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x) + b * math.log(1 - x))
        incomplete = front * beta_fraction(a, b, x) / a if x < (a + 1) / (a + b + 2) \
            else 1 - front * beta_fraction(b, a, 1 - x) / b
        return incomplete / 2

    low, high = 0.0, 1e4
    for _ in range(200):
        middle = (low + high) / 2
        if upper_tail(middle) > 1 - p:
            low = middle
        else:
            high = middle
    return (low + high) / 2


def fork_means(path):
    """Each JMH fork's mean score (its measurement iterations' mean), from a -rf json result."""
    with open(path) as f:
        result = json.load(f)[0]
    return [statistics.fmean(fork) for fork in result["primaryMetric"]["rawData"]], result["primaryMetric"]["scoreUnit"]


def welch(forks_a, forks_b):
    """B/A and its 99% interval: Welch's t over the logarithms of the two tasks' fork means (each fork one
    sample, as the forked Compare does), exponentiated."""
    logs_a, logs_b = [math.log(v) for v in forks_a], [math.log(v) for v in forks_b]
    var_a, var_b = statistics.variance(logs_a) / len(logs_a), statistics.variance(logs_b) / len(logs_b)
    error = math.sqrt(var_a + var_b)
    df = (var_a + var_b) ** 2 / (var_a ** 2 / (len(logs_a) - 1) + var_b ** 2 / (len(logs_b) - 1)) \
        if error > 0 else 1e9
    half = student_t_quantile(1 - (1 - REFERENCE_CONFIDENCE) / 2, df) * error
    log_ratio = statistics.fmean(logs_b) - statistics.fmean(logs_a)
    return math.exp(log_ratio), math.exp(log_ratio - half), math.exp(log_ratio + half)


def jmh_reference(folder):
    """Per pair, JMH's B/A from the -f 3 run of compare-trials.sh --jmh (DIR/jmh), measured once before
    the loads, with JMH's time for the two tasks. Empty when DIR/jmh holds no results."""
    base = os.path.join(folder, "jmh")
    seconds = {}
    if os.path.exists(os.path.join(base, "elapsed.txt")):
        for line in open(os.path.join(base, "elapsed.txt")):
            fields = line.split()
            seconds[fields[0]] = (float(fields[1]), float(fields[2]))
    reference = {}
    for pair, (_, _, a, b) in REAL.items():
        paths = [os.path.join(base, TRIALS + name + ".json") for name in (a, b)]
        if not all(os.path.exists(path) for path in paths):
            continue
        (forks_a, unit), (forks_b, _) = fork_means(paths[0]), fork_means(paths[1])
        ratio, low, high = welch(forks_a, forks_b)
        times = [seconds.get(TRIALS + name) for name in (a, b)]
        reference[pair] = {
            "ratio": ratio, "low": low, "high": high, "width": high / low,
            "a": statistics.fmean(forks_a), "b": statistics.fmean(forks_b), "unit": unit,
            "forks": "%d + %d" % (len(forks_a), len(forks_b)),
            "seconds": sum(t[0] for t in times) if all(times) else None,
            "load": max(t[1] for t in times) if all(times) else None,
        }
    return reference


def jmh_along_reference(folder, load):
    """Per pair, JMH's B/A from the runs compare-trials.sh --jmh-along made beside the processes of this
    load (DIR/jmh-along/LOAD, one file per task and trial): the interval over all their forks, and the
    median width and time of JMH's -f 3 runs among them (a file of one fork each is grouped by three
    trials: 1-3, 4-6, ...). Empty when the load has no such runs."""
    base = os.path.join(folder, "jmh-along", load)
    seconds = {}
    if os.path.exists(os.path.join(base, "elapsed.txt")):
        for line in open(os.path.join(base, "elapsed.txt")):
            fields = line.split()
            seconds[(fields[0], fields[1])] = float(fields[2])
    reference = {}
    for pair, (_, _, a, b) in REAL.items():
        files = {}
        for name in (a, b):
            for i in range(1, 1000):
                path = os.path.join(base, "%s%s-%d.json" % (TRIALS, name, i))
                if os.path.exists(path):
                    means, unit = fork_means(path)
                    files.setdefault(name, []).append((str(i), means))
        trials = [i for i, _ in files.get(a, [])]
        if not trials or [i for i, _ in files.get(b, [])] != trials:
            continue
        runs = []  # (trials, A's forks, B's forks) of each JMH run of -f 3
        singles = [(i, fa, fb) for (i, fa), (_, fb) in zip(files[a], files[b]) if len(fa) == 1]
        for k in range(0, len(singles) - 2, 3):
            group = singles[k:k + 3]
            runs.append(([i for i, _, _ in group], [f for _, fa, _ in group for f in fa], [f for _, _, fb in group for f in fb]))
        runs += [([i], fa, fb) for (i, fa), (_, fb) in zip(files[a], files[b]) if len(fa) > 1]
        if not runs:
            continue
        forks_a = [f for _, fa in files[a] for f in fa]
        forks_b = [f for _, fb in files[b] for f in fb]
        ratio, low, high = welch(forks_a, forks_b)
        widths, times, run_ratios = [], [], []
        for run_trials, fa, fb in runs:
            r, lo, hi = welch(fa, fb)
            widths.append(hi / lo)
            run_ratios.append(r)
            times.append(sum(seconds.get((TRIALS + name, i), float("nan")) for name in (a, b) for i in run_trials))
        reference[pair] = {
            "ratio": ratio, "low": low, "high": high, "width": statistics.median(widths),
            "a": statistics.fmean(forks_a), "b": statistics.fmean(forks_b), "unit": unit,
            "a_range": (min(forks_a), max(forks_a)), "b_range": (min(forks_b), max(forks_b)),
            "runs": run_ratios, "widths": widths, "grouped": any(len(t) > 1 for t, _, _ in runs),
            "forks": "%d + %d" % (len(forks_a), len(forks_b)),
            "seconds": statistics.median(times) if all(t == t for t in times) else None, "load": None,
        }
    return reference


def read_runs(folder, load, scenario):
    runs = []
    i = 1
    while True:
        path = os.path.join(folder, "%s-%s-%d" % (load, scenario, i))
        if os.path.exists(path + ".json"):
            try:
                with open(path + ".json") as f:
                    runs.append((str(i), json.load(f)))
            except ValueError:
                pass  # a process the trials were stopped in: no report
        elif not os.path.exists(path + ".failed"):
            break
        i += 1
    return runs


def read_context(folder):
    """Per (load, scenario, trial): the process's elapsed seconds and the 1-minute load average after it."""
    context = {}
    if os.path.exists(os.path.join(folder, "elapsed.txt")):
        for line in open(os.path.join(folder, "elapsed.txt")):
            fields = line.split()
            context[(fields[0], fields[1], fields[2])] = (float(fields[3]), float(fields[4]))
    return context


def failures(folder, load, scenario):
    path = os.path.join(folder, "failures.txt")
    if not os.path.exists(path):
        return 0
    return sum(1 for line in open(path) if line.split()[:2] == [load, scenario])


def at_least(successes, processes, share, planned):
    """A target "in at least share of planned processes": met over at least planned processes; not met when
    the misses already exceed what planned processes allow; else not measured (too few processes)."""
    if processes >= planned and successes >= share * processes:
        return "met"
    if processes - successes > (1 - share) * max(processes, planned) + 1e-9:
        return "not met"
    return "not measured (%d of the %d processes)" % (processes, planned)


def table(title, header, rows):
    """Prints a markdown table under its title: header is the column names joined by " | "."""
    if rows:
        print("\n### %s\n" % title)
        print("| %s |" % header)
        print("|%s" % ("---|" * (header.count(" | ") + 1)))
        print("\n".join(rows))


def median_max(values, fmt="%.1f"):
    return (fmt + " (" + fmt + ")") % (statistics.median(values), max(values)) if values else "-"


def real(folder):
    """Per load and pair: verdicts, how often the interval holds the truth or JMH's, the confident wrong
    verdicts and the time to the verdict; then the JMH reference and the targets of issue #28."""
    once = jmh_reference(folder)
    along = {load: jmh_along_reference(folder, load) for load in LOADS}
    # Each load is judged against the JMH forks that ran beside its processes where there are any.
    references = {load: {**once, **along[load]} for load in LOADS}
    context = read_context(folder)
    outcomes = {}
    for load, title in LOADS.items():
        rows = []
        for pair, (truth, what, _, _) in REAL.items():
            runs = read_runs(folder, load, pair)
            if not runs:
                continue
            jmh = references[load].get(pair)
            verdicts, held, held_point, wrong, found, widths = {}, 0, 0, 0, 0, []
            for _, r in runs:
                verdicts[r["verdict"]] = verdicts.get(r["verdict"], 0) + 1
                low, high = r["ratio_low"], r["ratio_high"]
                widths.append(high / low if low > 0 else float("inf"))
                if truth is not None:
                    holds = low <= truth <= high
                    held_point += holds
                    wrong_way = (r["verdict"] == "slower" and truth < 1) or (r["verdict"] == "faster" and truth > 1)
                elif jmh is not None:
                    holds = low <= jmh["high"] and jmh["low"] <= high
                    held_point += low <= jmh["ratio"] <= high
                    wrong_way = (r["verdict"] == "slower" and jmh["high"] < 1) or (r["verdict"] == "faster" and jmh["low"] > 1)
                else:
                    continue
                held += holds
                wrong += (r["verdict"] in DECISIVE and not holds) or wrong_way
                found += holds and r["verdict"] == ("slower" if (truth or jmh["ratio"]) > 1 else "faster")
            known = truth is not None or jmh is not None
            times = [context[(load, pair, i)][0] for i, _ in runs if (load, pair, i) in context]
            loads = [context[(load, pair, i)][1] for i, _ in runs if (load, pair, i) in context]
            outcomes[(load, pair)] = {"runs": len(runs), "held": held if known else None, "wrong": wrong if known else None,
                                      "found": found, "times": times, "widths": widths, "verdicts": verdicts,
                                      "separated": sum(1 for _, r in runs if r["verdict"] in ("slower", "faster"))}
            failed = failures(folder, load, pair)
            rows.append("| %s | %d%s | %s | %s | %s | %s | %s | %s |" % (
                what, len(runs), " (+%d failed)" % failed if failed else "",
                ", ".join("%s %d" % kv for kv in sorted(verdicts.items())),
                "%d / %d (%s)" % (held, len(runs), "truth %g" % truth if truth is not None else "JMH's interval")
                if known else "no reference",
                "%d / %d" % (held_point, len(runs)) if known else "-",
                str(wrong) if known else "-", median_max(times), "%.1f" % statistics.median(loads) if loads else "-"))
        table(title, "pair | processes | verdicts | interval holds the truth, or overlaps JMH's 99% interval | "
              "interval holds the truth or JMH's ratio | confident wrong verdicts | process time s, median (max) "
              "| load average, median", rows)
    if once:
        load_file = os.path.join(folder, "jmh", "load.txt")
        jmh_load = open(load_file).read().strip() if os.path.exists(load_file) else "idle"
        print("\n### The JMH reference: each task alone, `-f 3 -wi 5 -i 5`, %s\n"
              % ("one core kept busy by a spin loop" if jmh_load == "busy" else "no spin loop"))
        print("| pair | A | B | JMH B/A [99% interval] | forks | separated | JMH's time for both tasks s | load average |")
        print("|---|---|---|---|---|---|---|---|")
        for pair, j in once.items():
            print("| %s | %.3f %s | %.3f %s | %.4f [%.4f, %.4f] | %s | %s | %s | %s |" % (
                pair, j["a"], j["unit"], j["b"], j["unit"], j["ratio"], j["low"], j["high"], j["forks"],
                "yes" if j["high"] < 1 or j["low"] > 1 else "no",
                "%.0f" % j["seconds"] if j["seconds"] else "-", "%.1f" % j["load"] if j["load"] is not None else "-"))
        print("\nInterval: Welch's t at 99% over the logarithms of the two tasks' fork means (JMH's iterations "
              "averaged within each fork), exponentiated.")
    for load, reference in along.items():
        if not reference:
            continue
        print("\n### The JMH reference beside the processes, %s: JMH's runs between them\n" % LOADS[load])
        print("| pair | A, fork means | B, fork means | JMH B/A [99% interval] over all forks | forks | separated "
              "| each `-f 3` run: B/A [width high/low] | width, median | time s, median |")
        print("|---|---|---|---|---|---|---|---|---|")
        for pair, j in reference.items():
            print("| %s | %.3f %s (%.3f-%.3f) | %.3f %s (%.3f-%.3f) | %.4f [%.4f, %.4f] | %s | %s | %s | %.4f | %s |" % (
                pair, j["a"], j["unit"], j["a_range"][0], j["a_range"][1], j["b"], j["unit"], j["b_range"][0],
                j["b_range"][1], j["ratio"], j["low"], j["high"], j["forks"],
                "yes" if j["high"] < 1 or j["low"] > 1 else "no",
                "; ".join("%.3f [%.2f]" % (r, w) for r, w in zip(j["runs"], j["widths"])),
                j["width"], "%.0f" % j["seconds"] if j["seconds"] else "-"))
        grouped = any(j["grouped"] for j in reference.values())
        print("\nInterval: Welch's t at 99%% over the logarithms of all the forks' means. Each `-f 3` run: %s; the "
              "processes are held to the median of their widths and times." % (
                  "the forks of three trials (one fork a task before each process), 1-3, 4-6, 7-9, spread over "
                  "their minutes rather than one after the other" if grouped
                  else "JMH's run of three forks a task, one after the other, before trials 1, 4, 7 and 10"))
    per_process_details(folder)
    real_targets(outcomes, references)


def per_process_details(folder):
    rows = ["| %s | %s | %s |" % (load, pair, "; ".join(
        "%.3f [%.3f, %.3f] %s" % (r["ratio"], r["ratio_low"], r["ratio_high"], r["verdict"]) for _, r in runs))
        for load in LOADS for pair in REAL for runs in [read_runs(folder, load, pair)] if runs]
    table("Every process: B/A [interval] and verdict", "load | pair | per process", rows)


def real_targets(outcomes, references):
    if not outcomes:
        return
    print("\n### The targets of issue #28 on these processes\n")
    print("| target | load | measured | status |")
    print("|---|---|---|---|")
    for load in LOADS:
        rows = {pair: o for (l, pair), o in outcomes.items() if l == load}
        if not rows:
            continue
        reference = references[load]
        judged = {pair: o for pair, o in rows.items() if o["wrong"] is not None}
        unjudged = sorted(set(rows) - set(judged))
        wrong = sum(o["wrong"] for o in judged.values())
        status = "not met" if wrong else ("met" if not unjudged else "not measured for " + ", ".join(unjudged))
        print("| 0 confident wrong verdicts | %s | %d in %d processes of %d pairs | %s |" % (
            load, wrong, sum(o["runs"] for o in judged.values()), len(judged), status))
        for pair, o in rows.items():
            if o["held"] is None:
                print("| the 99%% interval holds in >= 95%% of processes | %s | %s: no reference | not measured |" % (load, pair))
            else:
                print("| the 99%% interval holds in >= 95%% of processes | %s | %s: %d / %d | %s |" % (
                    load, pair, o["held"], o["runs"], at_least(o["held"], o["runs"], 0.95, 10)))
        for pair, label in (("crc5", "+5% found (slower, holding 1.05) in >= 9/10 within the default budget"),
                            ("crc1", "+1% found (slower, holding 1.01) in >= 9/10 within 60 s")):
            if pair in rows:
                o = rows[pair]
                print("| %s | %s | %d / %d | %s |" % (label, load, o["found"], o["runs"], at_least(o["found"], o["runs"], 0.9, 10)))
        for pair, j in reference.items():
            if pair not in rows or not (j["high"] < 1 or j["low"] > 1) or j["seconds"] is None:
                continue
            o = rows[pair]
            width = statistics.median(o["widths"])
            time = statistics.median(o["times"]) if o["times"] else float("inf")
            met = o["separated"] == o["runs"] and time <= j["seconds"] and width <= j["width"]
            print("| where JMH separates: as fast, no wider | %s | %s: separated %d / %d, median %.0f s against JMH's %.0f s, "
                  "median width (high/low) %.4f against JMH's %.4f | %s |" % (
                      load, pair, o["separated"], o["runs"], time, j["seconds"], width, j["width"],
                      "met" if met else "not met"))
    print("| the xorshift trials still hold, idle and loaded | - | not in this run (`--set xorshift`) | not measured |")


def identical(folder):
    """Per load and identical-task setting: how often A against A came out decisive (slower or faster)."""
    context = read_context(folder)
    targets = []
    for load, title in LOADS.items():
        rows = []
        for setting, what in IDENTICAL.items():
            runs = read_runs(folder, load, setting)
            if not runs:
                continue
            verdicts = {}
            for _, r in runs:
                verdicts[r["verdict"]] = verdicts.get(r["verdict"], 0) + 1
            decisive = sum(1 for _, r in runs if r["verdict"] in ("slower", "faster"))
            held = sum(1 for _, r in runs if r["ratio_low"] <= 1 <= r["ratio_high"])
            times = [context[(load, setting, i)][0] for i, _ in runs if (load, setting, i) in context]
            loads = [context[(load, setting, i)][1] for i, _ in runs if (load, setting, i) in context]
            failed = failures(folder, load, setting)
            rows.append("| %s | %d%s | %s | **%d of %d** | %d / %d | %s | %s | %s |" % (
                what, len(runs), " (+%d failed)" % failed if failed else "",
                ", ".join("%s %d" % kv for kv in sorted(verdicts.items())), decisive, len(runs), held, len(runs),
                median_max(times), "%.1f" % statistics.median(loads) if loads else "-",
                "; ".join("%.4f [%.4f, %.4f]" % (r["ratio"], r["ratio_low"], r["ratio_high"]) for _, r in runs)))
            status = "not met" if decisive > 2 else (
                "met" if len(runs) >= 100 and decisive <= 0.02 * len(runs) else "not measured (%d of the 100 processes)" % len(runs))
            targets.append("| decisive in at most 2 of 100 processes | %s | %s | %d of %d | %s |" % (
                load, setting, decisive, len(runs), status))
        table(title, "setting | processes | verdicts | decisive (slower or faster) | interval holds 1 | process time s, "
              "median (max) | load average, median | B/A [interval] per process", rows)
    table("The target of issue #28 for identical tasks", "target | load | setting | measured | status", targets)


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] in ("--real", "--identical"):
        summary = real if sys.argv[1] == "--real" else identical
        summary(sys.argv[2] if len(sys.argv) > 2 else "counters-cli/target/compare-trials")
    else:
        main(sys.argv[1] if len(sys.argv) > 1 else "counters-cli/target/compare-trials")
