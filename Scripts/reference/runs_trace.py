#!/usr/bin/env python3
"""Deterministic generator of ONE run's trace, for cross-checking `tracecli diff` verdicts over
runs (analysis.md "Verdicts over runs") against verdicts.py.

    python3 Scripts/reference/runs_trace.py --seed S --views N [--slow I --factor F]
        [--missing I] [--ties] [--hitches] [--hangs] [--hitch-factor F] > run.jsonl

Writes a VALID trace (format version 1; header first with refreshRate 60 and start 0); the same
arguments always give the same bytes. Several seeds with the same other arguments are several
runs of one app: what a view costs does not depend on the seed, only the noise does.

  * Views `App`.`View0000` ... (`kind: body`, main thread). View i's mean duration and its usual
    number of updates come from a fixed generator (seeded with a constant, drawn in view order),
    so view i looks the same in every run and for every N > i. Means are log-uniform in
    [30 us, 1.5 ms], so some views go red (> 1 ms) now and then and some never.
  * Per run (seeded): each update's duration is mean * lognormal(0, 0.25); each view gets its
    usual count (3..7) plus 0 or 1 update.
  * --slow I --factor F: view I's durations are multiplied by F (a planted regression or, with
    F < 1, an improvement). --missing I: view I has no update at all in this run.
  * --ties: durations are rounded to multiples of 100 us (at least 100 us) and every view gets
    exactly its usual count, so many per-run values tie (the normal approximation with the tie
    correction; count figures all tied, p = 1).
  * Updates are laid out in bursts of 5..40 back-to-back updates (each starting 10 us after the
    previous one ends), bursts 6 ms apart (more than G = B/8 at 60 Hz), no `frame` events: a burst
    longer than one budget is one missed grid frame, so frames.missed varies from run to run and
    grows with a slow view.
  * --hitches: 2..6 app hitches (8..50 ms; some written with `"system": false`, some with a
    narrative or cause) plus 1..2 system hitches (`"system": true`, not the app's: left out of
    the figures). --hangs: 0..3 hangs (250 ms..2 s) of a random `kind`. --hitch-factor F
    multiplies the app hitch and hang durations by F (default 1; a planted regression of the
    whole-trace figures). Hitches and hangs are placed after the updates.

Kept fast on purpose (plain f-strings, one random.Random): 2 000 views make ~11 000 lines.
"""

import math
import random
import sys

US = 1_000
MS = 1_000_000
VIEW_CONSTANT_SEED = 20240611  # the per-view facts (mean, usual count); never the run's seed
NOISE_SIGMA = 0.25
TIE_QUANTUM = 100 * US
HANG_KINDS = [None, "Microhang", "Hang", "Severe Hang"]
NARRATIVES = [None, "Potentially expensive app update(s)"]
CAUSES = [None, "Commit to Render latency", "App latency"]

USAGE = ("usage: runs_trace.py --seed S --views N [--slow I --factor F] [--missing I] [--ties]\n"
         "                     [--hitches] [--hangs] [--hitch-factor F]\n")


def view_facts(n):
    """[(mean ns as float, usual count)] for views 0..n-1; independent of the run's seed."""
    rng = random.Random(VIEW_CONSTANT_SEED)
    facts = []
    lo, hi = math.log(30 * US), math.log(1_500 * US)
    for _ in range(n):
        mean = math.exp(rng.uniform(lo, hi))
        count = rng.randint(3, 7)
        facts.append((mean, count))
    return facts


def parse_args(argv):
    opts = {"seed": None, "views": None, "slow": None, "factor": None, "missing": None,
            "ties": False, "hitches": False, "hangs": False, "hitch_factor": 1.0}
    i = 0
    while i < len(argv):
        a = argv[i]
        if a in ("--ties", "--hitches", "--hangs"):
            opts[a[2:]] = True
            i += 1
        elif a in ("--seed", "--views", "--slow", "--missing", "--factor", "--hitch-factor"):
            if i + 1 >= len(argv):
                raise ValueError(f"{a} needs a value")
            v = argv[i + 1]
            key = a[2:].replace("-", "_")
            opts[key] = float(v) if key in ("factor", "hitch_factor") else int(v, 10)
            i += 2
        else:
            raise ValueError(f"unknown argument {a}")
    if opts["seed"] is None or opts["views"] is None:
        raise ValueError("--seed and --views are required")
    if (opts["slow"] is None) != (opts["factor"] is None):
        raise ValueError("--slow and --factor go together")
    return opts


def main(argv):
    try:
        o = parse_args(argv)
    except ValueError as e:
        sys.stderr.write(f"error: {e}\n{USAGE}")
        return 64
    seed, n = o["seed"], o["views"]
    rng = random.Random(seed)
    facts = view_facts(n)

    # Per-view durations of this run.
    planned = []  # (view index, duration)
    for i, (mean, usual) in enumerate(facts):
        if i == o["missing"]:
            continue
        count = usual if o["ties"] else usual + rng.randint(0, 1)
        scale = o["factor"] if i == o["slow"] else 1.0
        for _ in range(count):
            d = mean * scale * rng.lognormvariate(0.0, NOISE_SIGMA)
            if o["ties"]:
                d = max(1, round(d / TIE_QUANTUM)) * TIE_QUANTUM
            planned.append((i, int(d)))
    rng.shuffle(planned)

    lines = ['{"type":"trace","version":1,"app":"Runs","refreshRate":60,"start":0,'
             f'"producer":"runs_trace.py --seed {seed}"}}']
    t = 1 * MS
    next_id = 1
    k = 0
    while k < len(planned):
        burst = rng.randint(5, 40)
        for i, d in planned[k:k + burst]:
            lines.append(f'{{"type":"update","id":{next_id},"kind":"body","view":"View{i:04d}",'
                         f'"module":"App","start":{t},"duration":{d}}}')
            next_id += 1
            t += d + 10 * US
        k += burst
        t += 6 * MS  # idle gap > G: the next burst is a new run

    hf = o["hitch_factor"]
    if o["hitches"]:
        events = [("app", rng.randint(8 * MS, 50 * MS)) for _ in range(rng.randint(2, 6))]
        events += [("system", rng.randint(8 * MS, 50 * MS)) for _ in range(rng.randint(1, 2))]
        rng.shuffle(events)
        for who, d in events:
            t += 100 * MS
            parts = [f'"type":"hitch","start":{t}']
            if who == "app":
                parts.append(f'"duration":{int(d * hf)}')
                if rng.random() < 0.3:
                    parts.append('"system":false')
            else:
                parts.append(f'"duration":{d},"system":true')
            narrative, cause = rng.choice(NARRATIVES), rng.choice(CAUSES)
            if narrative:
                parts.append(f'"narrative":"{narrative}"')
            if cause:
                parts.append(f'"cause":"{cause}"')
            lines.append("{" + ",".join(parts) + "}")
    if o["hangs"]:
        for _ in range(rng.randint(0, 3)):
            t += 3_000 * MS
            d = int(rng.randint(250 * MS, 2_000 * MS) * hf)
            kind = rng.choice(HANG_KINDS)
            extra = f',"kind":"{kind}"' if kind else ""
            lines.append(f'{{"type":"hang","start":{t},"duration":{d}{extra}}}')

    sys.stdout.write("\n".join(lines) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
