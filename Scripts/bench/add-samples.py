#!/usr/bin/env python3
"""Appends Time Profiler samples to a bench trace: one a millisecond on the main thread from the
trace's first to its last update start, weight 1 ms, each with one of 64 stacks over 40 symbols
(symbols written after the samples, as a recorder may).

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
        out.write("".join(lines).encode())
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
