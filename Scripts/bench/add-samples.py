#!/usr/bin/env python3
"""Appends what Instruments records beside the SwiftUI instrument to a bench trace: Time
Profiler samples, one a millisecond on the main thread from the trace's first to its last update
start, weight 1 ms, each with one of 64 stacks over 40 symbols (symbols written after the
samples, as a recorder may); an app hitch every 500 ms (one or two 60 Hz frames; every tenth the
system's) and a 300 ms hang every 10 s, so that about a tenth of the trace lies in a window.

    Scripts/bench/add-samples.py IN.jsonl OUT.jsonl [SEED]
"""
import json
import random
import re
import shutil
import sys


def main(argv):
    if len(argv) < 3:
        sys.stderr.write(__doc__)
        return 64
    source, target = argv[1], argv[2]
    rng = random.Random(int(argv[3]) if len(argv) > 3 else 1)
    start_pattern = re.compile(rb'"start":(\d+)')
    first, last = None, None
    with open(source, "rb") as f:
        for line in f:
            if b'"type":"update"' not in line:
                continue
            m = start_pattern.search(line)
            if m:
                t = int(m.group(1))
                first = t if first is None else min(first, t)
                last = t if last is None else max(last, t)
    if first is None:
        sys.stderr.write("add-samples: no updates\n")
        return 65
    stacks = [[rng.randrange(1, 41) for _ in range(rng.randint(3, 24))] + [40] for _ in range(64)]
    with open(target, "wb") as out:
        with open(source, "rb") as f:
            shutil.copyfileobj(f, out, 1 << 20)
        lines = []
        for time in range(first, last + 1, 1_000_000):
            lines.append('{"type":"sample","time":%d,"weight":1000000,"stack":[%s]}\n'
                         % (time + rng.randrange(0, 50_000), ",".join(map(str, rng.choice(stacks)))))
            if len(lines) >= 10_000:
                out.write("".join(lines).encode())
                lines = []
        for symbol in range(1, 41):
            user = symbol % 4 == 0
            lines.append(json.dumps({"type": "symbol", "id": symbol, "name": f"Function{symbol}()",
                                     "binary": "Bench" if user else "SwiftUICore", **({"user": True} if user else {})},
                                    separators=(",", ":")) + "\n")
        for k, time in enumerate(range(first + 250_000_000, last + 1, 500_000_000)):
            system = ',"system":true' if k % 10 == 9 else ""
            lines.append('{"type":"hitch","start":%d,"duration":%d,"narrative":"Potentially expensive app update(s)"%s}\n'
                         % (time, 16_666_667 * (1 + k % 2), system))
        for time in range(first + 5_000_000_000, last + 1, 10_000_000_000):
            lines.append('{"type":"hang","start":%d,"duration":300000000,"kind":"Hang"}\n' % time)
        out.write("".join(lines).encode())
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
