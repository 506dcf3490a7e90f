#!/usr/bin/env python3
"""Times tracecli against `cat` and DuckDB on trace files; prints markdown tables.

    python3 Scripts/bench/harness.py --tracecli PATH [--runs 3] [--warmup 1] FILE...

Run by Scripts/bench.sh (which also builds and generates what this needs). For each file and
command: `--warmup` untimed runs (at least one: it warms the page cache, keeps the output for
the cross-check and measures peak RSS under `/usr/bin/time -f %M`), then `--runs` timed runs
spawned directly with stdout to /dev/null; the table shows the best wall time. (Peak RSS is
not taken from the timed runs: a child spawned by Python inherits Python's RSS high-water
mark through vfork, so `cat` would show ~37 MB.) A command that fails its warm-up run is
skipped with its message.

Then the ratios: every command that reads causes, against `summarize`, each the median of
`--ratio-runs` (5) runs taken in alternation in one sitting (so drift in the machine's speed
touches every command alike), with the limits of issue #31 (`RATIO_LIMITS`). Exit status 1
when tracecli's per-view statistics differ from DuckDB's, when the whole cause graph does not
account for every cause of the trace, or when a ratio is above its limit; 0 otherwise.
"""

import argparse
import datetime
import json
import os
import platform
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
DUCKDB_SCRIPT = os.path.join(HERE, "duckdb-summary.py")
GNU_TIME = "/usr/bin/time"
VIEW_FIELDS = ("count", "skipped", "unfinished", "orange", "red", "totalNs", "maxNs", "p50Ns", "p95Ns")
KIND_FIELDS = ("count", "skipped", "unfinished", "orange", "red", "totalNs")

# MARK: - Running one command


class Run:
    def __init__(self, seconds, max_rss_kb, status, stderr):
        self.seconds, self.max_rss_kb, self.status, self.stderr = seconds, max_rss_kb, status, stderr


def run(argv, stdout_path):
    """Runs argv with stdout to stdout_path; returns wall time, status, stderr."""
    with tempfile.NamedTemporaryFile(prefix="tracecli-bench-", suffix=".err") as err:
        actions = [
            (os.POSIX_SPAWN_OPEN, 0, "/dev/null", os.O_RDONLY, 0),
            (os.POSIX_SPAWN_OPEN, 1, stdout_path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644),
            (os.POSIX_SPAWN_OPEN, 2, err.name, os.O_WRONLY | os.O_TRUNC, 0o644),
        ]
        started = time.perf_counter()
        try:
            pid = os.posix_spawnp(argv[0], argv, os.environ, file_actions=actions)
        except OSError as error:
            return Run(0.0, None, 127, f"{argv[0]}: {error.strerror}")
        _, wait_status, _ = os.wait4(pid, 0)
        seconds = time.perf_counter() - started
        err.seek(0)
        message = err.read().decode("utf-8", "replace")
    return Run(seconds, None, os.waitstatus_to_exitcode(wait_status), message)


def run_measuring_rss(argv, stdout_path):
    """Like run, under `/usr/bin/time -f %M` (when present) for the peak RSS in KB."""
    if not os.access(GNU_TIME, os.X_OK):
        return run(argv, stdout_path)
    with tempfile.NamedTemporaryFile(prefix="tracecli-bench-", suffix=".rss") as rss:
        result = run([GNU_TIME, "-f", "%M", "-o", rss.name] + argv, stdout_path)
        rss.seek(0)
        try:
            result.max_rss_kb = int(rss.read().split()[-1])
        except (ValueError, IndexError):
            result.max_rss_kb = None
    if result.status != 0 and result.stderr.startswith("Command exited with non-zero status"):
        result.stderr = result.stderr.split("\n", 1)[-1]
    return result


def first_line(text):
    lines = [line for line in text.strip().splitlines() if line.strip()]
    return lines[0][:160] if lines else "(no message)"


# MARK: - Benchmarks of one file


class Result:
    def __init__(self, name, note=""):
        self.name, self.note = name, note
        self.seconds = None  # best wall time
        self.max_rss_kb = None
        self.skipped = None  # reason when the command could not run


def measure(name, argv, keep_path, runs, warmup, extra_warmup_args=()):
    """Warm-up runs (the first keeps its output in keep_path and gives the peak RSS), then
    timed runs to /dev/null."""
    result = Result(name)
    for i in range(max(warmup, 1)):
        if i == 0:
            first = run_measuring_rss(argv + list(extra_warmup_args), keep_path)
            result.max_rss_kb = first.max_rss_kb
        else:
            first = run(argv, os.devnull)
        if first.status != 0:
            result.skipped = f"exit {first.status}: {first_line(first.stderr)}"
            return result, []
    timed = [run(argv, os.devnull) for _ in range(runs)]
    failed = [r for r in timed if r.status != 0]
    if failed:
        result.skipped = f"exit {failed[0].status} in a timed run: {first_line(failed[0].stderr)}"
        return result, timed
    result.seconds = min(r.seconds for r in timed)
    return result, timed


def one_cpu_prefix():
    """`taskset -c N` for the first CPU this process may run on (empty without taskset): the
    one-core row runs there, as its name says."""
    if shutil.which("taskset") is None:
        return []
    return ["taskset", "-c", str(min(os.sched_getaffinity(0)))]


def duckdb_query_seconds(runs, skip_first=False):
    values = []
    for r in runs:
        found = [float(line.split(":", 1)[1]) for line in r.stderr.splitlines()
                 if line.startswith("duckdb-query-seconds:")]
        values += found[1:] if skip_first else found
    return min(values) if values else None


def bench_file(path, args, workdir):
    size = os.path.getsize(path)
    base = os.path.join(workdir, os.path.basename(path))
    results = []

    cat, _ = measure("`cat FILE > /dev/null`", ["cat", path], os.devnull, args.runs, args.warmup)
    results.append(cat)

    summary_out = base + ".tracecli-summary.json"
    if os.path.exists(summary_out):
        os.remove(summary_out)
    if os.access(args.tracecli, os.X_OK):
        summarize, _ = measure(
            "`tracecli summarize FILE --format json`",
            [args.tracecli, "summarize", path, "--format", "json"],
            summary_out, args.runs, args.warmup)
    else:
        summarize = Result("`tracecli summarize FILE --format json`")
        summarize.skipped = f"no executable at {args.tracecli}"
    results.append(summarize)
    if summarize.skipped is None:
        # The same on one core: the reader's single-thread speed, pinned to one CPU.
        one_core, _ = measure(
            "`tracecli summarize FILE --format json --threads 1` (one core"
            + (", `taskset`)" if one_cpu_prefix() else ")"),
            one_cpu_prefix() + [args.tracecli, "summarize", path, "--format", "json", "--threads", "1"],
            os.devnull, args.runs, args.warmup)
        results.append(one_core)
        # Gzipped (how teams keep large exports): one stream on one thread; MB/s counts the
        # uncompressed bytes. The .gz is made once beside the trace (level 6, gzip's default).
        gz = path + ".gz"
        if not os.path.exists(gz):
            import gzip
            import shutil
            with open(path, "rb") as source, gzip.open(gz + ".tmp", "wb", compresslevel=6) as target:
                shutil.copyfileobj(source, target, 1 << 20)
            os.replace(gz + ".tmp", gz)
        gzipped, _ = measure(
            "`tracecli summarize FILE.gz --format json --threads 1` (gzipped; MB/s of the uncompressed trace)",
            [args.tracecli, "summarize", gz, "--format", "json", "--threads", "1"],
            os.devnull, args.runs, args.warmup)
        results.append(gzipped)

    duck_out = base + ".duckdb-views.json"
    duck, duck_runs = measure(
        "DuckDB `read_ndjson` per-view query (python3 process)",
        [sys.executable, DUCKDB_SCRIPT, path], os.devnull, args.runs, args.warmup,
        extra_warmup_args=("--json", duck_out))
    results.append(duck)
    query_only = Result("DuckDB, the query alone (in-process timer)")
    query_only.seconds = duckdb_query_seconds(duck_runs) if duck.skipped is None else None
    query_only.skipped = duck.skipped
    query_only.note = "rss-na"
    results.append(query_only)
    if duck.skipped is None and args.duckdb_repeat > 0:
        # DuckDB's first query in a process pays for fresh memory; later ones on the same
        # connection run 2-3x faster. Shown for reference, not as the comparison.
        repeated = run([sys.executable, DUCKDB_SCRIPT, path, "--repeat", str(args.duckdb_repeat)],
                       os.devnull)
        warm = Result(f"DuckDB, the query alone, repeated in one process (best of "
                      f"{args.duckdb_repeat} after the first)", note="rss-na")
        warm.seconds = duckdb_query_seconds([repeated], skip_first=True)
        warm.skipped = None if warm.seconds else first_line(repeated.stderr)
        results.append(warm)

    graph_check = None
    if os.access(args.tracecli, os.X_OK) and not args.no_cause_graph:
        graph_out = base + ".tracecli-cause-graph.json"
        graph, _ = measure(
            "`tracecli cause-graph FILE --format json --no-findings` (whole graph)",
            [args.tracecli, "cause-graph", path, "--format", "json", "--no-findings"],
            graph_out, args.runs, args.warmup)
        if graph.skipped is None:
            results.append(graph)
            graph_check = cause_graph_check(graph, summarize, graph_out, summary_out)
        else:
            print(f"  (cause-graph skipped: {graph.skipped})", file=sys.stderr)

    ratios = None
    if os.access(args.tracecli, os.X_OK) and summarize.skipped is None and args.ratio_runs > 0:
        ratios = command_ratios(path, args, base)
        for ratio in ratios:
            if ratio.result.seconds is not None and not ratio.name.startswith("summarize"):
                results.append(ratio.result)

    check = cross_check(summary_out, duck_out) if summarize.skipped is None else None
    return size, results, check, graph_check, ratios


# MARK: - The cause graph


def cause_graph_check(graph, summarize, graph_path, summary_path):
    """The cause graph's peak RSS against summarize's, and its join checked against the
    trace's cause count; returns (ok, message)."""
    problems, facts = [], []
    if graph.max_rss_kb and summarize.max_rss_kb:
        facts.append(f"peak RSS {graph.max_rss_kb / 1024:,.1f} MB vs summarize "
                     f"{summarize.max_rss_kb / 1024:,.1f} MB")
    try:
        with open(graph_path, encoding="utf-8") as f:
            causes = json.load(f).get("causes", {})
        with open(summary_path, encoding="utf-8") as f:
            events = json.load(f).get("events", {})
    except (OSError, ValueError) as error:
        return False, f"cause graph: could not read the outputs: {error}"
    placed = sum(causes.get(k, 0) for k in ("counted", "outOfRange", "unplaced"))
    if "causes" in events and placed != events["causes"]:
        problems.append(f"the graph counted {placed} causes, the trace has {events['causes']}")
    else:
        facts.append(f"{causes.get('counted', 0):,} causes joined to their nodes")
    if problems:
        return False, "cause graph: MISMATCH: " + "; ".join(problems)
    return True, "cause graph: " + "; ".join(facts)


# MARK: - Every command against summarize


# (command, what its time is compared with, the limit): issue #31.
RATIO_LIMITS = {
    "cause-graph": ("summarize", 1.5),
    "diagnose": ("summarize", 2.0),
    "report": ("summarize", 2.5),
    "export": ("summarize", 2.0),
    "check": ("diagnose", 1.1),
    "profile": ("summarize", 2.0),  # issue #32, on the samples shape
    # issue #33, on the samples shape: alone it rides the summary's read; with the findings it
    # names, the read of `diagnose`
    "hitches-no-findings": ("summarize", 1.2),
    "hitches": ("diagnose", 1.1),
}
ALL_RULES = ["long-body", "blocking-update", "fan-out", "environment-churn", "update-loop",
             "over-broad-input", "accumulation"]


class Ratio:
    def __init__(self, name, argv, key=None):
        self.name, self.argv = name, argv
        self.key = key or name.split()[0]
        self.result = Result(f"`tracecli {name}` (median of alternating runs)")
        self.times = []


def bench_budget(graph_path, budget_path):
    """A budget with a limit on the trace's largest cause-graph edge that forbids every rule:
    `check` must join the causes and find every finding."""
    edges = []
    try:
        with open(graph_path, encoding="utf-8") as f:
            graph = json.load(f)
        labels = {node["id"]: node["label"] for node in graph.get("nodes", [])}
        edge = graph["edges"][0]
        edges = [{"from": labels[edge["from"]], "to": labels[edge["to"]], "label": edge["label"],
                  "count": 10**12}]
    except (OSError, ValueError, KeyError, IndexError):
        pass
    with open(budget_path, "w", encoding="utf-8") as f:
        json.dump({"edges": edges, "findings": {"forbid": ALL_RULES}, "frames": {"missed": 10**12}}, f)


def command_ratios(path, args, base):
    """Runs summarize and every command that reads causes in alternation, `--ratio-runs` rounds
    after one warm-up round (which gives the peak RSS); returns the Ratios with median times."""
    budget = base + ".bench-budget.json"
    bench_budget(base + ".tracecli-cause-graph.json", budget)
    t = args.tracecli
    ratios = [
        Ratio("summarize FILE --format json", [t, "summarize", path, "--format", "json"]),
        Ratio("cause-graph FILE --format json --no-findings",
              [t, "cause-graph", path, "--format", "json", "--no-findings"]),
        Ratio("diagnose FILE --format json", [t, "diagnose", path, "--format", "json"]),
        Ratio("report FILE", [t, "report", path]),
        Ratio("export FILE --format chrome", [t, "export", path, "--format", "chrome"]),
        Ratio("check FILE --budget B --format json (edges, every rule forbidden)",
              [t, "check", path, "--budget", budget, "--format", "json"]),
    ]
    if re.search(r"-samples\d*\.jsonl$", path):
        # The samples shape measures what samples, hitches and hangs cost; the standard shape
        # the rest.
        ratios = [ratios[0], ratios[2],
                  Ratio("profile FILE --format json", [t, "profile", path, "--format", "json"]),
                  Ratio("hitches FILE --format json", [t, "hitches", path, "--format", "json"]),
                  Ratio("hitches FILE --format json --no-findings",
                        [t, "hitches", path, "--format", "json", "--no-findings"], key="hitches-no-findings")]
    for ratio in ratios:
        first = run_measuring_rss(ratio.argv, os.devnull)
        ratio.result.max_rss_kb = first.max_rss_kb
        if first.status not in (0, 1):
            ratio.result.skipped = f"exit {first.status}: {first_line(first.stderr)}"
    for _ in range(args.ratio_runs):
        for ratio in ratios:
            if ratio.result.skipped is None:
                ratio.times.append(run(ratio.argv, os.devnull).seconds)
    for ratio in ratios:
        if ratio.times:
            ratio.result.seconds = statistics.median(ratio.times)
    return ratios


def ratio_checks(ratios):
    """Each ratio against its limit: (all within, markdown table)."""
    by_word = {r.key: r for r in ratios}
    lines = ["| command | median s | ratio | limit | peak RSS MB |", "|---|---:|---:|---:|---:|"]
    ok = True
    for r in ratios:
        word = r.key
        rss = "—" if r.result.max_rss_kb is None else f"{r.result.max_rss_kb / 1024:,.1f}"
        if r.result.seconds is None:
            lines.append(f"| `{r.name}` | skipped: {r.result.skipped} | | | {rss} |")
            ok = False
            continue
        if word not in RATIO_LIMITS:
            lines.append(f"| `{r.name}` | {fmt_seconds(r.result.seconds)} | 1 | | {rss} |")
            continue
        against, limit = RATIO_LIMITS[word]
        other = by_word[against].result.seconds
        if not other:
            lines.append(f"| `{r.name}` | {fmt_seconds(r.result.seconds)} | — | {limit}× {against} | {rss} |")
            continue
        ratio = r.result.seconds / other
        within = ratio <= limit
        ok = ok and within
        lines.append(f"| `{r.name}` | {fmt_seconds(r.result.seconds)} | {ratio:.2f}× {against} "
                     f"| {limit}×{'' if within else ' — TOO SLOW'} | {rss} |")
    return ok, "\n".join(lines)


# MARK: - tracecli vs DuckDB


def cross_check(summary_path, duck_path):
    """Compares tracecli's `views` and `updates` with DuckDB's rows; returns (ok, message)."""
    try:
        with open(summary_path, encoding="utf-8") as f:
            summary = json.load(f)
        with open(duck_path, encoding="utf-8") as f:
            duck = json.load(f)["views"]
    except (OSError, ValueError, KeyError) as error:
        return False, f"could not read the outputs: {error}"

    problems = []
    key = lambda v: (v.get("module", ""), v.get("kind"), v.get("name"))
    ours = {key(v): v for v in summary.get("views", [])}
    theirs = {key(v): v for v in duck}
    for k in sorted(set(ours) | set(theirs), key=str):
        a, b = ours.get(k), theirs.get(k)
        if a is None or b is None:
            problems.append(f"{k}: only in {'DuckDB' if a is None else 'tracecli'}")
            continue
        for field in VIEW_FIELDS:
            if a.get(field) != b[field]:
                problems.append(f"{k} {field}: tracecli {a.get(field)} vs DuckDB {b[field]}")
    updates = summary.get("updates", {})
    for kind in ("body", "other", "representable"):
        rows = [v for v in duck if v["kind"] == kind]
        for field in KIND_FIELDS:
            expected = sum(v[field] for v in rows)
            got = updates.get(kind, {}).get(field, 0 if not rows else None)
            if got != expected:
                problems.append(f"updates.{kind}.{field}: tracecli {got} vs DuckDB {expected}")
    if problems:
        more = f" (and {len(problems) - 5} more)" if len(problems) > 5 else ""
        return False, "MISMATCH: " + "; ".join(problems[:5]) + more
    return True, f"tracecli `views` and `updates` equal DuckDB's ({len(theirs)} views)"


# MARK: - Report


def machine_facts():
    cpu = "unknown CPU"
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as f:
            for line in f:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    mem = ""
    try:
        with open("/proc/meminfo", encoding="utf-8") as f:
            kb = int(f.readline().split()[1])
            mem = f", {kb / 1048576:.0f} GiB RAM"
    except (OSError, ValueError, IndexError):
        pass
    system = platform.system()
    try:
        with open("/etc/os-release", encoding="utf-8") as f:
            for line in f:
                if line.startswith("PRETTY_NAME="):
                    system = line.split("=", 1)[1].strip().strip('"')
    except OSError:
        pass
    swift = "swift not found"
    try:
        out = subprocess.run(["swift", "--version"], capture_output=True, text=True, timeout=30)
        swift = next((l for l in (out.stdout + out.stderr).splitlines() if "Swift version" in l), swift)
        swift = swift.split("(")[0].strip()
    except (OSError, subprocess.SubprocessError):
        pass
    try:
        import duckdb  # noqa: PLC0415 (only for its version)
        duck = f"DuckDB {duckdb.__version__}"
    except ImportError:
        duck = "DuckDB missing"
    nproc = len(os.sched_getaffinity(0))
    return (f"{nproc} cores ({cpu}){mem}, {system}, kernel {platform.release()}; {swift}; "
            f"{duck}, Python {platform.python_version()}")


def fmt_seconds(s):
    return f"{s:.3f}" if s < 10 else f"{s:.2f}"


def table(path, size, results, runs, warmup):
    lines = [
        f"**{events_label(path)}, {size / 1e6:,.1f} MB** (`{os.path.basename(path)}`; "
        f"page cache warm, {warmup} warm-up + best of {runs})",
        "",
        "| command | wall s | MB/s | time ÷ tracecli | peak RSS MB |",
        "|---|---:|---:|---:|---:|",
    ]
    base = next((r.seconds for r in results
                 if r.name.startswith("`tracecli summarize") and r.seconds), None)
    for r in results:
        if r.seconds is None:
            lines.append(f"| {r.name} | skipped: {r.skipped or 'no timing'} | | | |")
            continue
        ratio = f"{r.seconds / base:.2f}×" if base else "—"
        rss = "—" if r.note == "rss-na" or r.max_rss_kb is None else f"{r.max_rss_kb / 1024:,.1f}"
        lines.append(f"| {r.name} | {fmt_seconds(r.seconds)} | {size / 1e6 / r.seconds:,.0f} "
                     f"| {ratio} | {rss} |")
    return "\n".join(lines)


def events_label(path):
    digits = "".join(c for c in os.path.basename(path).rsplit("-", 1)[-1] if c.isdigit())
    return f"{int(digits):,} events" if digits else os.path.basename(path)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="+")
    parser.add_argument("--tracecli", required=True)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--warmup", type=int, default=1)
    parser.add_argument("--workdir", default=tempfile.gettempdir(),
                        help="where the kept outputs go (tracecli JSON, DuckDB JSON)")
    parser.add_argument("--report", help="also write the markdown report here")
    parser.add_argument("--no-cause-graph", action="store_true")
    parser.add_argument("--ratio-runs", type=int, default=5, metavar="K",
                        help="alternating rounds for the ratios (0: none)")
    parser.add_argument("--duckdb-repeat", type=int, default=3, metavar="K",
                        help="also time K+1 DuckDB queries in one process (0: don't)")
    args = parser.parse_args()

    load_start = os.getloadavg()[0]
    facts = machine_facts()
    sections, all_ok = [], True
    for path in args.files:
        print(f"bench: {path} ...", file=sys.stderr)
        size, results, check, graph_check, ratios = bench_file(path, args, args.workdir)
        text = table(path, size, results, args.runs, args.warmup)
        for found in (check, graph_check):
            if found is not None:
                ok, message = found
                all_ok = all_ok and ok
                text += f"\n\nCheck: {message}."
        if ratios:
            ok, ratio_table = ratio_checks(ratios)
            all_ok = all_ok and ok
            text += (f"\n\nRatios ({args.ratio_runs} alternating rounds, medians; limits of issue #31):"
                     f"\n\n{ratio_table}")
        sections.append(text)

    load_end = os.getloadavg()[0]
    busy = ""
    if max(load_start, load_end) > 0.5:
        busy = (f" **Other work was running** (1-min load average {load_start:.2f} at start, "
                f"{load_end:.2f} at end): timings are noisy; rerun on an idle machine.")
        print(f"bench: warning: the machine was busy (load {load_start:.2f} / {load_end:.2f})",
              file=sys.stderr)
    report = "\n\n".join(sections) + (
        f"\n\nMachine: {facts}. {datetime.date.today().isoformat()}.{busy}\n"
        "MB = 10^6 bytes; MB/s = file size ÷ wall time; wall s = best of the timed runs, spawned "
        "directly. Peak RSS (MB = 2^20 bytes) = `/usr/bin/time -f %M` of the warm-up run. "
        "DuckDB runs with its default threads; its wall time includes starting Python and "
        "importing duckdb, the query-alone row does not.\n")
    print(report)
    if args.report:
        with open(args.report, "w", encoding="utf-8") as f:
            f.write(report)
        print(f"bench: report written to {args.report}", file=sys.stderr)
    return 0 if all_ok else 1


if __name__ == "__main__":
    sys.exit(main())
