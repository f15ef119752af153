#!/usr/bin/env python3
"""Tallies scripts/gate-trials.sh's reports: per load and case, the gate's outcomes, the verdicts,
B/A and the verdicts per family (lowest to highest) and the processes' elapsed times.

    python3 scripts/gate_trials_summary.py [target/gate-trials]
"""
import collections
import glob
import json
import os
import re
import statistics
import sys

CASES = ["same", "plus5", "plus10", "plus1"]


def main(root):
    for load in sorted(os.listdir(root)):
        folder = os.path.join(root, load)
        if not os.path.isdir(folder):
            continue
        for case in CASES:
            reports = sorted(glob.glob(os.path.join(folder, case + "-*.json")),
                             key=lambda f: int(re.search(r"-(\d+)\.json$", f).group(1)))
            if not reports:
                continue
            gates = collections.Counter()
            verdicts = collections.Counter()
            ratios = collections.defaultdict(list)
            elapsed = []
            by_family = collections.defaultdict(collections.Counter)
            for report in reports:
                if not os.path.exists(report[:-len(".json")] + ".exit"):
                    continue  # still running
                try:
                    with open(report) as f:
                        data = json.load(f)
                except ValueError:
                    gates["no report"] += 1
                    continue
                gates[data.get("gate", "?")] += 1
                family = re.sub(r"\d+$", "", data["task_a"].rsplit(".", 1)[-1])
                verdicts[data["verdict"]] += 1
                by_family[family][data["verdict"]] += 1
                ratios[family].append(data["ratio"])
                elapsed.append(data["elapsed_ms"] / 1000)
            if not gates:
                continue
            families = ", ".join(f"{name} {min(r):.4f}-{max(r):.4f} {dict(by_family[name])}"
                                 for name, r in sorted(ratios.items()))
            times = f"elapsed median {statistics.median(elapsed):.1f} s, max {max(elapsed):.1f} s" if elapsed else ""
            print(f"{load} {case}: {sum(gates.values())} runs; gate {dict(gates)}; verdicts {dict(verdicts)}; "
                  f"B/A and verdicts per family: {families}; {times}")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "target/gate-trials")
