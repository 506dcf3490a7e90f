#!/usr/bin/env python3
"""Deterministic random traces with `interval` events, for cross-checking `--window NAME`
(analysis.md "Windows (`--window NAME`)") of summarize and cause-graph against analysis.py.

    python3 Scripts/reference/window_trace.py SEED [N] > out.jsonl

Writes a VALID trace (format version 1) with about N updates (default 200). The same SEED and N
always give the same bytes. Every trace holds:

  * intervals (some with a `category`, key order shuffled, names escaped at random):
      - "Scroll Feed" without a subsystem AND under "com.example.app";
      - "Open Detail" under "com.example.app" AND under "com.example.settings" (one name, two
        subsystems), and for some seeds also without a subsystem;
      - "Launch" starting at the trace's earliest event time (the very start) and "Teardown"
        ending exactly at the start of the last update (that update is left out) or one past it;
      - "a/b" without a subsystem and "b" under "a" (so `--window a/b` matches both), and
        "Détail ✨" (non-ASCII);
      - intervals of one name that overlap, that are adjacent (one ends where the next begins),
        that nest, and a zero-duration one ("Empty", which holds nothing);
    every seed has "Scroll Feed", "Open Detail", "com.example.app/Scroll Feed",
    "com.example.app/Open Detail", "com.example.settings/Open Detail", "Launch", "Teardown",
    "a/b", "Empty", so a cross-check can use those names on any seed;
  * updates (all three kinds, main / absent / other threads, skipped, unfinished sentinels,
    durations around the thresholds, busy runs that cross interval edges so that windows cut
    runs and stretches), and updates, hitches, hangs, samples and causes planted exactly at
    interval starts, at interval ends, and one ns before an end (half-open spans);
  * `frame` events (dense, sparse, or none, by seed), a header with or without `start` and
    `refreshRate`;
  * sources with and without `time`; causes update -> update, source -> update, into sources
    (with a `time` inside a window, at a window's end, outside, or without a `time`), and dangling
    causes with and without `time`;
  * hitches (some `system`), hangs, symbols and samples on the main and another thread;
  * a few lines out of time order.
"""

import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from random_trace import Raw, Writer  # noqa: E402

MS = 1_000_000
UNFINISHED = [3_600_000_000_000, 2**62]
EDGE_DURATIONS = [0, 1, 499_999, 500_000, 500_001, 999_999, 1_000_000, 1_000_001]
APP = "com.example.app"
SETTINGS = "com.example.settings"
BODIES = [("FeedView", "App"), ("RowView", "App"), ("DetailView", "App"), ("Text", "SwiftUI"),
          ("Image", "SwiftUI"), ("RowView", "Widgets"), ("Café", None)]
OTHERS = ["Layout: Stack", "Preference List", "Text Layout"]
REPRESENTABLES = [("MapView", "App"), ("WebView", None)]
THREADS = [None, None, None, "main", "com.apple.render", "Thread 0x1a2b"]
SOURCE_KINDS = [("gesture", "Gesture: Tap"), ("state", "@State isOn"),
                ("observable", "@Observable Feed.items"), ("environment", "External Environment"),
                ("transaction", "Transaction"), ("other", "Timer")]
SYMBOLS = [("FeedView.body.getter", "App", True), ("RowView.body.getter", "App", True),
           ("static App.$main()", "App", True), ("ViewGraph.updateOutputs()", "SwiftUICore", False),
           ("swift_retain", "libswiftCore.dylib", False)]


def main(argv):
    if len(argv) not in (1, 2):
        sys.stderr.write("usage: window_trace.py SEED [N]\n")
        return 64
    seed = int(argv[0])
    n_updates = int(argv[1]) if len(argv) == 2 else 200
    rng = random.Random(seed)
    w = Writer(rng)

    rate = rng.choice([60, 120, None, Raw("120.0")])
    budget = {60: 16_666_667, 120: 8_333_333, None: 16_666_667}.get(rate if not isinstance(rate, Raw) else 120)
    gap = budget // 8
    t0 = rng.choice([0, 1_000_000_000, rng.randint(10**9, 10**12)])
    n_frames = max(8, n_updates // rng.randint(2, 6))
    span = n_frames * budget
    frames_mode = rng.choice(["none", "dense", "sparse"])
    header_start = rng.choice([None, "at", "before"])

    events = []  # (time, text)
    next_id = [rng.choice([1, 1000, 10**12])]

    def new_id():
        next_id[0] += rng.choice([1, 1, 2, 9])
        return next_id[0]

    real_times = []  # every time written (for the very start of the trace)

    def emit(t, items, real=True):
        events.append((t, w.obj(items)))
        if real:
            real_times.append(t)

    # --- updates (kept as dicts first: planted events need their ids and starts)
    updates = []

    def update(start, duration=None, thread="random", kind=None):
        kind = kind or rng.choices(["body", "other", "representable"], [60, 30, 10])[0]
        items = [("type", "update"), ("id", new_id()), ("kind", kind)]
        if kind == "body":
            view, module = rng.choice(BODIES)
            items.append(("view", view))
        elif kind == "representable":
            view, module = rng.choice(REPRESENTABLES)
            items.append(("view", view))
        else:
            module = rng.choice([None, "SwiftUI"])
            if rng.random() < 0.85:
                items.append(("label", rng.choice(OTHERS)))
        if module is not None:
            items.append(("module", module))
        if duration is None:
            r = rng.random()
            if r < 0.2:
                duration = rng.choice(EDGE_DURATIONS)
            elif r < 0.23:
                duration = rng.choice(UNFINISHED)
            elif r < 0.75:
                duration = rng.randint(20_000, 450_000)
            elif r < 0.92:
                duration = rng.randint(450_000, 1_500_000)
            else:
                duration = rng.randint(1_000_000, 3 * budget)
        items += [("start", start), ("duration", duration)]
        if thread == "random":
            thread = rng.choice(THREADS)
        if thread is not None:
            items.append(("thread", thread))
        if rng.random() < 0.1:
            items.append(("skipped", True))
        u = {"id": dict(items)["id"], "start": start, "items": items}
        updates.append(u)
        return u

    t = t0 + rng.randint(0, budget)
    while len(updates) < n_updates and t < t0 + span:
        mode = rng.random()
        if mode < 0.5:  # a busy run, back to back or with gaps around G
            for _ in range(rng.randint(2, 30)):
                d = rng.choice([rng.randint(20_000, 300_000), 77_000, rng.randint(300_000, 1_500_000)])
                update(t, d, rng.choice([None, None, "main"]))
                t += d + rng.choice([0, 0, 1, gap - 1, gap, gap + 1, rng.randint(0, 2 * gap)])
        elif mode < 0.85:
            update(t)
            t += rng.randint(gap + 1, 2 * budget)
        else:
            t += rng.randint(budget, 10 * budget)
    while len(updates) < n_updates:
        update(t0 + rng.randint(0, span))
    end = max(t, max(u["start"] for u in updates) + 1)

    # --- intervals
    intervals = []  # (name, subsystem, start, duration)

    def interval(name, subsystem, start, duration):
        intervals.append((name, subsystem, start, max(0, duration)))

    def somewhere(max_len):
        s = t0 + rng.randint(0, max(1, end - t0))
        return s, rng.randint(budget // 2, max(budget, max_len))

    # Scroll Feed: no subsystem and com.example.app; overlapping, adjacent, nested.
    s, d = somewhere(span // 4)
    interval("Scroll Feed", None, s, d)
    interval("Scroll Feed", None, s + d // 2, d)  # overlaps the first
    interval("Scroll Feed", None, s + d + d // 2, rng.randint(1, 3 * budget))  # adjacent to the second
    s2, d2 = somewhere(span // 5)
    interval("Scroll Feed", APP, s2, d2)
    interval("Scroll Feed", APP, s2 + d2 // 4, d2 // 3)  # nested
    if rng.random() < 0.5:
        interval("Scroll Feed", APP, s2 + d2, rng.randint(budget, 4 * budget))  # adjacent
    # Open Detail: two subsystems (and sometimes none).
    for sub in (APP, SETTINGS) + ((None,) if rng.random() < 0.5 else ()):
        for _ in range(rng.randint(1, 3)):
            s, d = somewhere(span // 6)
            interval("Open Detail", sub, s, d)
    # The very end ("Launch", at the very start, is added once every other time is known).
    last = max(updates, key=lambda u: (u["start"], u["id"]))
    te = last["start"] + rng.choice([0, 1])  # at 0 the last update is left out
    length = rng.randint(budget, 6 * budget)
    interval("Teardown", None, te - length, length)
    # Slashes, non-ASCII, zero duration.
    s, d = somewhere(span // 8)
    interval("a/b", None, s, d)
    s, d = somewhere(span // 8)
    interval("b", "a", s, d)
    if rng.random() < 0.7:
        s, d = somewhere(span // 8)
        interval("Détail ✨", rng.choice([None, "com.example.ünï"]), s, d)
    s, _ = somewhere(0)
    interval("Empty", None, s, 0)
    u_at = rng.choice(updates)
    interval("Empty", None, u_at["start"], 0)  # an update exactly at a zero-length interval

    # --- plant events at interval edges: at start (in), at end (out), one before the end (in)
    named = [iv for iv in intervals if iv[3] > 0]
    plants = []  # times
    for iv in rng.sample(named, min(len(named), rng.randint(4, 9))):
        s, d = iv[2], iv[3]
        plants += [s, s + d, s + d - 1] + ([s - 1] if rng.random() < 0.5 else [])
    plant_updates = []
    for pt in plants:
        if rng.random() < 0.8:
            plant_updates.append(update(pt, thread=rng.choice([None, None, "main", "com.apple.render"])))

    def write_interval(name, sub, s, d):
        items = [("type", "interval"), ("name", name), ("start", s), ("duration", d)]
        if sub is not None:
            items.append(("subsystem", sub))
        if rng.random() < 0.4:
            items.append(("category", rng.choice(["PointsOfInterest", "Navigation"])))
        if rng.random() < 0.1:
            items.append(("signpostID", Raw("18446744073709551615")))  # unknown key, too big for Int64
        emit(s, items)

    for iv in intervals:
        write_interval(*iv)

    # --- frames
    if frames_mode != "none":
        vsync = t0 - rng.randint(0, 3) * budget
        starts = sorted(u["start"] for u in updates)
        k = 0
        while vsync < end + 2 * budget:
            while k < len(starts) and starts[k] < vsync:
                k += 1
            rendered = k < len(starts) and starts[k] < vsync + budget
            keep = rng.random() < 0.9 if frames_mode == "dense" else (rendered and rng.random() < 0.7)
            if keep:
                deadline = vsync + rng.choice([budget, budget, budget, 2 * budget, budget - gap, 1])
                emit(vsync, [("type", "frame"), ("start", vsync), ("deadline", deadline)])
            vsync += budget + rng.choice([0, 0, 0, 1, -1])

    # --- sources and causes
    sources = []
    for _ in range(max(3, n_updates // 15)):
        kind, label = rng.choice(SOURCE_KINDS)
        sid = new_id()
        items = [("type", "source"), ("id", sid), ("kind", kind), ("label", label)]
        st = None
        if rng.random() < 0.7:
            st = rng.choice(plants) if plants and rng.random() < 0.3 else t0 + rng.randint(0, end - t0)
            items.append(("time", st))
        if rng.random() < 0.5:
            items.append(("user", rng.random() < 0.6))
        sources.append(sid)
        emit(st if st is not None else t0, items, real=st is not None)
    update_ids = [u["id"] for u in updates]
    dangling = [10**15 + k for k in range(3)]

    def cause(frm, to, ct):
        items = [("type", "cause"), ("from", frm), ("to", to)]
        if ct is not None:
            items.append(("time", ct))
        if rng.random() < 0.3:
            items.append(("label", rng.choice(["update", "creation"])))
        if rng.random() < 0.2:
            items.append(("changed", rng.choice(["isFavorite", "@self"])))
        emit(ct if ct is not None else t0, items, real=ct is not None)

    def cause_time():
        r = rng.random()
        if r < 0.35:
            return None
        if r < 0.6 and plants:
            return rng.choice(plants)  # exactly at an interval's start or end
        return t0 + rng.randint(-budget, end - t0 + budget)

    targets = update_ids + 2 * [u["id"] for u in plant_updates]  # planted updates more often
    for _ in range(n_updates // 2):
        cause(rng.choice(sources + update_ids), rng.choice(targets), cause_time())
    for _ in range(max(4, n_updates // 10)):  # into sources
        cause(rng.choice(sources + update_ids), rng.choice(sources), cause_time())
    for _ in range(rng.randint(1, 4)):  # dangling ends
        if rng.random() < 0.5:
            cause(rng.choice(sources + update_ids), rng.choice(dangling), cause_time())
        else:
            cause(rng.choice(dangling), rng.choice(update_ids), cause_time())

    # --- hitches, hangs (some exactly at edges)
    for _ in range(rng.randint(2, 6)):
        hs = rng.choice(plants) if plants and rng.random() < 0.4 else t0 + rng.randint(0, end - t0)
        kind = rng.choice(["hitch", "hitch", "hang"])
        items = [("type", kind), ("start", hs)]
        if kind == "hitch":
            items.append(("duration", rng.choice([1, 2, 3, 5]) * budget + rng.choice([0, 1, -1])))
            if rng.random() < 0.3:
                items.append(("system", rng.random() < 0.7))
            if rng.random() < 0.5:
                items.append(("narrative", "Potentially expensive app update(s)"))
            if rng.random() < 0.3:
                items.append(("cause", "Commit to Render latency"))
        else:
            items.append(("duration", rng.randint(100 * MS, 600 * MS)))
            if rng.random() < 0.6:
                items.append(("kind", rng.choice(["Microhang", "Hang", "Severe Hang"])))
        emit(hs, items)

    # --- symbols and samples (1 ms grid, with samples exactly at edges)
    if rng.random() < 0.7:
        for k, (name, binary, user) in enumerate(SYMBOLS):
            items = [("type", "symbol"), ("id", k), ("name", name), ("binary", binary)]
            if user or rng.random() < 0.3:
                items.append(("user", user))
            emit(t0, items, real=False)
        times = list(range(t0, end, MS))
        times = [x for x in times if rng.random() < 0.5] + [p for p in plants if rng.random() < 0.7]
        for st in times:
            stack = rng.choice([[0, 2], [1, 0, 2], [3, 2], [4, 3, 2], [], [99]])  # 99 dangles
            items = [("type", "sample"), ("time", st), ("weight", rng.choice([MS, MS, 500_000])),
                     ("stack", stack)]
            th = rng.choice([None, None, "main", "com.apple.render"])
            if th is not None:
                items.append(("thread", th))
            emit(st, items)

    # --- unknown types, the very start, updates into events
    if rng.random() < 0.5:
        emit(t0 + 5, [("type", "marker"), ("time", t0 + 5), ("payload", [1, {"a": None}])])
    first = min(real_times + [u["start"] for u in updates])
    length = rng.randint(budget, 6 * budget)
    write_interval("Launch", rng.choice([None, APP]), first, length)
    update(first, thread=None)  # at the very start: in
    update(first + length, thread=None)  # at Launch's end: out (unless another window holds it)
    for u in updates:
        emit(u["start"], u["items"])

    # --- order: by time, a few swaps
    events.sort(key=lambda e: e[0])
    for _ in range(max(1, len(events) // 60)):
        i, j = rng.randrange(len(events)), rng.randrange(len(events))
        events[i], events[j] = events[j], events[i]

    header = [("type", "trace"), ("version", 1), ("app", "Windows"), ("producer", f"window_trace.py {seed}")]
    if rate is not None:
        header.append(("refreshRate", rate))
    earliest = min(e[0] for e in events)
    if header_start == "at":
        header.append(("start", earliest))
    elif header_start == "before":
        header.append(("start", earliest - rng.randint(1, 3 * budget)))
    if rng.random() < 0.5:
        header.append(("recorded", ["updates", "causes", "frames", "hitches", "hangs", "samples", "intervals"]))
    lines = [w.obj(header)] + [text for _, text in events]
    out = "".join(line + ("\r\n" if rng.random() < 0.05 else "\n") for line in lines)
    sys.stdout.buffer.write(out.encode("utf-8"))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
