#!/usr/bin/env python3
"""Independent reference for analysis.md "Findings" (`tracecli diagnose`).

A deliberately plain, in-memory reading of the seven rules, on top of analysis.py's reader,
frame timeline and cause graph. Python 3.11 standard library only.

    python3 Scripts/reference/findings.py TRACE.jsonl [--orange NS] [--red NS]
        [--min-red N] [--blocking-frames N] [--fan-out N] [--churn-frames N]
        [--loop-frames N] [--loop-gestures PERCENT] [--self-min N] [--accumulation-frames N]

prints {"findings": [{"rule", "severity", "nodes", "count", "costNs"}, ...]} (sorted keys,
a long-body or blocking-update finding of a node with samples adds "verdict" and "hotAppFrames",
2-space indent), errors first, then costNs descending, then rule (in the table's order) and
nodes. Exit codes as analysis.py.

Readings where analysis.md is open (the same as tracecli documents in docs/analysis.md):
  * A frame is the frame that contains a time on the timeline of frames.py (recorded frames'
    covers, grid frames between them); missed frames and their updates (a recorded frame's
    work, a grid frame's stretch) come from frames.Deadlines, as in the summary.
  * fan-out: S must be a source node (not an update or unknown node), V an update node; the
    destination updates include unfinished ones, one per cause event.
  * environment-churn: the views named are the update nodes with at least one skipped update
    reached by the source's update edges.
  * update-loop: gesture edges are edges from any gesture source node into the component.
  * Ties after costNs: rule in the table's order, then the nodes list.
"""

import json
import sys

sys.path.insert(0, __import__("os").path.dirname(__file__))
import analysis as ref  # noqa: E402
import frames as frames_ref  # noqa: E402
import samples as profile_ref  # noqa: E402

RULES = ["long-body", "blocking-update", "fan-out", "environment-churn", "update-loop",
         "over-broad-input", "accumulation"]
DEFAULTS = {"minRed": 3, "blockingFrames": 4, "fanOut": 8, "churnFrames": 10, "loopFrames": 10,
            "loopGestures": 10.0, "selfMin": 5, "accumulationFrames": 2}
OPTIONS = {"--min-red": "minRed", "--blocking-frames": "blockingFrames", "--fan-out": "fanOut",
           "--churn-frames": "churnFrames", "--loop-frames": "loopFrames",
           "--loop-gestures": "loopGestures", "--self-min": "selfMin",
           "--accumulation-frames": "accumulationFrames"}


def lower_median(values):
    s = sorted(values)
    return s[(len(s) - 1) // 2]


def is_main(u):
    return u.get("thread", "main") == "main"


def finished(u):
    return u["duration"] < ref.UNFINISHED_NS


def strongly_connected(nodes, successors):
    """Tarjan's algorithm, iterative: node -> component number."""
    index, low, on, comp, stack = {}, {}, set(), {}, []
    counter = [0]
    number = 0
    for root in nodes:
        if root in index:
            continue
        work = [(root, iter(successors.get(root, ())))]
        index[root] = low[root] = counter[0]
        counter[0] += 1
        stack.append(root)
        on.add(root)
        while work:
            node, it = work[-1]
            advanced = False
            for nxt in it:
                if nxt not in index:
                    index[nxt] = low[nxt] = counter[0]
                    counter[0] += 1
                    stack.append(nxt)
                    on.add(nxt)
                    work.append((nxt, iter(successors.get(nxt, ()))))
                    advanced = True
                    break
                if nxt in on:
                    low[node] = min(low[node], index[nxt])
            if advanced:
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                while True:
                    m = stack.pop()
                    on.discard(m)
                    comp[m] = number
                    if m == node:
                        break
                number += 1
    return comp


def diagnose(trace, orange=ref.DEFAULT_ORANGE, red=ref.DEFAULT_RED, settings=None, refresh_rate=None):
    st = dict(DEFAULTS, **(settings or {}))
    budget, _, _ = frames_ref.budget_facts(trace.header, refresh_rate)
    timeline = frames_ref.Timeline(trace.frames, budget, ref.trace_start(trace))
    deadlines = frames_ref.Deadlines(trace.updates, timeline, red, ref.UNFINISHED_NS)
    frame_of = timeline.frame_of
    missed = deadlines.missed

    findings = []

    def add(rule, severity, nodes, count, cost):
        findings.append({"rule": rule, "severity": severity, "nodes": nodes, "count": count,
                         "costNs": cost})

    by_node = {}
    for u in trace.updates:
        by_node.setdefault(ref.update_node_key(u), []).append(u)

    # long-body and blocking-update; a node with samples also carries the profile's verdict and
    # its first 3 hot app frames (analysis.md "Profile and hitches JSON", samples.py).
    profile = profile_ref.Profile(trace) if trace.samples else None

    def add_profile(key):
        extras = profile.finding_extras(key) if profile is not None else None
        if extras is not None:
            findings[-1].update(extras)

    for key, updates in by_node.items():
        label = ref.node_label(key)
        if key[1] in ("body", "representable"):
            reds = [u for u in updates if finished(u) and u["duration"] > red]
            if len(reds) >= st["minRed"]:
                long_ones = [u for u in updates if finished(u) and u["duration"] > orange]
                error = any(deadlines.missed_frame_of(u) is not None for u in reds)
                add("long-body", "error" if error else "warning", [label], len(long_ones),
                    sum(u["duration"] for u in long_ones))
                add_profile(key)
        blocking = [u for u in updates
                    if finished(u) and is_main(u) and u["duration"] >= st["blockingFrames"] * budget]
        if blocking:
            add("blocking-update", "error", [label], len(blocking), sum(u["duration"] for u in blocking))
            add_profile(key)

    # The graph, cause by cause.
    updates_by_id = {u["id"]: u for u in trace.updates}
    sources_by_id = {s["id"]: s for s in trace.sources}

    def node_of(i):
        if i in updates_by_id:
            return ref.update_node_key(updates_by_id[i])
        if i in sources_by_id:
            s = sources_by_id[i]
            return ("source", s["kind"], s["label"])
        return ("unknown", i)

    causes = []
    successors = {}
    nodes = set()
    for c in trace.causes:
        a, b = node_of(c["from"]), node_of(c["to"])
        nodes.update((a, b))
        successors.setdefault(a, set()).add(b)
        causes.append((c, a, b, updates_by_id.get(c["to"])))

    fan, churn, self_edges = {}, {}, {}
    for c, a, b, target in causes:
        label = c.get("label", "update")
        if label == "update" and target is not None and a[0] == "source":
            if a[1] in ("environment", "environmentWriter"):
                ch = churn.setdefault(a, {"frames": set(), "views": set(), "cost": 0})
                ch["frames"].add(frame_of(target["start"]))
                if finished(target):
                    ch["cost"] += target["duration"]
                if target.get("skipped", False):
                    ch["views"].add(b)
            else:
                fan.setdefault((a, b), []).append(target)
        if (label == "update" and target is not None and a[0] == "update"
                and c.get("changed") == "@self" and finished(target)):
            self_edges.setdefault((a, b), []).append(target["duration"])

    for (a, b), targets in fan.items():
        times = sorted(t["start"] for t in targets)
        bursts = [1]
        for previous, current in zip(times, times[1:]):
            if current - previous > budget:
                bursts.append(1)
            else:
                bursts[-1] += 1
        if len(bursts) >= 2 and lower_median(bursts) >= st["fanOut"]:
            add("fan-out", "warning", [ref.node_label(a), ref.node_label(b)], len(targets),
                sum(t["duration"] for t in targets if finished(t)))

    for a, ch in churn.items():
        if len(ch["frames"]) >= st["churnFrames"] and ch["views"]:
            views = sorted(ref.node_label(v) for v in ch["views"])
            add("environment-churn", "warning", [ref.node_label(a)] + views, len(ch["frames"]), ch["cost"])

    comp = strongly_connected(sorted(nodes, key=repr), successors)
    members = {}
    for n, k in comp.items():
        members.setdefault(k, []).append(n)
    loops = {k for k, ns in members.items()
             if len(ns) > 1 or any(n in successors.get(n, ()) for n in ns)}
    loop_frames = {k: set() for k in loops}
    gesture_frames = {k: set() for k in loops}
    for c, a, b, target in causes:
        k = comp[b]
        if k not in loops:
            continue
        internal = comp[a] == k
        gesture = a[0] == "source" and a[1] == "gesture"
        if not (internal or gesture):
            continue
        if target is not None:
            frame = frame_of(target["start"])
        elif b[0] == "source" and "time" in c:
            frame = frame_of(c["time"])
        else:
            continue
        if internal:
            loop_frames[k].add(frame)
        if gesture:
            gesture_frames[k].add(frame)
    for k in loops:
        frames = loop_frames[k]
        gestures = len(gesture_frames[k] & frames)
        if len(frames) >= st["loopFrames"] and gestures * 100 < st["loopGestures"] * len(frames):
            cost = sum(u["duration"] for n in members[k] if n[0] == "update"
                       for u in by_node.get(n, []) if finished(u))
            add("update-loop", "error", sorted(ref.node_label(n) for n in members[k]), len(frames), cost)

    for (a, b), durations in self_edges.items():
        if len(durations) >= st["selfMin"] and lower_median(durations) > orange:
            add("over-broad-input", "warning", [ref.node_label(a), ref.node_label(b)], len(durations),
                sum(durations))

    accumulation = {k: w for k, w in missed.items() if not w["red"]}
    if len(accumulation) >= st["accumulationFrames"]:
        time = {}
        for u in trace.updates:
            if deadlines.missed_frame_of(u) in accumulation:
                key = ref.update_node_key(u)
                time[key] = time.get(key, 0) + u["duration"]
        ranked = sorted(time.items(), key=lambda kv: (-kv[1], ref.node_label(kv[0])))[:3]
        overrun = sum(w["overrun"] for w in accumulation.values())
        add("accumulation", "warning", [ref.node_label(k) for k, _ in ranked], len(accumulation), overrun)

    findings.sort(key=lambda f: (f["severity"] != "error", -f["costNs"], RULES.index(f["rule"]), f["nodes"]))
    return {"findings": findings}


def main(argv):
    path = None
    orange, red = ref.DEFAULT_ORANGE, ref.DEFAULT_RED
    settings = {}
    i = 0
    while i < len(argv):
        a = argv[i]
        if a in OPTIONS or a in ("--orange", "--red", "--format"):
            if i + 1 >= len(argv):
                return ref.usage_error(f"{a} needs a value")
            value = argv[i + 1]
            if a == "--format":
                pass
            elif a == "--loop-gestures":
                settings["loopGestures"] = float(value.rstrip("%"))
            elif a == "--orange":
                orange = int(value)
            elif a == "--red":
                red = int(value)
            else:
                settings[OPTIONS[a]] = int(value)
            i += 2
        elif path is None:
            path = a
            i += 1
        else:
            return ref.usage_error(f"unexpected argument {a}")
    if path is None:
        return ref.usage_error("missing TRACE.jsonl")
    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError as e:
        sys.stderr.write(f"{path}: cannot read: {e.strerror}\n")
        return ref.EXIT_NOINPUT
    try:
        trace = ref.read_trace(data)
    except ref.TraceError as e:
        sys.stderr.write(f"{path}:{e.line}:{e.column}: {e.message}\n")
        return ref.EXIT_DATA
    result = diagnose(trace, orange, red, settings)
    sys.stdout.write(json.dumps(result, indent=2, sort_keys=True, ensure_ascii=False) + "\n")
    return ref.EXIT_OK


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
