#!/usr/bin/env python3
"""Plans the benchmark run and builds the counter-cost table for scripts/benchmarks.sh.

  benchmarks_table.py plan DIR    one line per available kind: KIND, its C baseline, its peers
                                  (a JMH regex), read from DIR/environment.json
  benchmarks_table.py jna-baselines  the C baselines of the bare JNA call pairs
  benchmarks_table.py summary F   one line per result of the JMH JSON file F
  benchmarks_table.py table DIR   the table from DIR/jmh-*.json and DIR/c-*.json, printed and
                                  written as Markdown to DIR/table.md

Each kind is measured in its own JMH run together with its peers, between two C runs of its
baseline, so that the figures compared were taken within seconds of each other on a machine
whose load drifts. Every figure is a median: of JMH's iteration scores for Java, of the C
batches for C (the mean of the runs before and after); a JMH iteration and a C batch last the
same 100 ms. The "min ratio" compares the best JMH iteration with the best C batch: noise only
ever adds time, so on a loaded machine it is the steadier estimate of the true overhead.

Exit status 0 unless the inputs are malformed: the machine is too noisy for a timing gate, so a
missed target is reported, not failed.
"""
import glob
import json
import os
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
    "CPU_CYCLES": "cycles",
    "THREAD_CYCLES": "perf_thread_cycles",
    "PROCESS_CYCLES": "perf_thread_cycles",
}
CLOCK_BASELINE = {
    "CLOCK_MONOTONIC_COARSE": "monotonic_coarse",
    "CLOCK_MONOTONIC": "monotonic",
    "CLOCK_BOOTTIME": "boottime",
    "CLOCK_REALTIME": "realtime",
}
# The JDK or Guava code a Java engineer would write instead of each kind (PeerPairBenchmark).
PEERS = {
    "TICK": ["currentTimeMillisPair"],
    "SYSTEM_TIME": ["instantNowPair"],
    "HIGH_PERFORMANCE": ["nanoTimePair"],
    "PERFORMANCE": ["nanoTimePair", "guavaStopwatchStartElapsed"],
    "THREAD_TIMES": ["threadMXBeanCpuUserPair"],
    "PROCESS_TIMES": ["processCpuTimePair"],
}
# The C baseline of each bare JNA call pair (JnaFloorBenchmark).
JNA_FLOOR_BASELINE = {
    "clockMonotonicPair": "monotonic",
    "clockMonotonicCoarsePair": "monotonic_coarse",
    "clockThreadCputimePair": "thread_cputime",
    "getrusageThreadPair": "rusage_thread",
    "threadTimesPair": "thread_times",
    "processTimesPair": "process_times",
}
RATIO_TARGET = 1.3
# JDK 22+ through FFM: a pair may cost at most max(1.3 x C, C + 10 ns).
FFM_SLACK_NS = 10.0
THREAD_MXBEAN_SPEEDUP_TARGET = 8.0
# One object per pair is >= 16 B/op. Below 1 B/op is JMH's own per-iteration allocation spread
# over the pairs of the iteration, which shows most on the slow kinds (few pairs per second).
ZERO_BYTES = 1.0


def baseline_for(kind, source):
    """The C baseline making the calls named in the counter's source, else the kind's default."""
    text = source or ""
    if kind in ("THREAD_TIMES", "PROCESS_TIMES"):
        scope = "thread" if kind == "THREAD_TIMES" else "process"
        rusage = "getrusage" in text
        clock = "CPUTIME" in text
        if rusage and clock:
            return scope + "_times"
        if rusage:
            return "rusage_thread" if scope == "thread" else "rusage_self"
        if clock:
            return scope + "_cputime"
    elif kind in ("HIGH_PERFORMANCE", "PERFORMANCE", "TICK", "MULTIMEDIA", "SYSTEM_TIME"):
        for clock in sorted(CLOCK_BASELINE, key=len, reverse=True):
            if clock in text:
                return CLOCK_BASELINE[clock]
    return DEFAULT_BASELINE.get(kind, "none")


def load(path):
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def plan(directory):
    environment = load(os.path.join(directory, "environment.json"))
    for info in environment["kinds"]:
        if info["available"]:
            peers = "|".join(PEERS.get(info["kind"], [])) or "-"
            print(info["kind"], baseline_for(info["kind"], info.get("source")), peers)


def bytes_per_op(result):
    for name, metric in result.get("secondaryMetrics", {}).items():
        if name.lstrip("\u00b7").endswith("gc.alloc.rate.norm"):
            return metric["score"]
    return None


def kernel_share(result):
    """The kernel part of the worker threads' CPU time, from counters-jmh's CpuTimeProfiler, or None."""
    metrics = {name.lstrip("\u00b7"): metric["score"] for name, metric in result.get("secondaryMetrics", {}).items()}
    total, kernel = metrics.get("cpu.worker.norm"), metrics.get("cpu.worker.kernel.norm")
    if total is None or kernel is None or not total > 0:
        return None
    return kernel / total


def jmh_entry(result):
    metric = result["primaryMetric"]
    if metric["scoreUnit"] != "ns/op":
        sys.exit(f"{result['benchmark']}: expected ns/op, found {metric['scoreUnit']}")
    raw = [score for fork in metric.get("rawData", []) for score in fork] or [metric["score"]]
    return {"median": statistics.median(raw), "min": min(raw), "bytes": bytes_per_op(result),
            "kernel": kernel_share(result), "iterations": len(raw)}


def c_entry(runs, baseline):
    found = [run["baselines"][baseline] for run in runs if baseline in run["baselines"]]
    if not found:
        return None
    return {"median": statistics.mean(b["median_ns"] for b in found), "min": min(b["min_ns"] for b in found),
            "runs": [b["median_ns"] for b in found], "calls": found[0]["calls"]}


def fmt(value, digits=1):
    if not isinstance(value, (int, float)) or value != value:  # None, or JMH's "NaN"
        return "-"
    return f"{value:,.{digits}f}"


def ratio_text(numerator, denominator):
    return f"{numerator / denominator:.2f}x" if numerator and denominator else "-"


def text_table(header, body):
    widths = [max(len(str(row[i])) for row in [header] + body) for i in range(len(header))]
    lines = ["  ".join(str(cell).ljust(widths[i]) for i, cell in enumerate(row)).rstrip()
             for row in [header] + body]
    lines.insert(1, "  ".join("-" * width for width in widths))
    return "\n".join(lines)


def markdown_table(header, body):
    lines = ["| " + " | ".join(header) + " |", "|" + "|".join("---" for _ in header) + "|"]
    lines += ["| " + " | ".join(str(cell).replace("|", "\\|") for cell in row) + " |" for row in body]
    return "\n".join(lines)


def table(directory, smoke):
    environment = load(os.path.join(directory, "environment.json"))
    sources = {info["kind"]: info for info in environment["kinds"]}

    rows, verdicts, peer_results, kinds_bytes, jdk25_seen = [], [], {}, {}, []
    for info in environment["kinds"]:
        kind = info["kind"]
        path = os.path.join(directory, f"jmh-{kind}.json")
        if not info["available"] or not os.path.exists(path):
            continue
        results = load(path)
        java, peers = None, {}
        for result in results:
            method = result["benchmark"].rsplit(".", 1)[1]
            if result.get("params", {}).get("kind") == kind:
                java = jmh_entry(result)
            else:
                peers[method] = jmh_entry(result)
                peer_results.setdefault(method, []).append(peers[method])
        if java is None:
            sys.exit(f"{path} holds no result for {kind}")
        baseline = baseline_for(kind, info.get("source"))
        c_runs = [load(p) for p in sorted(glob.glob(os.path.join(directory, f"c-{kind}-*.json")))]
        c = c_entry(c_runs, baseline)
        c_median, c_min = (c["median"], c["min"]) if c else (None, None)
        kinds_bytes[kind] = java["bytes"]
        ffm, jna25 = jdk25_entry(directory, "ffm", kind), jdk25_entry(directory, "jna", kind)
        if ffm is not None:
            jdk25_seen.append(kind)
            kinds_bytes[kind + " (JDK 25 FFM)"] = ffm["bytes"]
        rows.append([
            kind, f"{info['provider']}: {info['source']}", fmt(java["median"]), fmt(c_median),
            ratio_text(java["median"], c_median), ratio_text(java["min"], c_min), fmt(java["bytes"], 3),
            "-" if java["kernel"] is None else f"{100 * java['kernel']:.0f}%",
            fmt(ffm["median"]) if ffm else "-", ratio_text(ffm["median"], c_median) if ffm else "-",
            fmt(jna25["median"]) if jna25 else "-",
            baseline if c else f"{baseline} (not measurable here)",
            ", ".join(f"{name} {fmt(peer['median'])}" for name, peer in peers.items()) or "-",
        ])
        if ffm is not None and c:
            limit = max(RATIO_TARGET * c_median, c_median + FFM_SLACK_NS)
            verdicts.append(f"{'ok  ' if ffm['median'] <= limit else 'MISS'}  {kind} on JDK 25 (FFM): "
                            f"{fmt(ffm['median'])} ns/pair vs C {baseline} {fmt(c_median)}, limit max(1.3x C, C + 10 ns) "
                            f"= {fmt(limit)}" + (f"; JNA on JDK 25 {fmt(jna25['median'])}" if jna25 else ""))
        if kind in ("HIGH_PERFORMANCE", "THREAD_TIMES", "PROCESS_TIMES") and c:
            ratio, min_ratio = java["median"] / c_median, java["min"] / c_min
            verdicts.append(f"{'ok  ' if ratio <= RATIO_TARGET else 'MISS'}  {kind}: {ratio:.2f}x C {baseline} "
                            f"({fmt(java['median'])} vs {fmt(c_median)} ns/pair; min ratio {min_ratio:.2f}x), "
                            f"target <= {RATIO_TARGET}x")
        if kind == "THREAD_TIMES" and "threadMXBeanCpuUserPair" in peers:
            speedup = peers["threadMXBeanCpuUserPair"]["median"] / java["median"]
            verdicts.append(f"{'ok  ' if speedup >= THREAD_MXBEAN_SPEEDUP_TARGET else 'MISS'}  THREAD_TIMES: "
                            f"{speedup:.1f}x faster than the ThreadMXBean cpu+user pair "
                            f"({fmt(peers['threadMXBeanCpuUserPair']['median'])} ns), target >= "
                            f"{THREAD_MXBEAN_SPEEDUP_TARGET:.0f}x")
    heavy = {k: b for k, b in kinds_bytes.items() if b is None or b >= ZERO_BYTES}
    if kinds_bytes and not heavy:
        verdicts.append(f"ok    every kind allocates nothing: max {max(kinds_bytes.values()):.3f} B/op "
                        f"over {len(kinds_bytes)} kinds (< {ZERO_BYTES:g} B/op, i.e. no object per pair)")
    for kind, b in heavy.items():
        verdicts.append(f"MISS  {kind}: {fmt(b, 3)} B/op, target 0" if b is not None
                        else f"??    {kind}: no B/op, run JMH with -prof gc")

    others = os.path.join(directory, "jmh-others.json")
    jna_rows, machinery_rows = [], []
    bracket = [load(p) for p in sorted(glob.glob(os.path.join(directory, "c-others-*.json")))]
    reference = [load(p) for p in sorted(glob.glob(os.path.join(directory, "c-all*.json")))]
    for result in load(others) if os.path.exists(others) else []:
        benchmark_class, method = result["benchmark"].rsplit(".", 2)[1:]
        entry = jmh_entry(result)
        if benchmark_class == "CounterMachineryBenchmark":
            machinery_rows.append([method, fmt(entry["median"]), fmt(entry["min"]), fmt(entry["bytes"], 3)])
            continue
        if benchmark_class != "JnaFloorBenchmark":
            peer_results.setdefault(method, []).append(entry)
            continue
        c = c_entry(bracket, JNA_FLOOR_BASELINE.get(method, "none"))
        c_median = c["median"] if c else None
        per_call = (entry["median"] - c_median) / 2 if c else None
        jna_rows.append([method, fmt(entry["median"]), fmt(c_median), ratio_text(entry["median"], c_median),
                         fmt(per_call), fmt(entry["bytes"], 3)])
    peer_rows = [[name, fmt(statistics.median(e["median"] for e in entries)), fmt(min(e["min"] for e in entries)),
                  fmt(max(e["bytes"] or 0 for e in entries), 3), len(entries)]
                 for name, entries in sorted(peer_results.items())]

    c_rows = []
    for name in (reference[0]["baselines"] if reference else {}):
        entry = c_entry(reference, name)
        c_rows.append([name, entry["calls"], fmt(entry["median"]), fmt(entry["min"])])
    unavailable = [f"{k['kind']} ({k['reason']})" for k in environment["kinds"] if not k["available"]]
    if reference and reference[0].get("unavailable"):
        unavailable += [f"C {name} ({why})" for name, why in reference[0]["unavailable"].items()]

    threads = reference[0]["threads"] if reference else "?"
    setting = (f"{environment['os']}, {environment['cpus']} CPUs, {environment['java']}"
               + ("; JDK 25 columns: the same jar on JDK 25, through FFM (its default) and through JNA "
                  "(-Ddev.counters.binding=jna)" if jdk25_seen else "") + "; the C process "
               f"baselines ran with {threads} threads, as many as a JMH fork (a bare JVM has "
               f"{environment['jvm_threads']})")
    if smoke:
        setting += ("\nSMOKE RUN: one short iteration, no warm-up: the figures prove the benchmarks run, "
                    "not what they cost (B/op includes interpreter and JIT start-up)")
    kind_header = ["kind", "provider: source", "Java ns/pair", "C ns/pair", "ratio", "min ratio", "B/op",
                   "kernel % of CPU", "JDK 25 FFM ns/pair", "FFM/C", "JDK 25 JNA ns/pair", "C baseline", "peer ns/pair"]
    peer_header = ["peer", "ns/pair (median)", "min", "B/op", "runs"]
    c_header = ["C baseline", "calls per reading (2 readings a pair)", "ns/pair (median)", "min"]
    jna_header = ["bare JNA call pair", "ns/pair", "C ns/pair", "ratio", "JNA ns over C per reading", "B/op"]
    machinery_header = ["counter over a fake source (no clock)", "ns/pair", "min", "B/op"]
    sections = [(kind_header, rows), (peer_header, peer_rows), (machinery_header, machinery_rows),
                (jna_header, jna_rows), (c_header, c_rows)]

    print(setting + "\n")
    for header, body in sections:
        if body:
            print(text_table(header, body) + "\n")
    if smoke:
        verdicts = ["not judged: a smoke run has no warm-up (run without --smoke to judge the targets)"]
    print("Targets:\n" + "\n".join("  " + v for v in verdicts))
    if unavailable:
        print("Not served or not measurable here: " + "; ".join(unavailable))

    with open(os.path.join(directory, "table.md"), "w", encoding="utf-8") as out:
        out.write(setting.replace("\n", "\n\n") + "\n\n")
        for header, body in sections:
            if body:
                out.write(markdown_table(header, body) + "\n\n")
        out.write("Targets:\n\n" + "\n".join(f"- `{v}`" for v in verdicts) + "\n")
        if unavailable:
            out.write("\nNot served or not measurable here: " + "; ".join(unavailable) + "\n")


def jdk25_entry(directory, binding, kind):
    """The JDK 25 result of KIND through BINDING ("ffm" or "jna"), if that run was made."""
    path = os.path.join(directory, f"jmh25{binding}-{kind}.json")
    if not os.path.exists(path):
        return None
    results = [r for r in load(path) if r.get("params", {}).get("kind") == kind]
    return jmh_entry(results[0]) if results else None


def summary(path):
    for result in load(path):
        name = ".".join(result["benchmark"].rsplit(".", 2)[1:])
        kind = result.get("params", {}).get("kind", "")
        entry = jmh_entry(result)
        print(f"   {name} {kind}: {fmt(entry['median'])} ns/op, {fmt(entry['bytes'], 3)} B/op")


def main():
    if len(sys.argv) >= 3 and sys.argv[1] == "plan":
        plan(sys.argv[2])
    elif len(sys.argv) >= 2 and sys.argv[1] == "jna-baselines":
        print(",".join(sorted(set(JNA_FLOOR_BASELINE.values()))))
    elif len(sys.argv) >= 3 and sys.argv[1] == "summary":
        summary(sys.argv[2])
    elif len(sys.argv) >= 3 and sys.argv[1] == "table":
        table(sys.argv[2], "--smoke" in sys.argv[3:])
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main()
