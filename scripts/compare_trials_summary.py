#!/usr/bin/env python3
"""Summarises the JSON reports scripts/compare-trials.sh collected in DIR (one per process).

Per load (idle, busy, busy2) and scenario: how often the overall verdict was right (the expected
verdict AND an interval holding the true ratio), false alarms (slower or faster when B = A), the
median time to the verdict (the comparison's own elapsed time, warm-up included; the process adds
JVM start), the interval coverage per clock, and the machine's state as the noise report and uptime
saw it. Then, per load, the load witnesses the noise reports read (to set MachineLoad's thresholds),
and, where the reports list every pair (--every-pair), the order-statistic interval of the thread CPU
ratios against a percentile bootstrap and a moving-block bootstrap of the same pairs.
"""
import json
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
    print("| load | processes | other runnable | involuntary switches / s | involuntary switches | preempted runs | steal "
          "| reported loaded |")
    print("|---|---|---|---|---|---|---|---|")
    for load in LOADS:
        noise = [r["noise"][0] for (l, _), reports in runs.items() if l == load for r in reports]
        machine = [r["machine"] for (l, _), reports in runs.items() if l == load for r in reports]
        if not noise:
            continue
        print("| %s | %d | %s | %s | %s | %s | %s | %d |" % (
            load, len(noise),
            spread([n["other_runnable"] for n in noise], "%.1f"),
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


# The real-code pairs of --set real: (truth or None, what the pair is). Without a constructed truth,
# the reference is JMH's where it was run.
REAL = {
    "same": (1.0, "identical code, two class names (CRC32 of 64 KiB)"),
    "crc1": (1.01, "CRC32, B does 1% more work"),
    "crc5": (1.05, "CRC32, B does 5% more work"),
    "lookups": (None, "HashMap against TreeMap lookups (cache-sensitive)"),
    "alloc": (None, "int[] against boxed ArrayList (allocation, GC)"),
    "threads": (None, "Arrays.sort against parallelSort (other threads)"),
    "wait": (1.5, "parkNanos 2 ms against 3 ms (waiting; truth on wall time)"),
    "regex": (None, "split by hand against Pattern.split"),
    "strings": (None, "StringBuilder against += (string building)"),
}


def real(folder):
    """One table per load: per pair, the verdicts, whether each interval holds the truth, and the times."""
    elapsed = {}
    if os.path.exists(os.path.join(folder, "elapsed.txt")):
        for line in open(os.path.join(folder, "elapsed.txt")):
            fields = line.split()
            elapsed[(fields[0], fields[1], fields[2])] = float(fields[3])
    for load, title in LOADS.items():
        rows = []
        for pair, (truth, what) in REAL.items():
            runs = []
            i = 1
            while os.path.exists(os.path.join(folder, "%s-%s-%d.json" % (load, pair, i))):
                with open(os.path.join(folder, "%s-%s-%d.json" % (load, pair, i))) as f:
                    runs.append((i, json.load(f)))
                i += 1
            if not runs:
                continue
            verdicts = {}
            held = 0
            wrong = 0
            for _, r in runs:
                verdicts[r["verdict"]] = verdicts.get(r["verdict"], 0) + 1
                if truth is not None:
                    holds = r["ratio_low"] <= truth <= r["ratio_high"]
                    held += 1 if holds else 0
                    decisive = r["verdict"] in ("slower", "faster", "indistinguishable")
                    wrong += 1 if decisive and not holds else 0
            intervals = "; ".join("%.4f [%.4f, %.4f] %s" % (r["ratio"], r["ratio_low"], r["ratio_high"], r["decided_by"])
                                  for _, r in runs)
            times = [elapsed.get((load, pair, str(i))) for i, _ in runs]
            times = [t for t in times if t is not None]
            rows.append("| %s | %d | %s | %s | %s | %s | %s |" % (
                what, len(runs), ", ".join("%s %d" % kv for kv in sorted(verdicts.items())),
                "-" if truth is None else "%d / %d" % (held, len(runs)), "-" if truth is None else str(wrong),
                "%.1f (%.1f)" % (statistics.median(times), max(times)) if times else "-", intervals))
        if rows:
            print("\n### %s\n" % title)
            print("| pair | processes | verdicts | interval holds the truth | confident wrong verdicts | process time s, median (max) | ratio [interval] decided by, per process |")
            print("|---|---|---|---|---|---|---|")
            print("\n".join(rows))


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "--real":
        real(sys.argv[2] if len(sys.argv) > 2 else "examples/target/compare-trials")
    else:
        main(sys.argv[1] if len(sys.argv) > 1 else "examples/target/compare-trials")
