#!/usr/bin/env python3
"""Deterministic random traces with recorded hitches and hangs, for cross-checking
`tracecli hitches` (and check's --max-hitches / --max-hitch-time / --max-hang) against hitches.py.

    python3 Scripts/reference/hitch_trace.py SEED [--no-samples] > out.jsonl

Writes a VALID trace (format version 1, header first); the same arguments always give the same
bytes. A trace is a row of scenes separated by idle stretches (a few short main-thread updates,
render-thread work, sparse samples), each scene planting hitches or hangs of one kind:

  * updates: long main-thread bodies filling the window, nested (children, grandchildren),
    several views, a parent that straddles the window's start and a sibling its end; one view
    (DetailView.body) red in every such scene (>= 3 of them: long-body), hangs longer than
    4 budgets (blocking-update), for some seeds bursts of RowView.body from one @Observable
    source (fan-out) and RowView in two modules (one label, two nodes);
  * main-thread: main-thread samples outside updates (app frames under `static App.$main()`,
    system-only stacks, a function name in two binaries), densities around the 1/4 threshold;
  * elsewhere: an idle main thread (few or no main samples), render-thread updates and samples;
  * boundary: updates that end exactly at the window's start or begin exactly at its end,
    straddle either edge, last zero ns, never finish (sentinel), two longest ones of equal length
    (why: the smaller id), samples exactly at the window's start, at its end and at update ends;
  * ties: a hang and a hitch with the same start and duration, hitches of equal duration;
  * system hitches (`system: true`, to be left out), `system: false` written out, hitches with a
    narrative, a cause, both or neither, hangs of every kind (and none), a first hitch whose
    window begins before the trace start, for some seeds a hang of duration 0.

Modes by seed: refreshRate 60, 120 ("120.0" sometimes) or none (B = the 60 Hz default); samples
with a header `recorded` list, samples without a list, no samples without a list, no samples with
a list lacking "samples" (--no-samples picks one of the last two); with a list, "hitches" and
"hangs" are sometimes missing (and then no such events); without one, sometimes no hang at all,
or only system hitches.
"""

import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import frames as frames_ref  # noqa: E402
from random_trace import Raw, Writer  # noqa: E402

MS = 1_000_000
UNFINISHED = [3_600_000_000_000, 2**62]
RENDER = "com.apple.SwiftUI.AsyncRenderer"

PARENTS = [("FeedView", "App", "body"), ("ContentView", "App", "body"), ("Layout: Stack", None, "other"),
           ("MapView", "App", "representable")]
CHILDREN = [("RowView", "App", "body"), ("AvatarView", "App", "body"), ("Text", "SwiftUI", "body"),
            ("Text Layout", "SwiftUI", "other"), ("ChartView", "App", "body"), ("Badge;View", "App", "body")]
HOT = ("DetailView", "App", "body")
BLOCKER = ("ReportView", "App", "body")
QUICK = [("Text", "SwiftUI", "body"), ("Preference List", None, "other"), ("ClockView", "App", "body")]

ENTRY = ("static App.$main()", "App")
PLAIN_MAIN = ("main", "App")
OUTSIDE_FUNCS = [("FeedModel.decode(_:)", "App"), ("ImageCache.load(_:)", "App"),
                 ("closure #1 in FeedModel.refresh()", "App"), ("Store.save()", "App"),
                 ("FeedModel.decode(_:)", "AppKitExtras")]  # one name in two binaries
SYSTEM_FUNCS = [("ViewGraph.updateOutputs()", "SwiftUICore"), ("AG::Subgraph::update(unsigned int)", "SwiftUICore"),
                ("JSONDecoder.decode(_:from:)", "Foundation"), ("swift_retain", "libswiftCore.dylib"),
                ("__psynch_mutexwait", "libsystem_kernel.dylib"), ("0x1a2b3c", None)]
NARRATIVES = ["Potentially expensive app update(s)", "Expensive commit", "GPU work"]
CAUSES = ["Commit to Render latency", "Render latency", "App latency"]
HANG_KINDS = [None, "Microhang", "Hang", "Severe Hang", "Brief Unresponsiveness"]


def getter(view):
    return (view + ".body.getter", "App")


def main(argv):
    args = list(argv)
    no_samples = "--no-samples" in args
    if no_samples:
        args.remove("--no-samples")
    if len(args) != 1:
        sys.stderr.write("usage: hitch_trace.py SEED [--no-samples]\n")
        return 64
    seed = int(args[0])
    rng = random.Random(seed)
    w = Writer(rng)

    rate = rng.choice([60, 120, None])
    B = frames_ref.budget_of(rate if rate is not None else 60)
    G = B // 8
    t0 = rng.choice([0, 1_000_000_000, rng.randint(10**9, 10**12)])
    mode = seed % 4 if not no_samples else 2 + seed % 2
    sampled = mode in (0, 1)
    with_list = mode in (0, 3)
    twins = seed % 5 == 0  # RowView.body in App and in Widgets

    updates, hitches, hangs, sources, causes = [], [], [], [], []
    extra_samples = []  # (time, weight, thread, kind) planted exactly; kind "update"/"outside"
    zones = []  # (start, end, p): chance that a main-thread sample outside updates is taken
    render_zones = []
    next_id = [rng.choice([1, 500, 10**12])]

    def new_id():
        next_id[0] += rng.choice([1, 1, 2, 9])
        return next_id[0]

    def update(node, start, duration, thread=None, **extra):
        view, module, kind = node
        if twins and view == "RowView" and rng.random() < 0.4:
            module = "Widgets"
        u = {"id": new_id(), "kind": kind, "name": view, "module": module, "start": start,
             "duration": max(0, duration), "thread": thread}
        u.update(extra)
        updates.append(u)
        return u

    def window_of(kind, start, duration):
        return (start - 2 * B, start + duration) if kind == "hitch" else (start, start + duration)

    def event(kind, start, duration, system=None):
        if kind == "hitch":
            h = {"start": start, "duration": duration, "system": system}
            if rng.random() < 0.6:
                h["narrative"] = rng.choice(NARRATIVES)
            if rng.random() < 0.4:
                h["cause"] = rng.choice(CAUSES)
            hitches.append(h)
        else:
            hangs.append({"start": start, "duration": duration, "kind": rng.choice(HANG_KINDS)})

    def pick_event(c, kind):
        """(start, duration) of an event whose window starts about 1 budget after c."""
        if kind == "hitch":
            d = rng.choice([B, B, 2 * B, 3 * B, 5 * B]) + rng.choice([0, 0, 1, -1])
            return c + 3 * B + rng.randint(0, B), d
        d = rng.choice([rng.randint(100 * MS, 250 * MS), rng.randint(250 * MS, 500 * MS), 100 * MS])
        return c + B + rng.randint(0, B), d

    def background(c, end):
        """Short main-thread updates and render work between scenes."""
        t = c + rng.randint(B, 2 * B)
        while t < end - B:
            update(rng.choice(QUICK), t, rng.randint(50_000, 600_000), rng.choice([None, None, "main"]))
            if rng.random() < 0.3:
                update(rng.choice(CHILDREN), t + rng.randint(0, B), rng.randint(100_000, 3 * MS), RENDER)
            t += rng.randint(B // 2, 4 * B)

    # --- scenes

    def scene_updates(c, kind):
        H, d = pick_event(c, kind)
        ws, we = window_of(kind, H, d)
        L = we - ws
        event(kind, H, d)
        ps = ws + rng.choice([0, -rng.randint(1, B // 2), rng.randint(1, B // 4)])
        parent = update(rng.choice(PARENTS) if kind == "hitch" else BLOCKER, ps,
                        int(L * rng.uniform(0.5, 1.05)) + (ws - ps), rng.choice([None, None, "main"]))
        pe = parent["start"] + parent["duration"]
        hot = rng.randint(ps, max(ps, pe - 2 * MS))
        update(HOT, hot, rng.randint(1_000_001, 4 * MS))
        for _ in range(rng.randint(1, 4)):
            cs = rng.randint(ps, pe - 1)
            child = update(rng.choice(CHILDREN), cs, rng.randint(0, min(pe - cs, 6 * MS)))
            if child["duration"] > 2 and rng.random() < 0.4:
                gs = rng.randint(cs, cs + child["duration"] - 1)
                update(rng.choice(CHILDREN), gs, rng.randint(1, cs + child["duration"] - gs))
        if rng.random() < 0.5:  # a sibling after the parent, often past the window's end
            s2 = pe + rng.randint(0, G)
            update(rng.choice(CHILDREN), s2, max(1, we - s2) + rng.choice([0, rng.randint(1, B)]))
        if seed % 3 == 0:  # a burst of rows from one source (fan-out over several scenes)
            t = rng.randint(ps, max(ps, pe - 5 * MS))
            for _ in range(rng.randint(8, 11)):
                row = update(("RowView", "App", "body"), t, rng.randint(100_000, 400_000))
                causes.append({"from": sources[0]["id"], "to": row["id"], "time": t})
                t += row["duration"] + rng.randint(0, 50_000)
        if rng.random() < 0.5:
            update(rng.choice(CHILDREN), ws + rng.randint(0, L), rng.randint(MS, 5 * MS), RENDER)
        if rng.random() < 0.15:
            update(rng.choice(CHILDREN), ws + rng.randint(0, L), rng.choice(UNFINISHED))
        zones.append((ws - B, we + B, rng.choice([0.02, 0.1])))
        return max(we, pe) + B

    def scene_main(c, kind):
        H, d = pick_event(c, kind)
        ws, we = window_of(kind, H, d)
        L = we - ws
        event(kind, H, d)
        zones.append((ws - rng.randint(0, B), we + rng.randint(0, B), rng.choice([0.95, 0.95, 0.6, 0.3])))
        for _ in range(rng.choice([0, 1, 1, 2])):
            update(rng.choice(QUICK + CHILDREN), ws + rng.randint(0, L), rng.randint(100_000, 2 * MS))
        if rng.random() < 0.3:  # some work elsewhere too
            render_zones.append((ws, we))
        return we + B

    def scene_elsewhere(c, kind):
        H, d = pick_event(c, kind)
        ws, we = window_of(kind, H, d)
        L = we - ws
        event(kind, H, d)
        zones.append((ws - B, we + B, rng.choice([0.0, 0.04, 0.15, 0.22])))
        render_zones.append((ws - B, we))
        t = ws
        while t < we:
            update(rng.choice(CHILDREN), t, rng.randint(MS, 4 * MS), RENDER)
            t += rng.randint(2 * MS, 6 * MS)
        if rng.random() < 0.6:
            update(rng.choice(QUICK), ws + rng.randint(0, L), rng.randint(50_000, max(50_000, L // 10)))
        return we + B

    def scene_boundary(c, kind):
        H, d = pick_event(c, kind)
        ws, we = window_of(kind, H, d)
        L = we - ws
        event(kind, H, d)
        x = rng.randint(1, B)
        update(rng.choice(CHILDREN), ws - x, x)  # ends exactly at the window's start
        update(rng.choice(CHILDREN), we, rng.randint(1, 4 * B))  # begins exactly at its end
        a = update(rng.choice(PARENTS), ws - rng.randint(1, B), rng.randint(B, L // 2 + B))  # straddles ws
        b = update(rng.choice(CHILDREN), we - rng.randint(1, L // 3), rng.randint(L // 3, L))  # straddles we
        if rng.random() < 0.5:  # the longest two of equal length: why names the smaller id
            b["duration"] = a["duration"] = max(a["duration"], b["duration"])
        update(rng.choice(QUICK), ws + rng.randint(0, L - 1), 0)  # zero-length
        update(rng.choice(QUICK), ws + rng.randint(0, L - 1), rng.choice(UNFINISHED))
        zones.append((ws - B, we + B, rng.choice([0.1, 0.5, 0.95])))
        for t in (ws, we - 1, we, a["start"] + a["duration"], b["start"], ws - 1):
            extra_samples.append((t, rng.choice([MS, MS, 777, 2 * MS]), rng.choice([None, "main"])))
        return max(we, b["start"] + b["duration"]) + B

    def scene_ties(c, kind):
        H, d = pick_event(c, "hitch")
        event("hang", H, d)
        event("hitch", H, d)
        event("hitch", H + rng.randint(1, 2 * B), d)
        ws, we = window_of("hitch", H, d)
        update(rng.choice(PARENTS), ws + rng.randint(0, B), rng.randint(B, 3 * B))
        zones.append((ws, we + 3 * B, rng.choice([0.04, 0.95])))
        return we + 3 * B

    def scene_system(c, kind):
        H, d = pick_event(c, "hitch")
        ws, we = window_of("hitch", H, d)
        event("hitch", H, d, system=True)
        if rng.random() < 0.5:
            event("hitch", H + rng.randint(0, B), rng.randint(0, 2 * B), system=False)
        update(rng.choice(PARENTS), ws, we - ws)
        return we + B

    scenes = ([scene_updates] * 3 + [scene_main] * 2 + [scene_elsewhere] * 2 + [scene_boundary] * 2
              + [scene_ties, scene_system])
    plan = [(rng.choice(scenes), rng.choice(["hitch", "hitch", "hang"])) for _ in range(rng.randint(6, 12))]
    plan.insert(0, (scene_updates, "hitch"))  # its window begins before the trace start
    plan.insert(rng.randrange(len(plan) + 1), (scene_updates, "hang"))

    sources.append({"id": new_id(), "kind": "observable", "label": "@Observable FeedModel.items", "time": t0})
    cursor = t0 - 3 * B + rng.randint(0, B)
    for scene, kind in plan:
        cursor = scene(cursor, kind)
        gap_end = cursor + rng.randint(5 * B, 30 * B)
        background(cursor, gap_end)
        cursor = gap_end
    end = cursor
    if seed % 7 == 0:
        hangs.append({"start": rng.randint(t0, end), "duration": 0, "kind": "Microhang"})

    # --- what was recorded
    recorded = ["updates", "causes"]
    if with_list:
        if rng.random() < 0.85:
            recorded.append("hitches")
        else:
            hitches.clear()
        if rng.random() < 0.8:
            recorded.append("hangs")
        else:
            hangs.clear()
        if sampled:
            recorded.append("samples")
    else:
        r = rng.random()
        if r < 0.2:
            hangs.clear()
        elif r < 0.35:
            hitches[:] = [h for h in hitches if h["system"]]

    # --- symbols and samples
    finished_main = sorted((u for u in updates if u["thread"] in (None, "main") and u["duration"] < UNFINISHED[0]),
                           key=lambda u: u["start"])
    functions = ([ENTRY, PLAIN_MAIN] + OUTSIDE_FUNCS + SYSTEM_FUNCS
                 + sorted({getter(u["name"]) for u in updates}))
    symbol_ids = {}
    symbols = []
    sid = rng.randint(1, 50)
    for f in functions:
        symbol_ids[f] = sid
        user = f[1] in ("App", "AppKitExtras") and not (f == PLAIN_MAIN and rng.random() < 0.5)
        symbols.append((sid, f[0], f[1], True if user else rng.choice([None, False])))
        sid += rng.choice([1, 1, 3])

    def swiftui():
        return [symbol_ids[f] for f in rng.sample(SYSTEM_FUNCS[:2], rng.randint(1, 2))]

    def root():
        return [symbol_ids[rng.choice([ENTRY, ENTRY, PLAIN_MAIN])]]

    def leaf():
        return [symbol_ids[rng.choice(SYSTEM_FUNCS[2:])]] if rng.random() < 0.4 else []

    def update_stack(u):
        body = [symbol_ids[getter(u["name"])]] if rng.random() < 0.85 else []
        return leaf() + body + swiftui() + root()

    def outside_stack():
        r = rng.random()
        if r < 0.2:
            return leaf() + swiftui() + root()  # system only: (system)
        if r < 0.25:
            return root()  # only the entry point
        f = rng.choices(OUTSIDE_FUNCS, [5, 3, 3, 2, 1])[0]
        return leaf() + [symbol_ids[f]] + root()

    def innermost(t):
        best = None
        for u in finished_main:
            if u["start"] > t:
                break
            if t < u["start"] + u["duration"]:
                if best is None or (u["start"], -u["duration"], -u["id"]) > (best["start"], -best["duration"], -best["id"]):
                    best = u
        return best

    def chance(t):
        for a, b, p in zones:
            if a <= t < b:
                return p
        return 0.04

    samples = []  # (time, weight, thread, stack)

    def main_sample(time, weight, thread=None):
        u = innermost(time)
        samples.append((time, weight, thread, update_stack(u) if u is not None else outside_stack()))

    if sampled:
        grid = t0 - 3 * B + rng.choice([0, 250_000, 123_457])
        t = grid
        while t < end:
            time = t if rng.random() < 0.9 else t + rng.randint(-300_000, 300_000)
            weight = MS if rng.random() < 0.9 else rng.choice([1, 499, 500_000, 1500, 2 * MS])
            inside = innermost(time) is not None
            if rng.random() < (0.9 if inside else chance(time)):
                main_sample(time, weight, rng.choice([None, None, None, "main"]))
            t += MS
        for time, weight, thread in extra_samples:
            main_sample(time, weight, thread)
        t = grid
        while t < end:  # the render thread: sparse, dense in its zones
            if any(a <= t < b for a, b in render_zones) or rng.random() < 0.1:
                samples.append((t, MS, RENDER, leaf() + swiftui()))
            t += MS

    # --- lines
    def text(items):
        return w.obj([(k, v) for k, v in items if v is not None])

    events = []
    for u in updates:
        name_key = "label" if u["kind"] == "other" else "view"
        items = [("type", "update"), ("id", u["id"]), ("kind", u["kind"]), (name_key, u["name"]),
                 ("module", u["module"]), ("start", u["start"]), ("duration", u["duration"]),
                 ("thread", u["thread"])]
        events.append((u["start"], text(items)))
    for h in hitches:
        items = [("type", "hitch"), ("start", h["start"]), ("duration", h["duration"]),
                 ("narrative", h.get("narrative")), ("cause", h.get("cause")), ("system", h["system"])]
        events.append((h["start"], text(items)))
    for h in hangs:
        items = [("type", "hang"), ("start", h["start"]), ("duration", h["duration"]), ("kind", h["kind"])]
        events.append((h["start"], text(items)))
    for s in sources:
        items = [("type", "source"), ("id", s["id"]), ("kind", s["kind"]), ("label", s["label"]),
                 ("time", s["time"]), ("user", True)]
        events.append((s["time"], text(items)))
    for c in causes:
        items = [("type", "cause"), ("from", c["from"]), ("to", c["to"]), ("time", c["time"]), ("label", "update")]
        events.append((c["time"], text(items)))
    for time, weight, thread, stack in samples:
        items = [("type", "sample"), ("time", time), ("weight", weight), ("thread", thread), ("stack", stack)]
        events.append((time, text(items)))
    events.sort(key=lambda e: e[0])
    for _ in range(len(events) // 30):  # a few lines out of time order
        i, j = rng.randrange(len(events)), rng.randrange(len(events))
        events[i], events[j] = events[j], events[i]

    early, late = [], []
    if sampled:
        for sid, name, binary, user in symbols:
            items = [("type", "symbol"), ("id", sid), ("name", name), ("binary", binary), ("user", user)]
            (late if rng.random() < 0.3 else early).append(text(items))

    header = [("type", "trace"), ("version", 1), ("app", "Hitches"), ("producer", f"hitch_trace.py {seed}")]
    if with_list:
        header.append(("recorded", recorded))
    if rng.random() < 0.8:
        header.append(("start", t0))
    if rate is not None:
        header.append(("refreshRate", Raw("120.0") if rate == 120 and rng.random() < 0.3 else rate))
    lines = [w.obj(header)] + early + [t for _, t in events] + late
    out = bytearray()
    for k, line in enumerate(lines):
        if k > 0 and rng.random() < 0.01:
            out += b"  \n"
        out += line.encode("utf-8") + (b"\r\n" if rng.random() < 0.1 else b"\n")
    sys.stdout.buffer.write(bytes(out))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
