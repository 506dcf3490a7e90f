#!/usr/bin/env python3
"""Times `tracecli report` and `tracecli export` against `tracecli summarize` on one trace.

Usage: Scripts/bench/pictures.py TRACECLI TRACE [RUNS]

Runs each command once to warm the page cache, then RUNS times (default 5), and prints a
markdown table of the best wall time, the ratio to summarize, the output's size and the peak
RSS (GNU time). Outputs go to a temporary folder beside nothing the repository tracks.
Exit status 1 when the report page is over the README's cap (20 MB).
"""
import os
import subprocess
import sys
import tempfile
import time


def measure(command, runs):
    best, rss = None, None
    for index in range(runs + 1):
        start = time.perf_counter()
        result = subprocess.run(
            ["/usr/bin/time", "-f", "%M"] + command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        elapsed = time.perf_counter() - start
        if result.returncode != 0:
            raise SystemExit("failed: %s\n%s" % (" ".join(command), result.stderr.decode()))
        if index == 0:
            continue  # warm-up
        best = elapsed if best is None else min(best, elapsed)
        rss = int(result.stderr.decode().strip().splitlines()[-1]) // 1024
    return best, rss


def main():
    tracecli, trace = sys.argv[1], sys.argv[2]
    runs = int(sys.argv[3]) if len(sys.argv) > 3 else 5
    folder = tempfile.mkdtemp(prefix="tracecli-pictures-")
    out = lambda name: os.path.join(folder, name)
    rows = [
        ("summarize FILE --format json", [tracecli, "summarize", trace, "--format", "json"], None),
        ("report FILE -o report.html", [tracecli, "report", trace, "-o", out("report.html")], out("report.html")),
        ("export FILE --format chrome > /dev/null", [tracecli, "export", trace, "--format", "chrome"], None),
        ("export FILE --format chrome -o trace.json", [tracecli, "export", trace, "--format", "chrome", "-o",
                                                        out("trace.json")], out("trace.json")),
        ("export FILE --format rows -o rows.jsonl", [tracecli, "export", trace, "--format", "rows", "-o",
                                                      out("rows.jsonl")], out("rows.jsonl")),
    ]
    size = os.path.getsize(trace) / 1e6
    print("| %s, %.0f MB | best of %d, s | ÷ summarize | output MB | peak RSS MB |" % (
        os.path.basename(trace), size, runs))
    print("|---|---:|---:|---:|---:|")
    base = None
    over = []
    for name, command, output in rows:
        best, rss = measure(command, runs)
        base = base or best
        written = "%.1f" % (os.path.getsize(output) / 1e6) if output else "—"
        if output and output.endswith(".html") and os.path.getsize(output) > REPORT_CAP:
            over.append("the report is %s MB, over the %d MB cap" % (written, REPORT_CAP // 10**6))
        print("| `tracecli %s` | %.3f | %.2f× | %s | %d |" % (name, best, best / base, written, rss))
    for name in os.listdir(folder):
        os.remove(os.path.join(folder, name))
    os.rmdir(folder)
    for line in over:
        print(line, file=sys.stderr)
    return 1 if over else 0


REPORT_CAP = 20 * 10**6

sys.exit(main())
