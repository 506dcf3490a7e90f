#!/usr/bin/env python3
"""Deterministic random traces for frames version 2 (analysis.md "Frames and deadlines").

    python3 Scripts/reference/frames_trace.py SEED N [--shift NS] [--no-frames] [--no-rate]

Writes a valid trace of about N updates shaped like real recordings: recorded frames only
where something rendered (sparse, some with equal starts, deadlines one or several budgets
away or just past them), or none at all; updates in busy runs that cross frame and cover
boundaries, with gaps around G = B/8, idle stretches, off-main and unfinished updates; a
header with or without `refreshRate` (and sometimes `refreshRateSource`) and `start`;
events of unknown types that carry a `start` or a `time`. The same arguments always give the
same bytes.

--shift NS adds NS to every event time but keeps the header's `start` (a recorder whose clock
started a fraction of a frame earlier or later): without recorded frames `frames.missed` must
not move. --no-frames writes no `frame` event, --no-rate no `refreshRate`.
"""

import random
import sys


def main(argv):
    args = list(argv)
    shift = 0
    no_frames = no_rate = False
    if "--shift" in args:
        i = args.index("--shift")
        shift = int(args[i + 1])
        del args[i:i + 2]
    if "--no-frames" in args:
        args.remove("--no-frames")
        no_frames = True
    if "--no-rate" in args:
        args.remove("--no-rate")
        no_rate = True
    if len(args) != 2:
        sys.stderr.write("usage: frames_trace.py SEED N [--shift NS] [--no-frames] [--no-rate]\n")
        return 64
    seed, n = int(args[0]), int(args[1])
    rng = random.Random(seed)

    rate = rng.choice([60, 120, 120, 90, 59.94])
    source = rng.choice([None, None, "vsyncs", "refresh-interval", "display-max", "frame-lifetimes"])
    budget = int(1e9 / rate + 0.5)
    gap = budget // 8
    t0 = rng.choice([0, 1_000_000_000, 17_117_461_000, rng.randint(10**9, 10**12)])
    frames_mode = "none" if no_frames else rng.choice(["none", "sparse", "sparse", "dense"])
    small_only = rng.random() < 0.3  # many small updates: frames missed by accumulation
    header_start = t0 if rng.random() < 0.8 else None

    lines = []
    events = []  # (time, line)
    next_id = [1]

    def new_id():
        next_id[0] += rng.choice([1, 1, 2, 7])
        return next_id[0]

    # Updates: busy runs and idle stretches on the main thread, with a few other threads.
    t = t0 + rng.randint(0, budget)
    starts = []
    while len(starts) < n:
        mode = rng.random()
        if mode < 0.55:
            # A busy run: back to back, or with gaps around G.
            for _ in range(rng.randint(1, 150 if small_only else 40)):
                d = rng.choice([rng.randint(20_000, 300_000), rng.randint(300_000, 1_500_000),
                                rng.randint(1_000_000, 3 * budget), 77_000, 100_000])
                if small_only:
                    d = rng.choice([rng.randint(20_000, 300_000), 77_000, rng.randint(300_000, 900_000)])
                starts.append((t, d))
                t += d + rng.choice([0, 0, 1, gap - 1, gap, gap + 1, rng.randint(0, gap),
                                     rng.randint(gap, 3 * gap)])
        elif mode < 0.8:
            # One short update, perhaps across a grid line.
            d = rng.randint(1_000, 200_000)
            starts.append((t, d))
            t += d + rng.randint(gap + 1, 3 * budget)
        else:
            # Idle: a long gap.
            t += rng.randint(budget, 40 * budget)
    end = t

    for start, duration in starts:
        uid = new_id()
        thread = rng.choices([None, "main", "com.apple.render", "Thread 0x1a2b"], [70, 10, 15, 5])[0]
        kind = rng.choices(["body", "other", "representable"], [60, 30, 10])[0]
        view = rng.choice(["Row", "List", "Detail", "Header", "Image"])
        fields = [f'"type":"update"', f'"id":{uid}', f'"kind":"{kind}"']
        if kind != "other" or rng.random() < 0.5:
            fields.append(f'"view":"{view}"')
        else:
            fields.append('"label":"Layout: Stack"')
        if rng.random() < 0.5:
            fields.append('"module":"App"')
        if rng.random() < 0.03:
            duration = 3_600_000_000_000  # unfinished
        if rng.random() < 0.05:
            fields.append('"skipped":true')
        fields += [f'"start":{start + shift}', f'"duration":{duration}']
        if thread is not None:
            fields.append(f'"thread":"{thread}"')
        events.append((start, "{" + ",".join(fields) + "}"))

    # Recorded frames: every vsync (dense) or only where something rendered (sparse).
    if frames_mode != "none":
        vsync = t0 - rng.randint(0, 3) * budget
        busy = sorted(s for s, _ in starts)
        k = 0
        while vsync < end + 2 * budget:
            while k < len(busy) and busy[k] < vsync:
                k += 1
            rendered = k < len(busy) and busy[k] < vsync + budget
            keep = rng.random() < 0.9 if frames_mode == "dense" else (rendered and rng.random() < 0.7)
            if keep:
                deadline = vsync + rng.choice([budget, budget, budget, budget + rng.randint(1, gap),
                                               budget - rng.randint(0, gap), 2 * budget, 3 * budget, 1])
                events.append((vsync, f'{{"type":"frame","start":{vsync + shift},"deadline":{deadline + shift}}}'))
                if rng.random() < 0.05:  # the same vsync twice, another deadline
                    d2 = vsync + rng.choice([budget, 2 * budget])
                    events.append((vsync, f'{{"type":"frame","start":{vsync + shift},"deadline":{d2 + shift}}}'))
            vsync += budget + rng.choice([0, 0, 0, 1, -1])

    # Events of other types, some with times before everything.
    for _ in range(rng.randint(0, 3)):
        at = t0 - rng.randint(0, 5 * budget) if rng.random() < 0.3 else rng.randint(t0, end)
        key = rng.choice(["start", "time"])
        etype = rng.choice(["sample", "interval", "marker"])
        if etype == "sample":  # a sample must be complete (trace-format.md); its `time` counts
            text = f'{{"type":"sample","time":{at + shift},"weight":1000000,"stack":[]}}'
        elif etype == "interval":  # an interval must be complete too; its `start` counts
            text = f'{{"type":"interval","name":"step","start":{at + shift},"duration":{budget}}}'
        else:
            text = f'{{"type":"{etype}","{key}":{at + shift}}}'
        events.append((at, text))
    for _ in range(rng.randint(0, 2)):
        hs = rng.randint(t0, end)
        events.append((hs, f'{{"type":"hitch","start":{hs + shift},"duration":{rng.randint(1, 5) * budget}}}'))

    events.sort(key=lambda e: e[0])
    if rng.random() < 0.1:
        # A few lines out of order.
        for _ in range(max(1, len(events) // 50)):
            i, j = rng.randrange(len(events)), rng.randrange(len(events))
            events[i], events[j] = events[j], events[i]

    header = ['"type":"trace"', '"version":1', '"app":"Frames"']
    if not no_rate and rng.random() < 0.75:
        header.append(f'"refreshRate":{rate}')
        if source is not None:
            header.append(f'"refreshRateSource":"{source}"')
    if header_start is not None:
        header.append(f'"start":{header_start}')
    lines.append("{" + ",".join(header) + "}")
    lines += [text for _, text in events]
    sys.stdout.write("\n".join(lines) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
