#!/usr/bin/env python3
"""Summarises the JSON reports scripts/compare-trials.sh collected in DIR (one per process)."""
import json
import os
import statistics
import sys

EXPECTED = {
    "a": ("slower", 1.05, "B = 1.05 x A, alternating (ABBA)"),
    "b": ("indistinguishable", 1.00, "B = A, alternating (ABBA)"),
    "d": ("slower", 1.01, "B = 1.01 x A, alternating (ABBA)"),
    "naive-a": ("slower", 1.05, "B = 1.05 x A, sequential (naive)"),
    "naive-b": ("indistinguishable", 1.00, "B = A, sequential (naive)"),
}


def main(folder):
    runs = {}
    for name in sorted(os.listdir(folder)):
        if name.endswith(".json"):
            scenario = name[: name.rindex("-")]
            with open(os.path.join(folder, name)) as f:
                runs.setdefault(scenario, []).append(json.load(f))
    elapsed = {}
    path = os.path.join(folder, "elapsed.txt")
    if os.path.exists(path):
        for line in open(path):
            parts = line.split()
            elapsed.setdefault(parts[0], []).append(float(parts[2]))
    print("| scenario | clock | runs | verdict as expected | interval holds true ratio | both | "
          "median B/A (range) | mean interval width | mean pairs | stopped by target | mean process s (max) |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    for scenario in ["a", "b", "d", "naive-a", "naive-b"]:
        if scenario not in runs:
            continue
        verdict, truth, title = EXPECTED[scenario]
        reports = runs[scenario]
        for clock in ["wall", "thread CPU"]:
            rows = [next(c for c in r["clocks"] if c["clock"] == clock) for r in reports]
            right = sum(1 for c in rows if c["verdict"] == verdict)
            holds = sum(1 for c in rows if c["ratio_low"] <= truth <= c["ratio_high"])
            both = sum(1 for c in rows if c["verdict"] == verdict and c["ratio_low"] <= truth <= c["ratio_high"])
            ratios = [c["ratio"] for c in rows]
            width = statistics.mean(c["ratio_high"] - c["ratio_low"] for c in rows)
            pairs = statistics.mean(c["pairs"] for c in rows)
            target = sum(1 for r in reports if r["run"][0]["stopped_by"] == "target")
            secs = elapsed.get(scenario, [])
            secs_text = "%.1f (%.1f)" % (statistics.mean(secs), max(secs)) if secs else "-"
            print("| %s: %s | %s | %d | %d | %d | %d | %.4f (%.4f-%.4f) | %.4f | %.0f | %d | %s |" % (
                scenario, title, clock, len(rows), right, holds, both, statistics.median(ratios), min(ratios),
                max(ratios), width, pairs, target, secs_text))


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "examples/target/compare-trials")
