#!/usr/bin/env python3
"""Builds the counter-cost table from one run of scripts/benchmarks.sh.

Inputs: the environment (BenchmarkEnvironment), JMH's JSON result (-rf json) and the C
baseline's JSON, one file per C run (the script runs it before and after JMH). Prints the table
and the verdict on each target, and writes the same as Markdown for docs/PERFORMANCE.md.

Every figure is a median: the median of JMH's iteration scores for Java, the median of the C
batches for C (averaged over the C runs). Exit status 0 unless the inputs are malformed: the
machine is too noisy for a timing gate, so a missed target is reported, not failed.
"""
import argparse
import json
import statistics
import sys

# The C baseline that makes the calls a counter of each kind makes, when its source does not say.
DEFAULT_BASELINE = {
    "TICK": "monotonic_coarse",
    "MULTIMEDIA": "boottime",
    "SYSTEM_TIME": "realtime",
    "HIGH_PERFORMANCE": "monotonic",
    "PERFORMANCE": "monotonic",
    "THREAD_TIMES": "thread_times",
    "PROCESS_TIMES": "process_times",
    "CPU_CYCLES": "rdtsc",
    "THREAD_CYCLES": "perf_thread_cycles",
    "PROCESS_CYCLES": "perf_thread_cycles",
}
CLOCK_BASELINE = {
    "CLOCK_MONOTONIC_COARSE": "monotonic_coarse",
    "CLOCK_MONOTONIC_RAW": None,
    "CLOCK_MONOTONIC": "monotonic",
    "CLOCK_BOOTTIME": "boottime",
    "CLOCK_REALTIME": "realtime",
}
# The JDK or Guava code a Java engineer would write instead of each kind.
PEERS = {
    "TICK": ["currentTimeMillisPair"],
    "SYSTEM_TIME": ["instantNowPair"],
    "HIGH_PERFORMANCE": ["nanoTimePair"],
    "PERFORMANCE": ["nanoTimePair", "guavaStopwatchStartElapsed"],
    "THREAD_TIMES": ["threadMXBeanCpuUserPair"],
    "PROCESS_TIMES": ["processCpuTimePair"],
}
RATIO_TARGET = 1.3
# Anything that allocates on every pair shows >= 16 B/op; JMH's own background shows ~0.01.
ZERO_BYTES = 0.1
THREAD_MXBEAN_SPEEDUP_TARGET = 8.0


def baseline_for(kind, source):
    """The C baseline matching the calls named in the counter's source, else the kind's default."""
    text = source or ""
    if kind in ("THREAD_TIMES", "PROCESS_TIMES"):
        scope = "thread" if kind == "THREAD_TIMES" else "process"
        rusage = "getrusage" in text
        clock = "CPUTIME" in text
        if rusage and clock:
            return scope + "_times"
        if rusage:
            return "rusage_" + ("thread" if scope == "thread" else "self")
        if clock:
            return scope + "_cputime"
        return DEFAULT_BASELINE[kind]
    if kind in ("HIGH_PERFORMANCE", "PERFORMANCE", "TICK", "MULTIMEDIA", "SYSTEM_TIME"):
        for clock in sorted(CLOCK_BASELINE, key=len, reverse=True):
            if clock in text and CLOCK_BASELINE[clock]:
                return CLOCK_BASELINE[clock]
    return DEFAULT_BASELINE.get(kind)


def load(path):
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def bytes_per_op(result):
    for name, metric in result.get("secondaryMetrics", {}).items():
        if name.lstrip("\u00b7").endswith("gc.alloc.rate.norm"):
            return metric["score"]
    return None


def median_score(result):
    metric = result["primaryMetric"]
    raw = [score for fork in metric.get("rawData", []) for score in fork]
    return statistics.median(raw) if raw else metric["score"]


def fmt(value, digits=1):
    if not isinstance(value, (int, float)) or value != value:  # None, or JMH's "NaN" for one iteration
        return "-"
    return f"{value:,.{digits}f}"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--environment", required=True)
    parser.add_argument("--jmh", required=True)
    parser.add_argument("--c", required=True, action="append", help="C baseline JSON; repeat for each run")
    parser.add_argument("--markdown", help="also write the tables as Markdown here")
    parser.add_argument("--smoke", action="store_true", help="the run was a smoke run: say its figures mean nothing")
    args = parser.parse_args()

    environment = load(args.environment)
    jmh = load(args.jmh)
    c_runs = [load(path) for path in args.c]

    c_medians = {}
    for run in c_runs:
        for name, baseline in run["baselines"].items():
            c_medians.setdefault(name, []).append(baseline["median_ns"])
    c_cost = {name: statistics.mean(values) for name, values in c_medians.items()}
    c_calls = {name: b["calls"] for run in c_runs for name, b in run["baselines"].items()}

    kinds, peers = {}, {}
    for result in jmh:
        method = result["benchmark"].rsplit(".", 1)[1]
        entry = {
            "median": median_score(result),
            "mean": result["primaryMetric"]["score"],
            "error": result["primaryMetric"].get("scoreError"),
            "unit": result["primaryMetric"]["scoreUnit"],
            "bytes": bytes_per_op(result),
        }
        if entry["unit"] != "ns/op":
            sys.exit(f"{result['benchmark']}: expected ns/op, found {entry['unit']}")
        if "kind" in result.get("params", {}):
            kinds[result["params"]["kind"]] = entry
        else:
            peers[method] = entry

    sources = {k["kind"]: k for k in environment["kinds"]}
    rows, verdicts = [], []
    for kind, entry in kinds.items():
        info = sources.get(kind, {})
        baseline = baseline_for(kind, info.get("source"))
        c = c_cost.get(baseline)
        ratio = entry["median"] / c if c else None
        peer_names = PEERS.get(kind, [])
        peer_text = ", ".join(
            f"{name} {fmt(peers[name]['median'])}" for name in peer_names if name in peers) or "-"
        rows.append([
            kind, f"{info.get('provider', '?')}: {info.get('source', '?')}",
            fmt(entry["median"]), fmt(c), fmt(ratio, 2) + ("x" if ratio else ""),
            fmt(entry["bytes"], 3), baseline or "-", peer_text,
        ])
        if entry["bytes"] is not None and entry["bytes"] >= ZERO_BYTES:
            verdicts.append(f"MISS  {kind}: {fmt(entry['bytes'], 3)} B/op, target 0")
        if kind in ("HIGH_PERFORMANCE", "THREAD_TIMES", "PROCESS_TIMES") and ratio is not None:
            verdicts.append(f"{'ok  ' if ratio <= RATIO_TARGET else 'MISS'}  {kind}: {ratio:.2f}x C {baseline} "
                            f"({fmt(entry['median'])} vs {fmt(c)} ns/pair), target <= {RATIO_TARGET}x")
        if kind == "THREAD_TIMES" and "threadMXBeanCpuUserPair" in peers:
            speedup = peers["threadMXBeanCpuUserPair"]["median"] / entry["median"]
            verdicts.append(f"{'ok  ' if speedup >= THREAD_MXBEAN_SPEEDUP_TARGET else 'MISS'}  THREAD_TIMES: "
                            f"{speedup:.1f}x faster than the ThreadMXBean cpu+user pair, target >= "
                            f"{THREAD_MXBEAN_SPEEDUP_TARGET:.0f}x")
    zero_alloc = [k for k, e in kinds.items() if e["bytes"] is not None and e["bytes"] < ZERO_BYTES]
    if kinds and len(zero_alloc) == len(kinds):
        verdicts.append(f"ok    every kind allocates 0 B/op ({len(kinds)} kinds)")
    if any(e["bytes"] is None for e in kinds.values()):
        verdicts.append("??    B/op missing: run JMH with -prof gc")

    kind_header = ["kind", "provider: source", "Java ns/pair", "C ns/pair", "ratio", "B/op", "C baseline", "peer ns/pair"]
    peer_rows = [[name, fmt(e["median"]), fmt(e["error"]), fmt(e["bytes"], 3)] for name, e in sorted(peers.items())]
    peer_header = ["peer", "ns/pair (median)", "+- (99.9%, mean)", "B/op"]
    c_rows = [[name, c_calls[name], fmt(cost), " / ".join(fmt(v) for v in c_medians[name])]
              for name, cost in c_cost.items()]
    c_header = ["C baseline", "calls per reading (x2 per pair)", "ns/pair", "per run"]

    def text_table(header, body):
        widths = [max(len(str(r[i])) for r in [header] + body) for i in range(len(header))]
        lines = ["  ".join(str(cell).ljust(widths[i]) for i, cell in enumerate(row)).rstrip()
                 for row in [header] + body]
        lines.insert(1, "  ".join("-" * w for w in widths))
        return "\n".join(lines)

    def markdown_table(header, body):
        lines = ["| " + " | ".join(header) + " |", "|" + "|".join("---" for _ in header) + "|"]
        lines += ["| " + " | ".join(str(cell).replace("|", "\\|") for cell in row) + " |" for row in body]
        return "\n".join(lines)

    unavailable = [f"{k['kind']} ({k['reason']})" for k in environment["kinds"] if not k.get("available")]
    setting = (f"{environment['os']}, {environment['cpus']} CPUs, {environment['java']}; C process baselines "
               f"with {c_runs[0]['threads']} threads (the JVM had {environment['jvm_threads']})")
    if args.smoke:
        setting += ("\nSMOKE RUN: one short iteration, no warm-up: the figures prove the benchmarks run, "
                    "not what they cost (B/op includes the interpreter and JIT start-up)")
    print(setting)
    print()
    print(text_table(kind_header, rows))
    print()
    print(text_table(peer_header, peer_rows))
    print()
    print(text_table(c_header, c_rows))
    print()
    print("Targets:")
    for verdict in verdicts:
        print("  " + verdict)
    if unavailable:
        print("Not served here: " + "; ".join(unavailable))

    if args.markdown:
        with open(args.markdown, "w", encoding="utf-8") as out:
            out.write(setting + "\n\n")
            out.write(markdown_table(kind_header, rows) + "\n\n")
            out.write(markdown_table(peer_header, peer_rows) + "\n\n")
            out.write(markdown_table(c_header, c_rows) + "\n\n")
            out.write("Targets:\n\n" + "\n".join(f"- `{v}`" for v in verdicts) + "\n")
            if unavailable:
                out.write("\nNot served here: " + "; ".join(unavailable) + "\n")


if __name__ == "__main__":
    main()
