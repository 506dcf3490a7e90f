#!/usr/bin/env bash
# Cross-checks windowed analyses (`--window`) against the reference (analysis.py).
#
#   Scripts/reference/crosscheck-windows.sh          # window_trace.py seeds 1..40
#   Scripts/reference/crosscheck-windows.sh 200 600  # seeds 1..200, about 600 updates each
#
# Environment: TRACECLI (default .build/debug/tracecli), PYTHON (default python3).
#
# Per trace, for several selections (each window name, a SUBSYSTEM/NAME, the union of two names,
# a name with --from/--to, an empty window), compared:
#   * `summarize --format json`: the keys of analysis.md "Summary JSON" (updates, views in order,
#     frames, thresholds) and "window" (names, intervals, spanNs, the app's hitches, the hangs and
#     the samples in the window);
#   * `cause-graph --all --format json`: nodes by (kind, module, label) with count, user and
#     dimmed; edges by their ends and label with their count;
#   * `check` with a budget whose "windows" section limits that window's missed frames, app
#     hitches, hangs and red updates at the reference's figures (exit 0, or 65 when the recording
#     did not capture hitches or hangs), and its missed frames and one red fewer (exit 1);
#   * `summarize --list-windows --format json` once per trace, and an unknown name (exit 64).
# Exit status: 0 when everything matches, 1 on any mismatch, 2 on a setup error.
set -u

here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
tracecli="${TRACECLI:-$root/.build/debug/tracecli}"
python="${PYTHON:-python3}"
count="${1:-40}"
size="${2:-300}"

if [[ ! -x "$tracecli" ]]; then
  echo "crosscheck-windows: no tracecli binary at $tracecli (swift build first, or set TRACECLI)" >&2
  exit 2
fi
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

TRACECLI="$tracecli" "$python" - "$here" "$tmp" "$count" "$size" <<'PY'
import json, os, subprocess, sys

here, tmp, count, size = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
tracecli = os.environ["TRACECLI"]
python = sys.executable
mismatches = 0
compared = 0

def run(arguments):
    result = subprocess.run(arguments, capture_output=True, text=True)
    return result.returncode, result.stdout, result.stderr

def reference(*arguments):
    return run([python, f"{here}/analysis.py", *arguments])

def ours(*arguments):
    return run([tracecli, *arguments])

def node_key(node):
    return (node["kind"], node.get("module") or "", node["label"])

def graph(text, ids):
    data = json.loads(text)
    nodes, edges = {}, {}
    by_id = {}
    for node in data["nodes"]:
        key = node_key(node)
        nodes[key] = (node["count"], node["user"], node["dimmed"])
        if ids:
            by_id[node["id"]] = key
    for edge in data["edges"]:
        if ids:
            ends = (by_id[edge["from"]], by_id[edge["to"]])
        else:
            ends = (node_key(edge["from"]), node_key(edge["to"]))
        edges[ends + (edge["label"],)] = edge["count"]
    return nodes, edges

for seed in range(1, count + 1):
    path = f"{tmp}/w{seed}.jsonl"
    status, text, _ = run([python, f"{here}/window_trace.py", str(seed), size])
    if status != 0:
        print(f"seed {seed}: window_trace.py failed"); sys.exit(2)
    open(path, "w").write(text)
    problems = []
    status, ref_list, _ = reference("summarize", path, "--list-windows")
    got_status, got_list, _ = ours("summarize", path, "--list-windows", "--format", "json")
    windows = json.loads(ref_list)["windows"]
    if got_status != 0 or json.loads(got_list)["windows"] != windows:
        problems.append("--list-windows differs")
    names = sorted({w["name"] for w in windows})
    qualified = [f'{w["subsystem"]}/{w["name"]}' for w in windows if w["subsystem"]]
    selections = [[n] for n in names[:4]] + [[q] for q in qualified[:2]]
    if len(names) >= 2:
        selections.append(names[:2])
    selections.append(["Nowhere at all"])
    for selection in selections:
        for extra in ([], ["--from", "20000000", "--to", "300000000"]):
            args = [a for name in selection for a in ("--window", name)] + extra
            label = f"seed {seed} {args}"
            ref_status, ref_text, _ = reference("summarize", path, *args)
            got_status, got_text, _ = ours("summarize", path, "--format", "json", *args)
            if ref_status != got_status:
                problems.append(f"{label}: exit {got_status}, the reference's {ref_status}")
                continue
            if ref_status != 0:
                continue
            compared += 1
            ref_summary, got_summary = json.loads(ref_text), json.loads(got_text)
            for key in ("updates", "views", "thresholds", "window"):
                if ref_summary.get(key) != got_summary.get(key):
                    problems.append(f"{label}: {key} differs")
            ref_frames = ref_summary["frames"]
            if {k: got_summary["frames"].get(k) for k in ref_frames} != ref_frames:
                problems.append(f"{label}: frames differ: {ref_frames} vs {got_summary['frames']}")
            ref_status, ref_graph, _ = reference("cause-graph", path, *args)
            got_status, got_graph, _ = ours("cause-graph", path, "--all", "--format", "json", "--no-findings", *args)
            if ref_status != 0 or got_status != 0:
                problems.append(f"{label}: cause-graph exit {got_status}, the reference's {ref_status}")
            else:
                (rn, re), (gn, ge) = graph(ref_graph, False), graph(got_graph, True)
                if rn != gn:
                    problems.append(f"{label}: cause-graph nodes differ: {sorted(set(rn.items()) ^ set(gn.items()))[:3]}")
                if re != ge:
                    problems.append(f"{label}: cause-graph edges differ: {sorted(set(re.items()) ^ set(ge.items()))[:3]}")
            if extra or len(selection) != 1:
                continue
            # A budget whose window section holds this window's figures: passes; one lower: fails.
            window = ref_summary["window"]
            red = sum(kind["red"] for kind in ref_summary["updates"].values())
            limits = {"frames": {"missed": ref_summary["frames"]["missed"]},
                      "hitches": {"count": window["hitches"]["count"]},
                      "hangs": {"count": window["hangs"]["count"]}, "trace": {"red": red}}
            budget = f"{tmp}/budget.json"
            json.dump({"frames": {"missed": 100000}, "windows": {selection[0]: limits}}, open(budget, "w"))
            status, out, err = ours("check", path, "--budget", budget, "--format", "json", "--allow-empty")
            if status not in (0, 65):
                problems.append(f"{label}: check at the reference's figures exits {status}: {err.strip()[:200]}")
            if red > 0:
                # Without the hitch and hang limits: a recording that lacks them cannot be judged (65).
                limits = {"frames": limits["frames"], "trace": {"red": red - 1}}
                json.dump({"windows": {selection[0]: limits}}, open(budget, "w"))
                status, out, err = ours("check", path, "--budget", budget, "--format", "json", "--allow-empty")
                if status != 1:
                    problems.append(f"{label}: check one red below exits {status}")
    for problem in problems[:8]:
        print(problem)
    if problems:
        mismatches += 1
print(f"crosscheck-windows: {count} traces, {compared} windowed summaries compared, {mismatches} traces with mismatches")
sys.exit(1 if mismatches else 0)
PY
