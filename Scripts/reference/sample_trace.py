#!/usr/bin/env python3
"""Deterministic random traces with Time Profiler samples, for cross-checking `tracecli profile`
against profile.py.

    python3 Scripts/reference/sample_trace.py SEED [N] > out.jsonl

Writes a VALID trace (format version 1, header line first) with about N updates (default 60).
The same SEED and N always give the same bytes. Every trace mixes the corners of analysis.md
"Samples":

  * updates on the main thread (`thread` absent or "main"), on one or two other threads, and
    on a thread that is never sampled; parents with children inside them, children that
    overlap their parent's end, children with the parent's start (shorter, or the very same
    duration: the id decides), zero-length updates, skipped updates, one or two unfinished ones
    (sentinel durations), update starts and ends on the sampling grid (half-open intervals),
    for some seeds one label shared by two nodes (one view name in two modules),
    stretches where the main thread waits (few samples: blocked and mixed verdicts);
  * symbols: the app's own (binary "App", user), SwiftUICore / Foundation /
    libswiftCore.dylib ones, one without a binary, the entry points `static App.$main()` (user)
    and `main`; one function written as several symbols (same name and binary, other ids, only
    some of them saying user); names with ";" and a line break; for some seeds one app function
    name in two binaries; symbol ids that equal update ids (their own id space);
  * samples every 1 ms (weight 1_000_000) with a profile that starts late, jittered times and
    other weights (1, 499, 500, 1500, 250_000, ...), samples outside every update, samples of a
    thread without updates, stacks without an app frame, stacks whose only app frame is the
    entry point, recursion (one id twice), empty stacks, dangling symbol ids, symbols written
    after the samples that use them.
"""

import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from random_trace import Raw, Writer  # noqa: E402

MS = 1_000_000
UNFINISHED = [3_600_000_000_000, 2**62]

MAIN_THREADS = [None, None, None, "main"]
RENDER = "com.apple.SwiftUI.AsyncRenderer"
WORKER = "Thread 0x2f1e (com.example.loader)"
UNSAMPLED = "Thread 0x9a0 (never sampled)"
SAMPLE_ONLY = "com.apple.network.connections"

BODIES = [("FeedView", "App"), ("RowView", "App"), ("AvatarView", "App"), ("Badge;View", "App"),
          ("Text", "SwiftUI"), ("ScrollView", None)]
OTHERS = [("Layout: Stack", None), ("Text Layout", "SwiftUI"), ("Preference List", None),
          ("Layout;Grid\nsizing", None)]
REPRESENTABLES = [("MapView", "App")]

# (name, binary, user) — functions; several get more than one symbol id below.
APP_FUNCS = [
    ("FeedView.body.getter", "App"), ("RowView.body.getter", "App"),
    ("RowView.distance.getter", "App"), ("closure #1 in FeedView.body.getter", "App"),
    ("AvatarView.image(for:)", "App"), ("Model.load();parse", "App"),
]
SYSTEM_FUNCS = [
    ("ViewGraph.updateOutputs()", "SwiftUICore"), ("AG::Subgraph::update(unsigned int)", "SwiftUICore"),
    ("ViewBodyAccessor.updateBody(of:changed:)", "SwiftUICore"), ("DateFormatter.init()", "Foundation"),
    ("NSString.draw;with\nattributes", "Foundation"), ("swift_retain", "libswiftCore.dylib"),
    ("Array.append(_:)", "libswiftCore.dylib"), ("0x1a2b3c", None), ("__psynch_mutexwait", "libsystem_kernel.dylib"),
]
ENTRY = ("static App.$main()", "App")
PLAIN_MAIN = ("main", "App")
WIDGET_TWIN = ("RowView.body.getter", "AppWidgets")  # same name as an App function, other binary


def main(argv):
    if not 1 <= len(argv) <= 2:
        sys.stderr.write("usage: sample_trace.py SEED [N]\n")
        return 64
    seed = int(argv[0])
    n_updates = int(argv[1]) if len(argv) == 2 else 60
    rng = random.Random(seed)
    w = Writer(rng)

    t0 = rng.choice([0, 1_000_000_000, rng.randint(10**9, 10**12)])
    grid = t0 + rng.choice([0, 0, 250_000, 123_457])  # sample grid origin (1 ms steps from here)

    def on_grid(t, step=MS // 2):
        return grid + ((t - grid) // step) * step

    # --- updates: blocks of a parent and its children, with gaps between blocks
    updates = []  # dicts: id, kind, view/label, module, start, duration, thread, skipped
    used_ids = set()

    def new_id():
        while True:
            i = rng.choice([rng.randint(0, 400), rng.randint(0, 2**63 - 1)])
            if i not in used_ids:
                used_ids.add(i)
                return i

    twins = seed % 4 == 1  # for these seeds two labels name two nodes each (--view exits 64)

    def node():
        r = rng.random()
        if r < 0.6:
            name, module = rng.choice(BODIES)
            if twins and name == "RowView" and rng.random() < 0.3:
                module = "Widgets"  # RowView.body: App's and Widgets'
            return {"kind": "body", "view": name, "module": module}
        if r < 0.9:
            label, module = rng.choice(OTHERS)
            if twins and label == "Text Layout" and rng.random() < 0.3:
                module = None  # Text Layout: SwiftUI's and one without a module
            return {"kind": "other", "label": label, "module": module}
        name, module = rng.choice(REPRESENTABLES)
        return {"kind": "representable", "view": name, "module": module}

    def add(start, duration, thread, **extra):
        u = dict(node(), id=new_id(), start=start, duration=duration, thread=thread)
        u["skipped"] = rng.random() < 0.12
        u.update(extra)
        updates.append(u)
        return u

    quiet = []  # (start, end, probability that a main-thread sample there is dropped)
    cursor = t0
    while len(updates) < n_updates:
        cursor += rng.choice([0, 0, rng.randint(1, 3 * MS), rng.randint(2 * MS, 8 * MS)])
        if rng.random() < 0.5:
            cursor = on_grid(cursor)
        thread_pick = rng.random()
        thread = rng.choice(MAIN_THREADS) if thread_pick < 0.7 else (
            RENDER if thread_pick < 0.85 else (WORKER if thread_pick < 0.95 else UNSAMPLED))
        duration = rng.choice([rng.randint(200_000, 3 * MS), rng.randint(2 * MS, 12 * MS), 4 * MS, MS])
        parent = add(cursor, duration, thread)
        p_end = cursor + duration
        if thread in MAIN_THREADS and rng.random() < 0.25:  # the thread waits here: few samples
            quiet.append((cursor, p_end, rng.choice([0.95, 0.6])))
        for _ in range(rng.choice([0, 1, 2, 2, 3, 4])):
            r = rng.random()
            if r < 0.45:  # inside
                cs = rng.randint(cursor, p_end - 1)
                cd = rng.randint(0, p_end - cs)
            elif r < 0.6:  # overlapping the parent's end
                cs = rng.randint(cursor + 1, p_end - 1) if duration > 1 else cursor
                cd = p_end - cs + rng.randint(1, 2 * MS)
            elif r < 0.75:  # the parent's start, shorter
                cs, cd = cursor, rng.randint(0, max(0, duration - 1))
            elif r < 0.85:  # the parent's start and duration: the smaller id is inner
                cs, cd = cursor, duration
            else:  # on the sampling grid, maybe zero-length
                cs = on_grid(rng.randint(cursor, p_end - 1))
                cd = rng.choice([0, MS // 2, MS])
            child = add(max(cursor, cs), cd, thread if rng.random() < 0.9 else rng.choice(MAIN_THREADS))
            # a grandchild, sometimes
            if child["duration"] > 2 and rng.random() < 0.3:
                gs = rng.randint(child["start"], child["start"] + child["duration"] - 1)
                add(gs, rng.randint(0, child["start"] + child["duration"] - gs), child["thread"])
        cursor = max(cursor + duration, max(u["start"] + u["duration"] for u in updates[-4:]))
    end = cursor + rng.randint(MS, 10 * MS)
    for _ in range(rng.choice([1, 2])):  # unfinished: they would hold samples if they counted
        add(rng.randint(t0, end), rng.choice(UNFINISHED), rng.choice(MAIN_THREADS + [RENDER]))

    # --- symbols: ids 1.. (the same small numbers as many update ids), some functions twice
    functions = APP_FUNCS + SYSTEM_FUNCS + [ENTRY, PLAIN_MAIN]
    if seed % 3 == 0:
        functions = functions + [WIDGET_TWIN]
    symbols = []  # (id, name, binary, user or None)
    ids_of = {}
    next_symbol = 1
    for f in functions:
        copies = rng.choice([1, 1, 1, 2, 3]) if f[0] in ("RowView.body.getter", "swift_retain") else 1
        if f == APP_FUNCS[1]:
            copies = max(copies, 2)
        for k in range(copies):
            is_app = f in APP_FUNCS or f in (ENTRY, WIDGET_TWIN)
            if f == PLAIN_MAIN:
                user = rng.choice([None, True, False])
            elif is_app:
                user = True if k == 0 else rng.choice([None, False, True])  # any symbol saying user
            else:
                user = rng.choice([None, None, False])
            symbols.append((next_symbol, f[0], f[1], user))
            ids_of.setdefault(f, []).append(next_symbol)
            next_symbol += rng.choice([1, 1, 2])
    dangling = [next_symbol + 1000, 2**40 + seed, 7777777]

    def sym(f):
        return rng.choice(ids_of[f])

    swiftui = [f for f in SYSTEM_FUNCS if f[1] == "SwiftUICore"]
    leaves = [f for f in SYSTEM_FUNCS if f[1] != "SwiftUICore"]
    apps = APP_FUNCS + ([WIDGET_TWIN] if WIDGET_TWIN in ids_of else [])

    def stack_for(thread):
        """Leaf first, like the format."""
        r = rng.random()
        if r < 0.07:
            return []
        on_main = thread in MAIN_THREADS
        root = [sym(rng.choice([ENTRY, ENTRY, PLAIN_MAIN]))] if on_main else []
        frames = [sym(f) for f in rng.sample(swiftui, rng.randint(1, len(swiftui)))]
        if r < 0.25:  # no app frame except (maybe) the entry point
            body = []
        else:
            body = [sym(rng.choice(apps)) for _ in range(rng.choice([1, 1, 2, 3]))]
            if rng.random() < 0.1:
                body = body + body[:1]  # recursion: the same id twice
        leaf = [sym(rng.choice(leaves))] if rng.random() < 0.5 else []
        stack = leaf + body + frames + root
        if rng.random() < 0.06:
            stack.insert(rng.randrange(len(stack) + 1), rng.choice(dangling))
        return stack

    # --- samples: a profile that starts late, every 1 ms on the main thread
    profile_start = on_grid(t0 + rng.randint((end - t0) // 8, (end - t0) // 3), MS)
    samples = []  # (time, weight, thread, stack)
    t = profile_start
    while t < end:
        time = t if rng.random() < 0.85 else t + rng.randint(-400_000, 400_000)
        weight = MS if rng.random() < 0.9 else rng.choice([1, 499, 500, 1500, 250_000, 999_499, 2 * MS])
        dropped = any(a <= time < b and rng.random() < p for a, b, p in quiet)
        if not dropped:
            samples.append((time, weight, rng.choice(MAIN_THREADS), stack_for(None)))
        t += MS
    for thread, every in ((RENDER, 7 * MS), (WORKER, 9 * MS), (SAMPLE_ONLY, 5 * MS)):
        t = profile_start + rng.randint(0, 4 * MS)
        while t < end:  # sparse samples across the whole profile
            samples.append((t, rng.choice([MS, MS, 2 * MS, 3 * MS, 777]), thread, stack_for(thread)))
            t += every + rng.randint(0, MS)
    for u in updates:  # and denser ones while the thread works (some of it waiting)
        if u["thread"] in (RENDER, WORKER) and u["start"] >= profile_start:
            keep = rng.choice([0.9, 0.5, 0.1])
            for t in range(u["start"], min(end, u["start"] + u["duration"]), MS):
                if rng.random() < keep:
                    samples.append((t, MS, u["thread"], stack_for(u["thread"])))

    # every trace has an empty stack and a dangling id at least once
    i = rng.randrange(len(samples))
    samples[i] = samples[i][:3] + ([],)
    j = rng.randrange(len(samples))
    samples[j] = samples[j][:3] + (samples[j][3] + [rng.choice(dangling)],)

    # --- lines
    events = []  # (sort time, text)

    def text(items):
        return w.obj([(k, v) for k, v in items if v is not None])

    for u in updates:
        items = [("type", "update"), ("id", u["id"]), ("kind", u["kind"]), ("view", u.get("view")),
                 ("label", u.get("label")), ("module", u["module"]), ("start", u["start"]),
                 ("duration", u["duration"]), ("thread", u["thread"])]
        if u["skipped"]:
            items.append(("skipped", True))
        elif rng.random() < 0.1:
            items.append(("skipped", False))
        events.append((u["start"], text(items)))
    for time, weight, thread, stack in samples:
        items = [("type", "sample"), ("time", time), ("weight", weight), ("thread", thread), ("stack", stack)]
        events.append((time, text(items)))
    events.sort(key=lambda e: e[0])
    for _ in range(len(events) // 20):  # a few lines out of time order
        i, j = rng.randrange(len(events)), rng.randrange(len(events))
        events[i], events[j] = events[j], events[i]

    early, late = [], []
    for sid, name, binary, user in symbols:
        items = [("type", "symbol"), ("id", sid), ("name", name), ("binary", binary), ("user", user)]
        (late if rng.random() < 0.3 else early).append(text(items))

    header = [("type", "trace"), ("version", 1), ("app", "Samples"), ("producer", f"sample_trace.py {seed}"),
              ("recorded", ["updates", "samples"])]
    if rng.random() < 0.6:
        header.append(("start", t0))
    if rng.random() < 0.5:
        header.append(("refreshRate", rng.choice([60, 120, Raw("120.0")])))
    lines = [w.obj(header)] + early + [t for _, t in events] + late
    out = bytearray()
    for k, line in enumerate(lines):
        if k > 0 and rng.random() < 0.02:
            out += b"  \n"
        out += line.encode("utf-8") + (b"\r\n" if rng.random() < 0.1 else b"\n")
    sys.stdout.buffer.write(bytes(out))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
