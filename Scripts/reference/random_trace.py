#!/usr/bin/env python3
"""Deterministic random trace generator for cross-checking tracecli.

    python3 Scripts/reference/random_trace.py SEED N > out.jsonl

Writes a VALID trace (format version 1) with about N updates. The same SEED
and N always give the same bytes. Every trace mixes the awkward corners of the
format and of analysis.md:

  * CRLF on some lines, blank lines (empty, spaces, tabs), optional final line
    end, whitespace between tokens, shuffled key order;
  * string escapes (\\" \\\\ \\/ \\n \\u00e9, surrogate pairs \\ud83d\\ude00, \\u0041)
    and raw UTF-8 in view names, labels and modules;
  * unknown keys holding nested arrays/objects, huge numbers (10^30, 1.5e400),
    and unknown event types;
  * all three update kinds; `other` updates with view, with only a label, with
    neither; modules absent or present; the same name in several modules/kinds;
  * threads absent, "main" explicit, and off the main thread;
  * skipped updates; unfinished sentinel durations (3600e9, 2^62, Int64.max);
    durations exactly at and around the thresholds (500000, 500001, 1000000,
    1000001, ...);
  * explicit `frame` events (shuffled, some updates before the first frame)
    or the implicit grid, chosen by seed; with or without a header, header
    `start` earlier or later than the events, refreshRate absent/60/120/90;
  * events out of time order; sources, causes, groups, hitches and hangs whose
    times come before every update (so they set the implicit anchor);
  * dangling causes: `from`, `to` or both naming ids no event defines, some ids
    named by several causes.
"""

import random
import sys

UNFINISHED = [3_600_000_000_000, 3_600_000_000_001, 2**62, 2**63 - 1]
EDGE_DURATIONS = [0, 1, 499_999, 500_000, 500_001, 999_999, 1_000_000, 1_000_001]

VIEW_NAMES = [
    "LandmarkListItemView", "LandmarkList", "ContentView", "Image", "Text",
    'Quote"View', "Back\\slashView", "Path/To/View", "Line\nBreakView", "Café",
    "Smile\U0001F600View", "ÉtoileView", "ZStack", "ScalableDogImage",
]
OTHER_LABELS = [
    "Layout: ScrollViewChildContainerSize", "Preference List", "Text: Résumé",
    "Transaction for Gesture", "Layout: \"quoted\" / slash", "Emoji \U0001F436 update",
]
REPRESENTABLE_VIEWS = ["MapView", "WebView", "CameraPreview\U0001F4F7"]
MODULES = [None, None, "Landmarks", "SwiftUI", "UIKit", "Módulo"]
THREADS = [None, None, None, None, "main", "main", "com.apple.render",
           "com.apple.SwiftUI.AsyncRenderer"]
SOURCE_KINDS = ["gesture", "state", "observable", "environment", "environmentWriter",
                "preference", "transaction", "creation", "other"]


class Writer:
    """Writes JSON text by hand so escapes, spacing and key order can vary."""

    def __init__(self, rng):
        self.rng = rng

    def ws(self):
        r = self.rng.random()
        if r < 0.8:
            return ""
        return self.rng.choice([" ", "  ", "\t", " \t "])

    def string(self, s):
        rng = self.rng
        out = ['"']
        for ch in s:
            o = ord(ch)
            if ch == '"':
                out.append('\\"')
            elif ch == "\\":
                out.append("\\\\")
            elif ch == "/":
                out.append("\\/" if rng.random() < 0.5 else "/")
            elif ch == "\n":
                out.append("\\n" if rng.random() < 0.7 else "\\u000a")
            elif o < 0x20:
                out.append(f"\\u{o:04x}")
            elif o >= 0x10000:
                if rng.random() < 0.5:
                    v = o - 0x10000
                    hi, lo = 0xD800 + (v >> 10), 0xDC00 + (v & 0x3FF)
                    out.append(f"\\u{hi:04x}\\u{lo:04x}" if rng.random() < 0.5 else f"\\u{hi:04X}\\u{lo:04X}")
                else:
                    out.append(ch)
            elif o >= 0x80:
                out.append(f"\\u{o:04x}" if rng.random() < 0.5 else ch)
            elif ch.isalpha() and rng.random() < 0.03:
                out.append(f"\\u{o:04X}")
            else:
                out.append(ch)
        out.append('"')
        return "".join(out)

    def value(self, v):
        if v is None:
            return "null"
        if v is True:
            return "true"
        if v is False:
            return "false"
        if isinstance(v, Raw):
            return v.text
        if isinstance(v, int):
            return str(v)
        if isinstance(v, str):
            return self.string(v)
        if isinstance(v, list):
            return "[" + ",".join(self.ws() + self.value(x) + self.ws() for x in v) + "]"
        if isinstance(v, dict):
            return self.obj(list(v.items()), shuffle=False)
        raise TypeError(v)

    def obj(self, items, shuffle=True):
        items = list(items)
        if shuffle:
            self.rng.shuffle(items)
        parts = [self.ws() + self.string(k) + self.ws() + ":" + self.ws() + self.value(v) + self.ws()
                 for k, v in items]
        return "{" + ",".join(parts) + "}"


class Raw:
    """A number (or any JSON) written verbatim."""

    def __init__(self, text):
        self.text = text


def junk(rng, depth=0):
    """A random JSON value for unknown keys: nesting, huge numbers, escapes."""
    r = rng.random()
    if depth < 4 and r < 0.25:
        return [junk(rng, depth + 1) for _ in range(rng.randint(0, 3))]
    if depth < 4 and r < 0.45:
        return {rng.choice(["a", "b", "type", "id", "duration", "\u00e9", "x/y"]): junk(rng, depth + 1)
                for _ in range(rng.randint(0, 3))}
    return rng.choice([
        Raw("123456789012345678901234567890"), Raw("-99999999999999999999"), Raw("1.5e400"),
        Raw("-0.0e-5"), Raw("0.25"), Raw("1E+2"), Raw("-0"), True, False, None, "",
        "str \"q\" \\ / \n \U0001F600 é", 42, [[[[]]]], {"nested": {"deeper": [1, [2, [3]]]}},
    ])


def unknown_keys(rng):
    keys = {}
    for _ in range(rng.choice([0, 0, 0, 1, 2])):
        keys[rng.choice(["allocations", "x_meta", "category", "viewHierarchy", "extra", "ünïcode"])] = junk(rng)
    return keys


def main(argv):
    if len(argv) != 2:
        sys.stderr.write("usage: random_trace.py SEED N\n")
        return 64
    seed, n_updates = int(argv[0]), int(argv[1])
    rng = random.Random(seed)
    w = Writer(rng)

    # --- modes chosen by seed
    explicit_frames = rng.random() < 0.4
    header_mode = rng.choice(["none", "plain", "start-before", "start-after"])
    rate_choice = rng.choice([None, 60, 120, 90, Raw("120.0")])
    rate = 60 if rate_choice is None else (120 if isinstance(rate_choice, Raw) else rate_choice)
    budget = round(1e9 / rate)  # 60 → 16666667, 90 → 11111111, 120 → 8333333
    t0 = rng.choice([0, 1_000_000_000, rng.randint(-10**12, 10**15), 123_456_789])
    n_frames = max(1, n_updates // rng.randint(3, 25))
    early_sources = rng.random() < 0.5  # sources/causes before every update: they set the anchor
    final_newline = rng.random() < 0.7

    events = []  # (sort_time, text)
    used_ids = set()

    def new_id():
        while True:
            i = rng.choice([rng.randint(0, 5000), rng.randint(0, 2**63 - 1)])
            if i not in used_ids:
                used_ids.add(i)
                return i

    # --- frames
    if explicit_frames:
        frame_starts = []
        s = t0
        for _ in range(n_frames):
            frame_starts.append(s)
            s += budget + rng.choice([0, 0, 0, 1, -1, budget])  # vsync jitter, a dropped vsync
        for fs in frame_starts:
            deadline = fs + rng.choice([budget, budget, budget, 2 * budget, 1])
            events.append((fs, w.obj([("type", "frame"), ("start", fs), ("deadline", deadline)]
                                     + list(unknown_keys(rng).items()))))

    # --- groups
    group_ids = []
    for _ in range(max(1, n_frames // 3)):
        gid = rng.randint(0, 10**6)
        group_ids.append(gid)
        gs = t0 + rng.randint(0, n_frames * budget)
        items = [("type", "group"), ("start", gs), ("duration", rng.randint(0, budget * 2))]
        if rng.random() < 0.8:
            items.append(("id", gid))
        if rng.random() < 0.5:
            items.append(("label", rng.choice(["Transaction for Gesture", "(RootDisplayList DisplayList)"])))
        events.append((gs, w.obj(items + list(unknown_keys(rng).items()))))

    # --- updates
    update_ids = []
    tie_pool = []  # names reused with identical durations to exercise the sort tie-breakers
    for _ in range(n_updates):
        kind = rng.choices(["body", "other", "representable"], [55, 35, 10])[0]
        items = [("type", "update"), ("kind", kind)]
        uid = new_id()
        update_ids.append(uid)
        items.append(("id", uid))
        if kind == "body":
            items.append(("view", rng.choice(VIEW_NAMES)))
        elif kind == "representable":
            items.append(("view", rng.choice(REPRESENTABLE_VIEWS)))
        else:
            r = rng.random()
            if r < 0.3:
                items.append(("view", rng.choice(VIEW_NAMES)))
                if rng.random() < 0.5:
                    items.append(("label", rng.choice(OTHER_LABELS)))
            elif r < 0.85:
                items.append(("label", rng.choice(OTHER_LABELS)))
            # else: neither view nor label → "(unnamed)"
        module = rng.choice(MODULES)
        if module is not None:
            items.append(("module", module))
        # start: mostly inside the frame timeline, sometimes before it
        if rng.random() < 0.05:
            start = t0 - rng.randint(1, 3 * budget)
        else:
            start = t0 + rng.randint(0, n_frames * budget)
        items.append(("start", start))
        r = rng.random()
        if r < 0.2:
            dur = rng.choice(EDGE_DURATIONS)
        elif r < 0.25:
            dur = rng.choice(UNFINISHED)
        elif r < 0.26:
            dur = 3_599_999_999_999  # the longest finished update
        elif r < 0.75:
            dur = rng.randint(1_000, 450_000)
        elif r < 0.9:
            dur = rng.randint(450_000, 1_200_000)
        else:
            dur = rng.randint(1_000_000, 3 * budget)
        if dur == 0 and rng.random() < 0.3:
            items.append(("duration", Raw("-0")))  # an integer zero, not negative
        else:
            items.append(("duration", dur))
        thread = rng.choice(THREADS)
        if thread is not None:
            items.append(("thread", thread))
        r = rng.random()
        if r < 0.12:
            items.append(("skipped", True))
        elif r < 0.2:
            items.append(("skipped", False))
        if group_ids and rng.random() < 0.4:
            items.append(("group", rng.choice(group_ids)))
        items += list(unknown_keys(rng).items())
        if rng.random() < 0.05:
            tie_pool.append((items, dur))
        events.append((start, w.obj(items)))
    # ties: the same name/duration under another module or kind
    for items, dur in tie_pool:
        twin = [(k, v) for k, v in items if k not in ("id", "module", "kind", "view", "label")]
        name = next((v for k, v in items if k in ("view",)), None) or "TieView"
        kind = rng.choice(["body", "other", "representable"])
        uid = new_id()
        update_ids.append(uid)
        twin += [("id", uid), ("kind", kind), ("view", name), ("module", rng.choice(["Zeta", "Alpha", ""]))]
        events.append((dict(twin)["start"], w.obj(twin)))

    # --- sources and causes
    times = [t for t, _ in events]
    earliest = min(times) if times else t0
    source_ids = []
    for _ in range(max(1, n_updates // 8)):
        sid = new_id()
        source_ids.append(sid)
        kind = rng.choice(SOURCE_KINDS)
        label = {"gesture": "Gesture: Tap", "state": "@State isOn", "observable": "@Observable LandmarkCollection.landmarks",
                 "environment": "External Environment", "environmentWriter": "EnvironmentWriter: RootEnvironmentModifier",
                 "creation": "View Creation / Reuse"}.get(kind, "Preference List \u00e9\U0001F600")
        items = [("type", "source"), ("id", sid), ("kind", kind), ("label", label)]
        st = None
        if rng.random() < 0.7:
            st = earliest - rng.randint(1, 10**7) if early_sources else t0 + rng.randint(0, n_frames * budget)
            items.append(("time", st))
        if rng.random() < 0.5:
            items.append(("user", rng.random() < 0.5))
        if kind in ("state", "observable") and rng.random() < 0.7:
            items += [("owner", "LandmarkCollection"), ("property", "landmarks")]
        if rng.random() < 0.3:
            items.append(("backtrace", ["ItemView.body.getter", "closure #1 in App.main()", "\u00e9/\U0001F600"]))
        events.append((st if st is not None else t0, w.obj(items + list(unknown_keys(rng).items()))))
    nodes = update_ids + source_ids
    for _ in range(n_updates // 2):
        items = [("type", "cause"), ("from", rng.choice(nodes)), ("to", rng.choice(nodes))]
        if rng.random() < 0.05:
            items[1] = ("from", rng.randint(0, 2**63 - 1))  # dangling
        ct = None
        if rng.random() < 0.5:
            ct = earliest - rng.randint(1, 10**7) if early_sources else t0 + rng.randint(0, n_frames * budget)
            items.append(("time", ct))
        if rng.random() < 0.5:
            items.append(("label", rng.choice(["update", "creation"])))
        if rng.random() < 0.3:
            items.append(("changed", "isFavorite"))
            items.append(("valueType", "Bool"))
        events.append((ct if ct is not None else t0, w.obj(items + list(unknown_keys(rng).items()))))

    # --- hitches, hangs, unknown types
    for _ in range(rng.randint(0, 3)):
        hs = t0 + rng.randint(-budget, n_frames * budget)
        items = [("type", rng.choice(["hitch", "hang"])), ("start", hs), ("duration", rng.randint(0, 10**9))]
        if items[0][1] == "hitch" and rng.random() < 0.5:
            items.append(("narrative", "Potentially expensive app update(s)"))
        if items[0][1] == "hang" and rng.random() < 0.5:
            items.append(("kind", rng.choice(["Microhang", "Hang", "Severe Hang"])))
        events.append((hs, w.obj(items)))
    for _ in range(rng.randint(1, 4)):
        items = [("type", rng.choice(["marker", "futureEvent", "allocation", "Update"])),
                 ("start", Raw(rng.choice(["1.5", "1e999", "-12345678901234567890123", "7"]))),
                 ("payload", junk(rng))]
        events.append((rng.randint(-10**18, 10**18), w.obj(items)))

    # --- order: mostly by time, partly shuffled
    events.sort(key=lambda e: e[0])
    for _ in range(len(events) // 4):
        i, j = rng.randrange(len(events)), rng.randrange(len(events))
        events[i], events[j] = events[j], events[i]

    # --- dangling causes: a `to` (or both ends) that no event defines, some ids repeated so
    # an unknown node gets several edges. A separate generator, so the events above stay
    # what they were; no `time`, so the trace start and summaries do not move.
    extra = random.Random(seed * 1_000_003 + 7)
    extra_writer = Writer(extra)
    repeated = [extra.randint(0, 2**63 - 1) for _ in range(2)]
    for _ in range(max(1, n_updates // 40)):
        dangling_to = extra.choice(repeated + [extra.randint(0, 2**63 - 1)])
        source = extra.choice(nodes) if extra.random() < 0.8 else extra.choice(repeated)
        items = [("type", "cause"), ("from", source), ("to", dangling_to)]
        if extra.random() < 0.5:
            items.append(("label", extra.choice(["update", "creation"])))
        events.insert(extra.randrange(len(events) + 1), (0, extra_writer.obj(items)))

    lines = []
    if header_mode != "none":
        items = [("type", "trace"), ("version", 1), ("app", "Random \U0001F3B2 App"), ("producer", f"random_trace.py {seed}")]
        if rate_choice is not None:
            items.append(("refreshRate", rate_choice))
        if header_mode == "start-before":
            items.append(("start", earliest - rng.randint(0, 3 * budget)))
        elif header_mode == "start-after":
            items.append(("start", earliest + rng.randint(1, 5 * budget)))
        if rng.random() < 0.5:
            items.append(("device", "iPhone 16 Pro"))
        lines.append(w.obj(items))
    for _, text in events:
        lines.append(text)

    out = bytearray()
    for k, text in enumerate(lines):
        # blank lines anywhere after the header (never before it: still fine, but keep the header first)
        if k > 0 and rng.random() < 0.05:
            out += rng.choice([b"", b"   ", b"\t", b" \t "]) + rng.choice([b"\n", b"\r\n"])
        body = (w.ws() + text + w.ws()).encode("utf-8")
        last = k == len(lines) - 1
        if last and not final_newline:
            out += body
        else:
            out += body + (b"\r\n" if rng.random() < 0.15 else b"\n")
    sys.stdout.buffer.write(bytes(out))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
