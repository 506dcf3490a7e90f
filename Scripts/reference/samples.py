#!/usr/bin/env python3
"""Independent reference for analysis.md "Samples: where the time inside an update went"
(`tracecli profile`).

A deliberately plain, in-memory reading of the rules, on top of analysis.py's reader and its
cause-graph node keys. Python 3.11 standard library only; quadratic where that keeps the code
obviously right (fine for the small traces the cross-checks use).

    python3 Scripts/reference/samples.py TRACE.jsonl [--view V] [--format json|folded]
                                         [--from NS] [--to NS]
    python3 Scripts/reference/samples.py --self-test

Output (analysis.md "Profile and hitches JSON"):
  * json, no --view: {"nodes": [node object for every node with samples, most sampledNs first,
    ties by node label], "samples": N, "outsideUpdatesSamples": N, "outsideUpdatesNs": N}
  * json, --view V: the single node object {"node", "samples", "sampledNs", "updateNs",
    "coverage", "verdict", "hotAppFrames", "frames"}
  * folded: "root;...;leaf WEIGHT_US" lines, sorted by the stack text (code point).
Exit codes: 0 ok, 1 --view names no node, 64 usage (and --view naming several nodes), 65 malformed trace,
66 unreadable file. Dangling stack ids are reported on stderr, one line per id.

Readings where analysis.md leaves room (tracecli is expected to document the same):
  * Thread identity: `thread` absent or "main" is the main thread; every other name is its own
    thread, compared as a string (no prefix matching: importers normalise names).
  * Finished = duration < 3_600_000_000_000 ns. Only finished updates hold samples, count in
    updateNs, or nest inside another update (an unfinished update is ignored here entirely).
    Skipped updates are ordinary finished updates.
  * "Inner" order between two updates A, B of one thread: B is inner to A when B.start > A.start,
    or equal starts and B.duration < A.duration, or equal starts and durations and B.id < A.id.
    A sample belongs to the most inner finished update of its thread with
    start <= time < start + duration (a zero-length update holds nothing).
  * Self time of A = A.duration - |union of [B.start, min(B.end, A.end))| over the finished
    updates B of A's thread that are inner to A and have B.start < A.end (partly overlapping
    ones are clipped at A's end).
  * updateNs of a node sums the self time of its finished updates U whose thread has samples and
    first sample time <= U.start <= last sample time of that thread (both ends inclusive).
  * coverage = sampledNs / updateNs as a double, 0.0 when updateNs is 0. So a node with samples
    but no counted update time (e.g. its only update started before its thread's first sample)
    gets coverage 0 and verdict "blocked": the literal rule. The verdict is decided on the exact
    integers: cpu when 4*sampledNs >= 3*updateNs (and updateNs > 0), blocked when
    4*sampledNs < updateNs (or updateNs == 0), mixed otherwise. A node without samples: null.
  * A function is (name, binary); binary absent is its own value (null), distinct from any string.
    A dangling stack id N is the function ("unknown #N", null); it is user code only if a real
    symbol with that very name and no binary says so (the two would be one function).
  * frames: sorted by totalNs desc, selfNs desc, name (code point), then binary (null first, then
    code point).
  * hotAppFrames: kept per function (name, binary), like frames, so two app functions that share
    a name in two binaries are two entries with the same "name"; "(system)" collects the samples
    without a user, non-entry function. Sorted by ns desc, name (code point), binary (null first).
    Entry point: name == "main", or name ends with ".main()" or "$main()".
  * Nodes of the whole-trace list with equal sampledNs and equal labels (one view name in two
    modules) are further ordered by kind, then module (code point).
  * --view resolves among the update nodes of every update in the trace (as cause_graph's nodes):
    analysis.view_matches (`Name`, `Module.Name`), and also the node's label (`Name.body`,
    `Name.update`, an `other` node's name) with or without `Module.` in front, so that every label
    the whole-trace list prints can be asked for. Several matching nodes: exit 64; none: exit 1
    (as cause-graph).
  * --from/--to (ns relative to the trace start, as analysis.py summarize: from inclusive, to
    exclusive; either may be alone) select events before anything is computed: an update counts
    when its start is in range, a sample when its time is. Attribution, self time and the sampled
    span then use the selected updates and samples only (as analysis.md "Windows" builds frames
    from the counted updates only). "samples" counts the selected samples.
  * folded: one line per distinct text (stacks that differ only in binaries or ids are one line);
    in a name, each ";", "\\n" and "\\r" becomes one space; weight in whole microseconds
    (ns + 500) // 1000, so a line may read 0. Without --view every selected sample, outside
    updates included; with --view the node's samples (no lines for a node without samples).
  * Dangling-id warnings count every sample of the file (not only the selected ones).
"""

import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import analysis as ref  # noqa: E402

SYSTEM = "(system)"


# MARK: - Small helpers

def thread_of(event):
    t = event.get("thread")
    return "main" if t is None or t == "main" else t


def finished(u):
    return u["duration"] < ref.UNFINISHED_NS


def end_of(u):
    return u["start"] + u["duration"]


def inner_rank(u):
    """Larger is more inner: latest start, then shorter duration, then smaller id."""
    return (u["start"], -u["duration"], -u["id"])


def union_length(intervals):
    total = 0
    current_start, current_end = None, None
    for a, b in sorted(intervals):
        if b <= a:
            continue
        if current_end is None or a > current_end:
            if current_end is not None:
                total += current_end - current_start
            current_start, current_end = a, b
        else:
            current_end = max(current_end, b)
    if current_end is not None:
        total += current_end - current_start
    return total


def is_entry_point(name):
    return name == "main" or name.endswith(".main()") or name.endswith("$main()")


def binary_order(binary):
    return (0, "") if binary is None else (1, binary)


def folded_name(name):
    return name.replace(";", " ").replace("\n", " ").replace("\r", " ")


# MARK: - Functions

class Functions:
    """Symbol ids -> functions (name, binary), and which functions are the app's own."""

    def __init__(self, trace):
        self.by_id = {}
        self.user = {}
        for sid, sym in trace.symbols.items():
            f = (sym["name"], sym.get("binary"))
            self.by_id[sid] = f
            self.user[f] = self.user.get(f, False) or sym.get("user", False)

    def of(self, sid):
        return self.by_id.get(sid, (f"unknown #{sid}", None))

    def is_user(self, f):
        return self.user.get(f, False)


def dangling_report(trace, functions):
    """[(id, samples naming it, first line)] for stack ids no symbol defines, by first line, id."""
    counts, first_line = {}, {}
    for s in trace.samples:
        for sid in set(s["stack"]):
            if sid not in functions.by_id:
                counts[sid] = counts.get(sid, 0) + 1
                first_line.setdefault(sid, s["line"])
    return sorted(((sid, counts[sid], first_line[sid]) for sid in counts), key=lambda r: (r[2], r[0]))


# MARK: - The analysis

def select_range(trace, range_from, range_to):
    """The updates and samples in [from, to) relative to the trace start (all without a range)."""
    if range_from is None and range_to is None:
        return list(trace.updates), list(trace.samples)
    t0 = ref.trace_start(trace)
    if t0 is None:
        return [], []

    def inside(t):
        rel = t - t0
        return (range_from is None or rel >= range_from) and (range_to is None or rel < range_to)

    return ([u for u in trace.updates if inside(u["start"])],
            [s for s in trace.samples if inside(s["time"])])


def owner_of(sample, finished_on_thread):
    """The innermost finished update of the sample's thread holding its time, or None."""
    best = None
    t = sample["time"]
    for u in finished_on_thread.get(thread_of(sample), []):
        if u["start"] <= t < end_of(u):
            if best is None or inner_rank(u) > inner_rank(best):
                best = u
    return best


def self_time(a, finished_on_thread):
    a_end = end_of(a)
    pieces = []
    for b in finished_on_thread[thread_of(a)]:
        if inner_rank(b) > inner_rank(a) and b["start"] < a_end:
            pieces.append((b["start"], min(end_of(b), a_end)))
    return a["duration"] - union_length(pieces)


class NodeStats:
    def __init__(self, key):
        self.key = key
        self.samples = []  # the node's samples, file order
        self.update_ns = 0

    def as_json(self, functions):
        sampled = sum(s["weight"] for s in self.samples)
        update_ns = self.update_ns
        coverage = sampled / update_ns if update_ns > 0 else 0.0
        if not self.samples:
            verdict = None
        elif update_ns > 0 and 4 * sampled >= 3 * update_ns:
            verdict = "cpu"
        elif update_ns == 0 or 4 * sampled < update_ns:
            verdict = "blocked"
        else:
            verdict = "mixed"

        self_ns, total_ns, hot = {}, {}, {}
        for s in self.samples:
            w = s["weight"]
            stack = [functions.of(sid) for sid in s["stack"]]
            if stack:
                self_ns[stack[0]] = self_ns.get(stack[0], 0) + w
            for f in set(stack):
                total_ns[f] = total_ns.get(f, 0) + w
            chosen = None
            for f in stack:  # leaf first
                if functions.is_user(f) and not is_entry_point(f[0]):
                    chosen = f
                    break
            hot_key = chosen if chosen is not None else (SYSTEM, None)
            hot[hot_key] = hot.get(hot_key, 0) + w

        frames = sorted(total_ns, key=lambda f: (-total_ns[f], -self_ns.get(f, 0), f[0], binary_order(f[1])))
        hot_order = sorted(hot, key=lambda f: (-hot[f], f[0], binary_order(f[1])))
        return {
            "node": ref.node_label(self.key),
            "samples": len(self.samples),
            "sampledNs": sampled,
            "updateNs": update_ns,
            "coverage": coverage,
            "verdict": verdict,
            "hotAppFrames": [{"name": f[0], "ns": hot[f]} for f in hot_order],
            "frames": [{"name": f[0], "binary": f[1], "selfNs": self_ns.get(f, 0), "totalNs": total_ns[f]}
                       for f in frames],
        }


class Profile:
    """Every update node's samples and update time, and the samples outside updates."""

    def __init__(self, trace, range_from=None, range_to=None):
        self.trace = trace
        self.functions = Functions(trace)
        updates, samples = select_range(trace, range_from, range_to)
        self.samples = samples

        finished_on_thread = {}
        for u in updates:
            if finished(u):
                finished_on_thread.setdefault(thread_of(u), []).append(u)

        self.nodes = {}
        for u in trace.updates:  # every node of the trace, so --view finds nodes out of range too
            key = ref.update_node_key(u)
            if key not in self.nodes:
                self.nodes[key] = NodeStats(key)

        self.outside = []
        for s in samples:
            u = owner_of(s, finished_on_thread)
            if u is None:
                self.outside.append(s)
            else:
                self.nodes[ref.update_node_key(u)].samples.append(s)

        span = {}  # thread -> (first sample time, last sample time)
        for s in samples:
            t = s["time"]
            first, last = span.get(thread_of(s), (t, t))
            span[thread_of(s)] = (min(first, t), max(last, t))
        for thread, us in finished_on_thread.items():
            if thread not in span:
                continue
            first, last = span[thread]
            for u in us:
                if first <= u["start"] <= last:
                    self.nodes[ref.update_node_key(u)].update_ns += self_time(u, finished_on_thread)

    def node_json(self, key):
        return self.nodes[key].as_json(self.functions)

    def whole_json(self):
        with_samples = [n for n in self.nodes.values() if n.samples]
        objects = [(n.as_json(self.functions), n.key) for n in with_samples]
        objects.sort(key=lambda o: (-o[0]["sampledNs"], o[0]["node"], o[1][1], o[1][2]))
        return {
            "nodes": [o for o, _ in objects],
            "samples": len(self.samples),
            "outsideUpdatesSamples": len(self.outside),
            "outsideUpdatesNs": sum(s["weight"] for s in self.outside),
        }

    def folded(self, key=None):
        samples = self.samples if key is None else self.nodes[key].samples
        weights = {}
        for s in samples:
            names = [folded_name(self.functions.of(sid)[0]) for sid in reversed(s["stack"])]
            text = ";".join(names) if names else "(no frames)"
            weights[text] = weights.get(text, 0) + s["weight"]
        return "".join(f"{text} {(weights[text] + 500) // 1000}\n" for text in sorted(weights))

    def finding_extras(self, key):
        """What a long-body / blocking-update finding of a node with samples carries (diagnose):
        {"verdict", "hotAppFrames" (the first 3)}; None for a node without samples."""
        if key not in self.nodes or not self.nodes[key].samples:
            return None
        o = self.node_json(key)
        return {"verdict": o["verdict"], "hotAppFrames": o["hotAppFrames"][:3]}


def view_matches(key, query):
    """analysis.view_matches, plus the node's label with or without `Module.` in front."""
    if ref.view_matches(key, query):
        return True
    if key[0] != "update":
        return False
    module, label = key[2], ref.node_label(key)
    return query == label or (module != "" and query == f"{module}.{label}")


def resolve_view(trace, query):
    """(node key, None) or (None, message)."""
    facts, _, _ = ref.cause_graph(trace)
    matches = sorted((k for k in facts if view_matches(k, query)), key=lambda k: (ref.node_label(k), k[1], k[2]))
    if not matches:
        return None, f"no view named {query!r}"
    if len(matches) > 1:
        names = ", ".join(f"{k[2] + '.' if k[2] else ''}{k[3]} ({k[1]})" for k in matches)
        return None, f"{query!r} names {len(matches)} nodes: {names}; give Module.Name or the node label"
    return matches[0], None


# MARK: - Command line

USAGE = """usage: samples.py TRACE.jsonl [--view V] [--format json|folded] [--from NS] [--to NS]
       samples.py --self-test
"""


def usage_error(message):
    sys.stderr.write(f"error: {message}\n{USAGE}")
    return ref.EXIT_USAGE


def write(text):
    sys.stdout.buffer.write(text.encode("utf-8"))


def main(argv):
    if argv == ["--self-test"]:
        return self_test()
    path, view, fmt = None, None, "json"
    bounds = {"--from": None, "--to": None}
    i = 0
    while i < len(argv):
        a = argv[i]
        if a in ("--view", "--format", "--from", "--to"):
            if i + 1 >= len(argv):
                return usage_error(f"{a} needs a value")
            value = argv[i + 1]
            if a == "--view":
                view = value
            elif a == "--format":
                if value not in ("json", "folded"):
                    return usage_error("--format must be json or folded")
                fmt = value
            else:
                try:
                    bounds[a] = int(value, 10)
                except ValueError:
                    return usage_error(f"{a} needs an integer number of ns, found {value!r}")
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

    profile = Profile(trace, bounds["--from"], bounds["--to"])
    for sid, count, line in dangling_report(trace, profile.functions):
        plural = "" if count == 1 else "s"
        sys.stderr.write(f"warning: symbol #{sid} is not defined ({count} sample{plural}, first at line {line})\n")

    key = None
    if view is not None:
        key, message = resolve_view(trace, view)
        if key is None:
            sys.stderr.write(f"{path}: {message}\n")
            # No such node: 1, as cause-graph; a name of several nodes: a usage error.
            return ref.EXIT_USAGE if "names" in message else 1
    if fmt == "folded":
        write(profile.folded(key))
    else:
        out = profile.whole_json() if key is None else profile.node_json(key)
        write(json.dumps(out, indent=2, ensure_ascii=False) + "\n")
    return ref.EXIT_OK


# MARK: - Self-test: a tiny trace with the answer worked out by hand

SELF_TEST_TRACE = r"""
{"type":"trace","version":1,"start":0}
{"type":"symbol","id":10,"name":"Parent.body.getter","binary":"App","user":true}
{"type":"symbol","id":11,"name":"ViewGraph.update","binary":"SwiftUICore"}
{"type":"symbol","id":12,"name":"static App.$main()","binary":"App","user":true}
{"type":"symbol","id":13,"name":"main","binary":"App","user":true}
{"type":"symbol","id":14,"name":"Formatter.init","binary":"Foundation"}
{"type":"symbol","id":15,"name":"Child.body.getter","binary":"App","user":true}
{"type":"symbol","id":17,"name":"a;b\nc","binary":"libswiftCore.dylib"}
{"type":"update","id":1,"kind":"body","view":"Parent","module":"App","start":0,"duration":10000000}
{"type":"update","id":2,"kind":"other","label":"Layout","start":2000000,"duration":3000000}
{"type":"update","id":3,"kind":"body","view":"Child","module":"App","start":4000000,"duration":4000000}
{"type":"update","id":4,"kind":"body","view":"Child","module":"App","start":12000000,"duration":1000000,"skipped":true}
{"type":"update","id":5,"kind":"body","view":"Parent","module":"App","start":20000000,"duration":3600000000000}
{"type":"update","id":6,"kind":"body","view":"Child","module":"App","start":14000000,"duration":2000000}
{"type":"update","id":7,"kind":"other","label":"Layout","start":14000000,"duration":1000000,"thread":"main"}
{"type":"update","id":8,"kind":"body","view":"Worker","module":"App","start":0,"duration":5000000,"thread":"worker"}
{"type":"update","id":9,"kind":"representable","view":"Child","module":"Maps","start":40000000,"duration":1000000}
{"type":"update","id":10,"kind":"other","label":"Idle","start":25000000,"duration":2000000}
{"type":"sample","time":0,"weight":1000000,"stack":[10,11,12]}
{"type":"sample","time":3000000,"weight":1000000,"stack":[14,11,12]}
{"type":"sample","time":4500000,"weight":1000000,"stack":[14,15,11,12]}
{"type":"sample","time":6000000,"weight":2000000,"stack":[16,99,12]}
{"type":"sample","time":14000000,"weight":1000000,"stack":[17,13]}
{"type":"sample","time":15000000,"weight":500000,"stack":[]}
{"type":"sample","time":11000000,"weight":1000000,"stack":[10]}
{"type":"sample","time":30000000,"weight":1000000,"stack":[11]}
{"type":"sample","time":1000000,"weight":1000000,"thread":"worker","stack":[15]}
{"type":"sample","time":2000000,"weight":1000000,"thread":"other","stack":[11]}
{"type":"sample","time":3000000,"weight":1000000,"thread":"main","stack":[15,15,11]}
{"type":"sample","time":11500000,"weight":1500,"stack":[17]}
{"type":"sample","time":31000000,"weight":499,"thread":"other","stack":[13]}
{"type":"symbol","id":16,"name":"Child.body.getter","binary":"App"}
""".lstrip()

# Worked by hand (ms = 1_000_000 ns). Main thread, finished: U1 [0,10) Parent, U2 [2,5) Layout,
# U3 [4,8) Child, U4 [12,13) Child skipped, U6 [14,16) Child, U7 [14,15) Layout, U9 [40,41)
# Child representable, U10 [25,27) Idle; U5 unfinished. Worker: U8 [0,5).
# Main samples at 0, 3, 4.5, 6, 14, 15, 11, 30, 3, 11.5 -> span [0, 30]: U9 (40) not counted.
# Worker sample at 1 -> span [1, 1]: U8 (start 0) not counted. Thread "other": no updates.
# Self times: U1 = 10 - |[2,5) u [4,8)| = 4; U2 = 3 - |[4,5)| = 2 (U3 clipped at U2's end);
# U3 = 4; U4 = 1; U6 = 2 - |[14,15)| = 1 (U7: same start, shorter); U7 = 1; U10 = 2.
# Owners: s@0 U1; s@3 U2 (twice: one without thread, one "main"); s@4.5 U3 (latest start);
# s@6 U3; s@14 U7 (same start as U6, shorter); s@15 U6 (U7 is half-open); s@11, s@11.5,
# s@30 (U5 unfinished), and the "other" samples: outside; worker s@1 U8.
# Parent.body: 1 ms / 4 ms = 0.25 -> mixed. Layout: 3 / (2 + 1) = 1 -> cpu.
# Child.body: 3.5 / (4 + 1 + 1) -> mixed. Worker.body: 1 / 0 -> coverage 0, blocked.
# Symbol 16 (after the samples) is the same function as 15; 99 is dangling.
SELF_TEST_WHOLE = {
    "nodes": [
        {"node": "Child.body", "samples": 3, "sampledNs": 3_500_000, "updateNs": 6_000_000,
         "coverage": 3.5 / 6, "verdict": "mixed",
         "hotAppFrames": [{"name": "Child.body.getter", "ns": 3_000_000}, {"name": "(system)", "ns": 500_000}],
         "frames": [
             {"name": "Child.body.getter", "binary": "App", "selfNs": 2_000_000, "totalNs": 3_000_000},
             {"name": "static App.$main()", "binary": "App", "selfNs": 0, "totalNs": 3_000_000},
             {"name": "unknown #99", "binary": None, "selfNs": 0, "totalNs": 2_000_000},
             {"name": "Formatter.init", "binary": "Foundation", "selfNs": 1_000_000, "totalNs": 1_000_000},
             {"name": "ViewGraph.update", "binary": "SwiftUICore", "selfNs": 0, "totalNs": 1_000_000},
         ]},
        {"node": "Layout", "samples": 3, "sampledNs": 3_000_000, "updateNs": 3_000_000,
         "coverage": 1.0, "verdict": "cpu",
         "hotAppFrames": [{"name": "(system)", "ns": 2_000_000}, {"name": "Child.body.getter", "ns": 1_000_000}],
         "frames": [
             {"name": "ViewGraph.update", "binary": "SwiftUICore", "selfNs": 0, "totalNs": 2_000_000},
             {"name": "Child.body.getter", "binary": "App", "selfNs": 1_000_000, "totalNs": 1_000_000},
             {"name": "Formatter.init", "binary": "Foundation", "selfNs": 1_000_000, "totalNs": 1_000_000},
             {"name": "a;b\nc", "binary": "libswiftCore.dylib", "selfNs": 1_000_000, "totalNs": 1_000_000},
             {"name": "main", "binary": "App", "selfNs": 0, "totalNs": 1_000_000},
             {"name": "static App.$main()", "binary": "App", "selfNs": 0, "totalNs": 1_000_000},
         ]},
        {"node": "Parent.body", "samples": 1, "sampledNs": 1_000_000, "updateNs": 4_000_000,
         "coverage": 0.25, "verdict": "mixed",
         "hotAppFrames": [{"name": "Parent.body.getter", "ns": 1_000_000}],
         "frames": [
             {"name": "Parent.body.getter", "binary": "App", "selfNs": 1_000_000, "totalNs": 1_000_000},
             {"name": "ViewGraph.update", "binary": "SwiftUICore", "selfNs": 0, "totalNs": 1_000_000},
             {"name": "static App.$main()", "binary": "App", "selfNs": 0, "totalNs": 1_000_000},
         ]},
        {"node": "Worker.body", "samples": 1, "sampledNs": 1_000_000, "updateNs": 0,
         "coverage": 0.0, "verdict": "blocked",
         "hotAppFrames": [{"name": "Child.body.getter", "ns": 1_000_000}],
         "frames": [{"name": "Child.body.getter", "binary": "App", "selfNs": 1_000_000, "totalNs": 1_000_000}]},
    ],
    "samples": 13,
    "outsideUpdatesSamples": 5,
    "outsideUpdatesNs": 3_001_999,
}

SELF_TEST_FOLDED = """(no frames) 500
Child.body.getter 1000
Parent.body.getter 1000
ViewGraph.update 2000
ViewGraph.update;Child.body.getter;Child.body.getter 1000
a b c 2
main 0
main;a b c 1000
static App.$main();ViewGraph.update;Child.body.getter;Formatter.init 1000
static App.$main();ViewGraph.update;Formatter.init 1000
static App.$main();ViewGraph.update;Parent.body.getter 1000
static App.$main();unknown #99;Child.body.getter 2000
"""

SELF_TEST_FOLDED_CHILD = """(no frames) 500
static App.$main();ViewGraph.update;Child.body.getter;Formatter.init 1000
static App.$main();unknown #99;Child.body.getter 2000
"""


def self_test():
    trace = ref.read_trace(SELF_TEST_TRACE.encode("utf-8"))
    profile = Profile(trace)

    got = profile.whole_json()
    assert got == SELF_TEST_WHOLE, json.dumps(got, indent=2)
    assert profile.folded() == SELF_TEST_FOLDED, profile.folded()

    # --view: by name, Module.Name and label; ambiguity; a node without samples.
    for query in ("Child.body", "App.Child.body"):
        key, message = resolve_view(trace, query)
        assert key == ("update", "body", "App", "Child"), (query, key, message)
        assert profile.node_json(key) == SELF_TEST_WHOLE["nodes"][0]
        assert profile.folded(key) == SELF_TEST_FOLDED_CHILD, profile.folded(key)
    key, message = resolve_view(trace, "App.Child")
    assert key == ("update", "body", "App", "Child"), message
    key, message = resolve_view(trace, "Child")  # a body in App and a representable in Maps
    assert key is None and "2 nodes" in message, message
    key, message = resolve_view(trace, "Nope")
    assert key is None, key
    key, _ = resolve_view(trace, "Child.update")
    assert key == ("update", "representable", "Maps", "Child"), key
    assert profile.node_json(key) == {"node": "Child.update", "samples": 0, "sampledNs": 0, "updateNs": 0,
                                      "coverage": 0.0, "verdict": None, "hotAppFrames": [], "frames": []}
    assert profile.folded(key) == ""
    key, _ = resolve_view(trace, "Idle")  # update time in the sampled span, no samples
    assert profile.node_json(key) == {"node": "Idle", "samples": 0, "sampledNs": 0, "updateNs": 2_000_000,
                                      "coverage": 0.0, "verdict": None, "hotAppFrames": [], "frames": []}

    # Dangling ids: 99, in one sample on line 22 (header 1, symbols 2-8, updates 9-18).
    assert dangling_report(trace, profile.functions) == [(99, 1, 22)], dangling_report(trace, profile.functions)

    # diagnose's extras: the verdict and the first 3 hot app frames.
    assert profile.finding_extras(("update", "body", "App", "Child")) == {
        "verdict": "mixed", "hotAppFrames": SELF_TEST_WHOLE["nodes"][0]["hotAppFrames"]}
    assert profile.finding_extras(("update", "representable", "Maps", "Child")) is None

    # --from 3 ms --to 15 ms: updates U3, U4, U6, U7; samples at 3 (x2), 4.5, 6, 14, 11, 11.5.
    # The samples at 3 ms now lie in no selected update. Main span [3, 14]: Child 4 + 1 + 1.
    ranged = Profile(trace, 3_000_000, 15_000_000).whole_json()
    assert [(n["node"], n["samples"], n["sampledNs"], n["updateNs"], n["verdict"]) for n in ranged["nodes"]] == [
        ("Child.body", 2, 3_000_000, 6_000_000, "mixed"), ("Layout", 1, 1_000_000, 1_000_000, "cpu")], ranged
    assert (ranged["samples"], ranged["outsideUpdatesSamples"], ranged["outsideUpdatesNs"]) == (7, 4, 3_001_500), ranged

    # Reader errors for the new events: (line, text at the error's column; None: column 1).
    bad = {
        '{"type":"sample","time":1,"weight":0,"stack":[]}': (1, '0,"stack"'),
        '{"type":"sample","time":1,"weight":-3,"stack":[]}': (1, "-3"),
        '{"type":"sample","time":1,"weight":1,"stack":[1,"2"]}': (1, "[1,"),
        '{"type":"sample","time":1,"weight":1,"stack":[1.5]}': (1, "[1.5"),
        '{"type":"sample","time":1,"weight":1,"stack":[9223372036854775808]}': (1, "[9"),
        '{"type":"sample","time":1,"weight":1,"stack":{}}': (1, "{}"),
        '{"type":"sample","time":1,"weight":1}': (1, None),
        '{"type":"sample","weight":1,"stack":[]}': (1, None),
        '{"type":"sample","time":1,"weight":1,"stack":[],"thread":5}': (1, "5}"),
        '{"type":"symbol","id":1}': (1, None),
        '{"type":"symbol","name":"f"}': (1, None),
        '{"type":"symbol","id":-1,"name":"f"}': (1, "-1"),
        '{"type":"symbol","id":1,"name":"f","user":"yes"}': (1, '"yes"'),
        '{"type":"symbol","id":1,"name":"f","binary":null}': (1, "null"),
        '{"type":"symbol","id":1,"name":"f"}\n{"type":"symbol","id":1,"name":"g"}': (2, '1,"name":"g"'),
    }
    for text, (line, marker) in bad.items():
        line_text = text.split("\n")[line - 1]
        column = 1 if marker is None else line_text.index(marker) + 1
        try:
            ref.read_trace(text.encode("utf-8"))
        except ref.TraceError as e:
            assert (e.line, e.column) == (line, column), (text, e.line, e.column, e.message)
        else:
            raise AssertionError(f"accepted: {text}")
    # Symbol ids apart from update ids; negative stack ids are integers (dangling).
    ok = ref.read_trace(b'{"type":"update","id":1,"kind":"other","start":0,"duration":5}\n'
                        b'{"type":"symbol","id":1,"name":"f"}\n'
                        b'{"type":"sample","time":2,"weight":1,"stack":[-4,1]}\n')
    assert list(ok.symbols) == [1] and ok.samples[0]["stack"] == [-4, 1]
    p = Profile(ok)
    assert p.folded() == "f;unknown #-4 0\n", p.folded()
    assert p.whole_json()["nodes"][0]["node"] == "(unnamed)"
    print("samples.py self-test: ok")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
