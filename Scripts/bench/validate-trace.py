#!/usr/bin/env python3
"""Checks that a generated trace is valid tracecli JSON Lines (format version 1).

    python3 Scripts/bench/validate-trace.py TRACE.jsonl

Independent of tracecli: every line parses with Python's json, is an object with a string
`type`, the header is first, required keys are present with the right JSON types, kinds are
in their lists, durations are >= 0, `id`s of update and source events are unique (group ids
too, separately), and every cause edge names a known id. Prints counts; exit 1 on the first
error (file:line: message).
"""

import json
import sys
from collections import Counter

UPDATE_KINDS = {"body", "representable", "other"}
SOURCE_KINDS = {"gesture", "state", "observable", "environment", "environmentWriter",
                "preference", "transaction", "creation", "other"}
UNFINISHED_NS = 3_600_000_000_000


def is_int(v):
    return isinstance(v, int) and not isinstance(v, bool) and -(2**63) <= v < 2**63


def main():
    path = sys.argv[1]
    types, kinds = Counter(), Counter()
    node_ids, group_ids, edges = set(), set(), []
    skipped = unfinished = render = orange = red = unknown_keys = 0
    known = {
        "trace": {"type", "version", "app", "device", "refreshRate", "start", "producer"},
        "group": {"type", "id", "start", "duration", "label"},
        "update": {"type", "id", "kind", "view", "label", "module", "start", "duration", "thread",
                   "skipped", "group"},
        "source": {"type", "id", "kind", "label", "owner", "property", "user", "time", "backtrace"},
        "cause": {"type", "from", "to", "label", "time", "changed", "valueType"},
    }

    def fail(n, message):
        print(f"{path}:{n}: {message}", file=sys.stderr)
        sys.exit(1)

    with open(path, "rb") as f:
        for n, raw in enumerate(f, 1):
            if not raw.endswith(b"\n"):
                fail(n, "no line end")
            try:
                o = json.loads(raw.decode("utf-8"))
            except (UnicodeDecodeError, ValueError) as error:
                fail(n, f"not JSON: {error}")
            if not isinstance(o, dict) or not isinstance(o.get("type"), str):
                fail(n, "not an object with a string type")
            t = o["type"]
            types[t] += 1
            if t == "trace" and n != 1:
                fail(n, "header not first")
            if t in known and set(o) - known[t]:
                unknown_keys += 1

            def need(key, check, what):
                if key not in o or not check(o[key]):
                    fail(n, f"{t}: `{key}` must be {what}, got {o.get(key)!r}")

            if t == "trace":
                need("version", lambda v: v == 1, "1")
            elif t == "group":
                need("id", is_int, "an int")
                if o["id"] in group_ids:
                    fail(n, f"duplicate group id {o['id']}")
                group_ids.add(o["id"])
                need("start", is_int, "an int")
                need("duration", lambda v: is_int(v) and v >= 0, "an int >= 0")
            elif t == "update":
                need("id", lambda v: is_int(v) and v >= 0, "an int >= 0")
                need("kind", lambda v: v in UPDATE_KINDS, "an update kind")
                if o["kind"] != "other":
                    need("view", lambda v: isinstance(v, str), "a string")
                need("start", is_int, "an int")
                need("duration", lambda v: is_int(v) and v >= 0, "an int >= 0")
                for key in ("view", "label", "module", "thread"):
                    if key in o and not isinstance(o[key], str):
                        fail(n, f"`{key}` must be a string")
                if "skipped" in o and not isinstance(o["skipped"], bool):
                    fail(n, "`skipped` must be a bool")
                if "group" in o and not is_int(o["group"]):
                    fail(n, "`group` must be an int")
                if o["id"] in node_ids:
                    fail(n, f"duplicate id {o['id']}")
                node_ids.add(o["id"])
                kinds[o["kind"]] += 1
                d = o["duration"]
                skipped += o.get("skipped") is True
                render += o.get("thread", "main") != "main"
                if d >= UNFINISHED_NS:
                    unfinished += 1
                elif d > 1_000_000:
                    red += 1
                elif d > 500_000:
                    orange += 1
            elif t == "source":
                need("id", lambda v: is_int(v) and v >= 0, "an int >= 0")
                need("kind", lambda v: v in SOURCE_KINDS, "a source kind")
                need("label", lambda v: isinstance(v, str), "a string")
                if o["id"] in node_ids:
                    fail(n, f"duplicate id {o['id']}")
                node_ids.add(o["id"])
            elif t == "cause":
                need("from", is_int, "an int")
                need("to", is_int, "an int")
                edges.append((n, o["from"], o["to"]))

    dangling = [(n, a, b) for n, a, b in edges if a not in node_ids or b not in node_ids]
    updates = types["update"]
    print(f"{path}: OK, {n} lines: " + ", ".join(f"{k} {v}" for k, v in types.most_common()))
    print(f"  update kinds: {dict(kinds)}; skipped {skipped} ({skipped / updates:.1%}), "
          f"unfinished {unfinished}, off main thread {render} ({render / updates:.1%}), "
          f"orange {orange} ({orange / updates:.1%}), red {red} ({red / updates:.1%})")
    print(f"  ids unique ({len(node_ids)} update/source, {len(group_ids)} group); "
          f"{len(edges)} cause edges, {len(dangling)} dangling; "
          f"{unknown_keys} lines with unknown keys")
    if dangling:
        print(f"  first dangling edges at lines {[n for n, _, _ in dangling[:5]]}")


if __name__ == "__main__":
    main()
