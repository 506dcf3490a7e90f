#!/usr/bin/env python3
"""Independent reference for analysis.md "Recorded hitches and hangs: what made them"
(`tracecli hitches`, and the figures `tracecli check --max-hitches / --max-hitch-time / --max-hang`
gates on).

A deliberately plain, in-memory reading, on top of analysis.py's reader, frames.py's budget,
findings.py's findings and samples.py's functions. Python 3.11 standard library only; quadratic
where that keeps the code obviously right.

    python3 Scripts/reference/hitches.py TRACE.jsonl [--from T] [--to T]
    python3 Scripts/reference/hitches.py --self-test

prints {"events": [...], "figures": {...}} (2-space indent):
  * events: one object per app hitch (`system` not true) and per hang whose `start` lies in the
    range, with the keys of analysis.md "Profile and hitches JSON" (kind, start, duration, verdict,
    updateNs, otherNs, explainedBy, findings) and three more: windowStart, windowEnd (the half-open
    window) and why (the id of the longest finished main-thread update overlapping the window,
    ties by the smaller id; null when none).
  * figures: {"hitches": {"count", "totalNs", "longestNs"}, "hangs": {"count", "longestNs"},
    "recorded": {"hitches", "hangs"}} over the same events.
T: ns relative to the trace start (from inclusive, to exclusive; either may be alone), an integer
or a number with a unit (ns, us, µs, ms, s). Exit codes as analysis.py.

Readings where analysis.md leaves room (the ones tracecli is expected to document):
  * B is the summary's frames.budgetNs (frames.budget_facts: the header's refreshRate, else the
    60 Hz default); recorded `frame` events do not change it.
  * Main thread: `thread` absent or "main" (updates and samples alike). Finished: duration below
    the 3_600_000_000_000 ns sentinel; unfinished updates take no part at all.
  * A window that starts before the trace start (a hitch near the beginning) is used as it is:
    events before the trace start count like any others. --from/--to select events by `start`
    only; the evidence (updates, samples, findings) is always the whole trace.
  * "Overlapping the window" (why, explainedBy): the update's [start, end) and the window share at
    least one nanosecond, so a zero-length update never overlaps and an update that ends at the
    window's start or starts at its end does not either. "Longest" is the update's full duration.
  * explainedBy for `updates`: only nodes with a positive time in the window; ties by label, then
    kind, then module (two nodes may share a label: one view name in two modules; both are listed).
  * explainedBy for `main-thread`: hot app frames as samples.py (kept per function (name, binary),
    the entry point skipped); "(system)" removed before the first 3 are taken; ties by name, then
    binary (null first).
  * Verdict with L = 0 (a hang of duration 0): updates (0 >= 0 and 4*0 >= 0, the literal rule).
  * `unknown`: the header's `recorded` list lacks "samples", or without a list no `sample` event at
    all (any thread). otherNs is still the weight of the main-thread samples the file has.
  * findings: the rules (sorted by code point, distinct) of the default-settings findings of the
    whole trace (findings.py) whose `nodes` hold the label of an explaining node.
  * Order: duration desc, start asc, hangs before hitches, then file order.
  * figures.recorded.hitches: the header's `recorded` list holds "hitches"; without a list, the
    trace has a `hitch` event (system ones included). Same for hangs. longestNs is 0 with no event.
"""

import json
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import analysis as ref  # noqa: E402
import findings as findings_ref  # noqa: E402
import frames as frames_ref  # noqa: E402
import samples as samples_ref  # noqa: E402

UNITS = {"ns": 1, "us": 1_000, "µs": 1_000, "ms": 1_000_000, "s": 1_000_000_000}


def parse_time(text):
    """An integer of ns, or a number with a unit ("2.5s", "400us"); None when malformed."""
    m = re.fullmatch(r"(-?[0-9]+(?:\.[0-9]+)?)(ns|us|µs|ms|s)?", text)
    if m is None:
        return None
    if m.group(2) is None:
        return int(m.group(1)) if "." not in m.group(1) else None
    whole, _, frac = m.group(1).partition(".")
    scale = UNITS[m.group(2)]
    sign = -1 if whole.startswith("-") else 1
    value = abs(int(whole)) * scale + (int(frac) * scale // 10 ** len(frac) if frac else 0)
    return sign * value


def is_main(event):
    return event.get("thread", "main") == "main"


def end_of(u):
    return u["start"] + u["duration"]


def clip(u, ws, we):
    """The part of update u inside [ws, we), or None when they share no nanosecond."""
    a, b = max(u["start"], ws), min(end_of(u), we)
    return (a, b) if a < b else None


def samples_recorded(trace):
    recorded = trace.header.get("recorded") if trace.header is not None else None
    if recorded is not None:
        return "samples" in recorded
    return len(trace.samples) > 0


def recorded(trace, what, events):
    listed = trace.header.get("recorded") if trace.header is not None else None
    if listed is not None:
        return what in listed
    return len(events) > 0


class Hitches:
    def __init__(self, trace, range_from=None, range_to=None):
        self.trace = trace
        self.budget, _, _ = frames_ref.budget_facts(trace.header)
        self.main_updates = [u for u in trace.updates
                             if is_main(u) and u["duration"] < ref.UNFINISHED_NS]
        self.main_samples = [s for s in trace.samples if is_main(s)]
        self.functions = samples_ref.Functions(trace)
        self.sampled = samples_recorded(trace)
        self.findings = findings_ref.diagnose(trace)["findings"]

        t0 = ref.trace_start(trace)

        def inside(t):
            if range_from is None and range_to is None:
                return True
            rel = t - t0
            return (range_from is None or rel >= range_from) and (range_to is None or rel < range_to)

        chosen = [("hang", h) for h in trace.hangs if inside(h["start"])]
        chosen += [("hitch", h) for h in trace.hitches if not h.get("system", False) and inside(h["start"])]
        chosen.sort(key=lambda kh: (-kh[1]["duration"], kh[1]["start"], kh[0] != "hang", kh[1]["line"]))
        self.events = [self.explain(kind, h) for kind, h in chosen]

    def outside_updates(self, t):
        return not any(u["start"] <= t < end_of(u) for u in self.main_updates)

    def explain(self, kind, h):
        B = self.budget
        ws = h["start"] - 2 * B if kind == "hitch" else h["start"]
        we = h["start"] + h["duration"]
        length = we - ws

        pieces, per_node, why = [], {}, None
        for u in self.main_updates:
            part = clip(u, ws, we)
            if part is None:
                continue
            pieces.append(part)
            per_node.setdefault(ref.update_node_key(u), []).append(part)
            if why is None or (u["duration"], -u["id"]) > (why["duration"], -why["id"]):
                why = u
        update_ns = samples_ref.union_length(pieces)
        outside = [s for s in self.main_samples if ws <= s["time"] < we and self.outside_updates(s["time"])]
        other_ns = sum(s["weight"] for s in outside)

        if update_ns >= other_ns and 4 * update_ns >= length:
            verdict = "updates"
        elif 4 * other_ns >= length:
            verdict = "main-thread" if self.sampled else "unknown"
        else:
            verdict = "elsewhere" if self.sampled else "unknown"

        found = []
        if verdict == "updates":
            times = {k: samples_ref.union_length(ps) for k, ps in per_node.items()}
            ranked = sorted((k for k in times if times[k] > 0),
                            key=lambda k: (-times[k], ref.node_label(k), k[1], k[2]))[:3]
            explained = [ref.node_label(k) for k in ranked]
            found = sorted({f["rule"] for f in self.findings if set(f["nodes"]) & set(explained)})
        elif verdict == "main-thread":
            explained = self.hot_app_frames(outside)
        else:
            explained = [h[k] for k in ("narrative", "cause") if kind == "hitch" and k in h]
        return {
            "kind": kind, "start": h["start"], "duration": h["duration"], "verdict": verdict,
            "updateNs": update_ns, "otherNs": other_ns, "explainedBy": explained, "findings": found,
            "windowStart": ws, "windowEnd": we, "why": why["id"] if why is not None else None,
        }

    def hot_app_frames(self, samples):
        """The names of the first 3 hot app frames of `samples`, "(system)" left out."""
        hot = {}
        for s in samples:
            for f in (self.functions.of(sid) for sid in s["stack"]):  # leaf first
                if self.functions.is_user(f) and not samples_ref.is_entry_point(f[0]):
                    hot[f] = hot.get(f, 0) + s["weight"]
                    break
        order = sorted(hot, key=lambda f: (-hot[f], f[0], samples_ref.binary_order(f[1])))
        return [f[0] for f in order[:3]]

    def figures(self):
        hitches = [e for e in self.events if e["kind"] == "hitch"]
        hangs = [e for e in self.events if e["kind"] == "hang"]
        return {
            "hitches": {"count": len(hitches), "totalNs": sum(e["duration"] for e in hitches),
                        "longestNs": max((e["duration"] for e in hitches), default=0)},
            "hangs": {"count": len(hangs), "longestNs": max((e["duration"] for e in hangs), default=0)},
            "recorded": {"hitches": recorded(self.trace, "hitches", self.trace.hitches),
                         "hangs": recorded(self.trace, "hangs", self.trace.hangs)},
        }

    def as_json(self):
        return {"events": self.events, "figures": self.figures()}


USAGE = "usage: hitches.py TRACE.jsonl [--from T] [--to T]\n       hitches.py --self-test\n"


def usage_error(message):
    sys.stderr.write(f"error: {message}\n{USAGE}")
    return ref.EXIT_USAGE


def main(argv):
    if argv == ["--self-test"]:
        return self_test()
    path = None
    bounds = {"--from": None, "--to": None}
    i = 0
    while i < len(argv):
        a = argv[i]
        if a in bounds or a == "--format":
            if i + 1 >= len(argv):
                return usage_error(f"{a} needs a value")
            if a == "--format":
                if argv[i + 1] != "json":
                    return usage_error("only --format json is supported")
            else:
                bounds[a] = parse_time(argv[i + 1])
                if bounds[a] is None:
                    return usage_error(f"{a} needs a time (ns, or with a unit), found {argv[i + 1]!r}")
            i += 2
        elif a.startswith("-") and a != "-":
            return usage_error(f"unknown option {a}")
        elif path is None:
            path = a
            i += 1
        else:
            return usage_error(f"unexpected argument {a}")
    if path is None:
        return usage_error("missing TRACE.jsonl")
    trace, status = ref.load_trace(path)
    if trace is None:
        return status
    out = Hitches(trace, bounds["--from"], bounds["--to"]).as_json()
    sys.stdout.buffer.write((json.dumps(out, indent=2, ensure_ascii=False) + "\n").encode("utf-8"))
    return ref.EXIT_OK


# MARK: - Self-test: a tiny trace with the answer worked out by hand

SELF_TEST_TRACE = """{"type":"trace","version":1,"refreshRate":250,"start":0}
{"type":"symbol","id":1,"name":"static App.$main()","binary":"App","user":true}
{"type":"symbol","id":2,"name":"Store.save()","binary":"App","user":true}
{"type":"symbol","id":3,"name":"FeedModel.decode(_:)","binary":"App","user":true}
{"type":"symbol","id":4,"name":"swift_retain","binary":"libswiftCore.dylib"}
{"type":"update","id":1,"kind":"body","view":"Parent","start":5000000,"duration":30000000}
{"type":"update","id":2,"kind":"body","view":"Child","start":30000000,"duration":3000000,"thread":"main"}
{"type":"update","id":3,"kind":"other","label":"Layout","start":25000000,"duration":0}
{"type":"update","id":4,"kind":"body","view":"Parent","start":10000000,"duration":30000000,"thread":"render"}
{"type":"update","id":5,"kind":"body","view":"Child","start":20000000,"duration":3600000000000}
{"type":"update","id":6,"kind":"body","view":"Other","start":39000000,"duration":30000000}
{"type":"hitch","start":30000000,"duration":10000000}
{"type":"hang","start":80000000,"duration":20000000,"kind":"Hang"}
{"type":"hitch","start":150000000,"duration":10000000,"narrative":"N","cause":"C"}
{"type":"hitch","start":150000000,"duration":50000000,"system":true}
{"type":"hang","start":300000000,"duration":0}
{"type":"sample","time":22000000,"weight":1000000,"stack":[1]}
{"type":"sample","time":35000000,"weight":1000000,"stack":[1]}
{"type":"sample","time":38000000,"weight":1000000,"stack":[1],"thread":"main"}
{"type":"sample","time":40000000,"weight":1000000,"stack":[1]}
{"type":"sample","time":38000000,"weight":1000000,"stack":[1],"thread":"render"}
{"type":"sample","time":80000000,"weight":1000000,"stack":[2,1]}
{"type":"sample","time":81000000,"weight":1000000,"stack":[2,1]}
{"type":"sample","time":82000000,"weight":1000000,"stack":[4,3,1]}
{"type":"sample","time":83000000,"weight":1000000,"stack":[3,1]}
{"type":"sample","time":84000000,"weight":1000000,"stack":[4,1]}
{"type":"sample","time":100000000,"weight":1000000,"stack":[2,1]}
"""

# Worked by hand (ms = 1e6 ns). B = 4 ms (250 Hz), so 4 budgets = 16 ms: Parent.body (id 1) and
# Other.body (id 6) are blocking updates; id 4 (render) and id 5 (unfinished) take no part.
# Hitch at 30 (10 ms): window [22, 40), L 18. Clipped: id 1 [22, 35), id 2 [30, 33), id 6 [39, 40),
# id 3 zero-length: union 14. Main samples outside updates in it: 35 (id 1 ends there), 38 -> 2.
# updates: Parent.body 13, Child.body 3, Other.body 1; why: ids 1 and 6 last 30 ms -> 1.
# Hang at 80 (20 ms): [80, 100), 5 outside samples, 4*5 >= 20 -> main-thread; hot app frames
# Store.save() 2, FeedModel.decode(_:) 2 (the leaf swift_retain is not the app's), (system) 1.
# Hitch at 150 (10 ms): [142, 160), nothing -> elsewhere, narrative then cause. The system hitch is
# left out. Hang at 300 of 0 ns: L = 0 -> updates with nothing to name.
MS = 1_000_000
SELF_TEST_EVENTS = [
    {"kind": "hang", "start": 80 * MS, "duration": 20 * MS, "verdict": "main-thread", "updateNs": 0,
     "otherNs": 5 * MS, "explainedBy": ["FeedModel.decode(_:)", "Store.save()"], "findings": [],
     "windowStart": 80 * MS, "windowEnd": 100 * MS, "why": None},
    {"kind": "hitch", "start": 30 * MS, "duration": 10 * MS, "verdict": "updates", "updateNs": 14 * MS,
     "otherNs": 2 * MS, "explainedBy": ["Parent.body", "Child.body", "Other.body"],
     "findings": ["blocking-update"], "windowStart": 22 * MS, "windowEnd": 40 * MS, "why": 1},
    {"kind": "hitch", "start": 150 * MS, "duration": 10 * MS, "verdict": "elsewhere", "updateNs": 0,
     "otherNs": 0, "explainedBy": ["N", "C"], "findings": [], "windowStart": 142 * MS,
     "windowEnd": 160 * MS, "why": None},
    {"kind": "hang", "start": 300 * MS, "duration": 0, "verdict": "updates", "updateNs": 0, "otherNs": 0,
     "explainedBy": [], "findings": [], "windowStart": 300 * MS, "windowEnd": 300 * MS, "why": None},
]
SELF_TEST_FIGURES = {"hitches": {"count": 2, "totalNs": 20 * MS, "longestNs": 10 * MS},
                     "hangs": {"count": 2, "longestNs": 20 * MS},
                     "recorded": {"hitches": True, "hangs": True}}


def self_test():
    got = Hitches(ref.read_trace(SELF_TEST_TRACE.encode("utf-8"))).as_json()
    assert got == {"events": SELF_TEST_EVENTS, "figures": SELF_TEST_FIGURES}, json.dumps(got, indent=2)

    # A `recorded` list without "samples" (and without "hangs"): unknown, narrative and cause only.
    listed = SELF_TEST_TRACE.replace('"start":0}', '"start":0,"recorded":["updates","hitches"]}', 1)
    got = Hitches(ref.read_trace(listed.encode("utf-8"))).as_json()
    assert [(e["verdict"], e["explainedBy"]) for e in got["events"]] == [
        ("unknown", []), ("updates", ["Parent.body", "Child.body", "Other.body"]), ("unknown", ["N", "C"]),
        ("updates", [])], got["events"]
    assert got["figures"]["recorded"] == {"hitches": True, "hangs": False}, got["figures"]

    # --from / --to (relative to the trace start) select events by start; evidence stays whole.
    got = Hitches(ref.read_trace(SELF_TEST_TRACE.encode("utf-8")), 30 * MS, 150 * MS).as_json()
    assert got["events"] == SELF_TEST_EVENTS[:2], got["events"]
    assert [parse_time(t) for t in ("15", "2.5s", "400us", "1.25ms", "x")] == [15, 2_500_000_000, 400_000,
                                                                               1_250_000, None]
    print("hitches.py self-test: ok")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
