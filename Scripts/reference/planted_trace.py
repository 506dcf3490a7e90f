#!/usr/bin/env python3
"""Random traces with the problems of analysis.md "Findings" planted at and around their
thresholds, for cross-checking tracecli diagnose against findings.py.

    python3 Scripts/reference/planted_trace.py SEED > trace.jsonl

Each seed plants a random subset of: red updates of one view (long-body), long main-thread
updates (blocking-update), bursts from one source to many updates of a view (fan-out),
environment sources reaching skipped views over many frames (environment-churn), a state that
its own view writes frame after frame, with or without gestures (update-loop), `@self` causes
between two views (over-broad-input) and frames overrun by many small updates (accumulation);
each with counts, gaps and durations drawn just under, at and over the default thresholds, on
a background of ordinary updates, other threads, skipped and unfinished updates, dangling
causes, explicit frames or a grid, and shuffled lines. Deterministic per seed.
"""

import json
import random
import sys

UNFINISHED = 3_600_000_000_000


def main(argv):
    seed = int(argv[0]) if argv else 1
    rnd = random.Random(seed)
    rate = rnd.choice([60, 100, 120])
    budget = round(1e9 / rate)
    origin = rnd.choice([0, 5_000_000_000, -3_000_000_000])
    header = {"type": "trace", "version": 1, "refreshRate": rate}
    if rnd.random() < 0.7:
        header["start"] = origin
    events = []
    next_id = [1]

    def new_id():
        next_id[0] += 1
        return next_id[0]

    def update(view, start, duration, kind="body", module="App", thread=None, skipped=False):
        i = new_id()
        e = {"type": "update", "id": i, "kind": kind, "view": view, "module": module,
             "start": start, "duration": duration}
        if thread:
            e["thread"] = thread
        if skipped:
            e["skipped"] = True
        events.append(e)
        return i

    def source(kind, label, time=None):
        i = new_id()
        e = {"type": "source", "id": i, "kind": kind, "label": label, "user": rnd.random() < 0.5}
        if time is not None:
            e["time"] = time
        events.append(e)
        return i

    def cause(a, b, time=None, changed=None, label=None):
        e = {"type": "cause", "from": a, "to": b}
        if time is not None:
            e["time"] = time
        if changed:
            e["changed"] = changed
        if label:
            e["label"] = label
        events.append(e)

    frames = 300
    t0 = origin + rnd.randrange(0, budget)

    def at(frame, offset=0):
        return t0 + frame * budget + offset

    # Background: ordinary short updates, some off the main thread, skipped or unfinished.
    for _ in range(rnd.randrange(200, 600)):
        f = rnd.randrange(frames)
        d = int(rnd.lognormvariate(11, 1.0))
        d = min(d, 900_000)
        update(f"V{rnd.randrange(8)}", at(f, rnd.randrange(budget // 2)), d,
               kind=rnd.choice(["body", "body", "other", "representable"]),
               thread=rnd.choice([None, None, None, "render"]), skipped=rnd.random() < 0.05)
    if rnd.random() < 0.3:
        update("Spinner", at(rnd.randrange(frames)), UNFINISHED + rnd.randrange(10))

    plants = [p for p in ["long", "blocking", "fan", "churn", "loop", "self", "accumulation"]
              if rnd.random() < 0.6]
    # long-body: red updates of one view, 2 to 4 of them.
    if "long" in plants:
        for _ in range(rnd.choice([2, 3, 3, 4])):
            f = rnd.randrange(frames)
            update("Row", at(f, rnd.choice([0, budget - 500_000])), rnd.choice([1_000_001, 1_500_000, 1_000_000]),
                   thread=rnd.choice([None, None, "render"]))
    # blocking-update: around four budgets on the main thread.
    if "blocking" in plants:
        for _ in range(rnd.randrange(1, 3)):
            update("Loader", at(rnd.randrange(frames)), 4 * budget + rnd.choice([-1, 0, 1, budget]),
                   thread=rnd.choice([None, None, "main", "io"]))
    # fan-out: bursts of 6 to 10 updates, gaps around one budget.
    if "fan" in plants:
        s = source(rnd.choice(["observable", "state", "gesture", "environmentWriter"]), "@Observable Model.items")
        f = rnd.randrange(frames - 40)
        start = at(f)
        for b in range(rnd.choice([1, 2, 3, 4])):
            if b:
                start += rnd.choice([budget, budget + 1, 2 * budget])
            for k in range(rnd.choice([6, 7, 8, 9, 10])):
                if k:
                    start += rnd.randrange(1, budget // 10)
                cause(s, update("Item", start, rnd.choice([100_000, UNFINISHED])
                                if rnd.random() < 0.05 else 100_000))
    # environment-churn: 8 to 12 frames, skipped views sometimes.
    if "churn" in plants:
        e = source(rnd.choice(["environment", "environmentWriter"]), "External Environment")
        skip = rnd.random() < 0.7
        for f in rnd.sample(range(frames), rnd.choice([8, 9, 10, 11, 12])):
            cause(e, update("Reader", at(f, 1000), 200_000))
            cause(e, update("Counter", at(f, 2000), 5_000, skipped=skip and rnd.random() < 0.5))
    # update-loop: 8 to 14 frames, gestures in 0 to 2 of them.
    if "loop" in plants:
        st = source("state", "@State tags")
        g = source("gesture", "Gesture: Tap")
        n = rnd.choice([8, 9, 10, 11, 14])
        loop_frames = sorted(rnd.sample(range(frames), n))
        for k, f in enumerate(loop_frames):
            h = update("Header", at(f, 3000), 300_000)
            cause(st, h)
            cause(h, st, time=at(f, 4000) if rnd.random() < 0.9 else None)
            if k < rnd.choice([0, 1, 1, 2]):
                cause(g, st, time=at(f, 100))
    # over-broad-input: 3 to 7 @self causes around the orange threshold.
    if "self" in plants:
        d = rnd.choice([500_000, 500_001, 800_000])
        for f in rnd.sample(range(frames), rnd.choice([3, 4, 5, 6, 7])):
            p = update("Detail", at(f, 10_000), 50_000)
            cause(p, update("Image", at(f, 70_000), d), changed="@self")
            cause(p, update("Title", at(f, 80_000), d), changed="title")
    # accumulation: 1 to 3 frames overrun by small updates.
    if "accumulation" in plants:
        for f in rnd.sample(range(frames), rnd.choice([1, 2, 3])):
            n = budget // 300_000 + 2
            for k in range(n):
                update(rnd.choice(["Cell", "Badge", "Chip"]), at(f, k * 290_000), 300_000)
    # Dangling causes.
    for _ in range(rnd.randrange(0, 3)):
        cause(10_000_000 + rnd.randrange(100), rnd.choice([e["id"] for e in events if e["type"] == "update"]))

    lines = [json.dumps(e, separators=(",", ":")) for e in events]
    if rnd.random() < 0.5:
        rnd.shuffle(lines)
    if rnd.random() < 0.3:
        # Explicit frames, one per budget from before the first event.
        fl = [json.dumps({"type": "frame", "start": at(f), "deadline": at(f + 1)}, separators=(",", ":"))
              for f in range(-1, frames + 2)]
        lines = fl + lines
    sys.stdout.write(json.dumps(header, separators=(",", ":")) + "\n" + "\n".join(lines) + "\n")


if __name__ == "__main__":
    main(sys.argv[1:])
