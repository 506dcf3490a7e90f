#!/usr/bin/env python3
"""Independent reference implementation of the tracecli analysis contract.

A second, deliberately simple reading of /work/shared/spec/trace-format.md and
/work/shared/spec/analysis.md, used to cross-check the Swift implementation.
Python 3.11 standard library only; correctness over speed.

    python3 Scripts/reference/analysis.py summarize TRACE.jsonl \
        [--orange NS] [--red NS] [--from NS] [--to NS] [--window NAME]... [--format json]
    python3 Scripts/reference/analysis.py summarize TRACE.jsonl --list-windows
    python3 Scripts/reference/analysis.py diff BASE.jsonl HEAD.jsonl [--orange NS] [--red NS]
    python3 Scripts/reference/analysis.py diff BASE1 BASE2 ... --vs HEAD1 HEAD2 ... [--orange NS] [--red NS]

`summarize` prints the "Summary JSON" of analysis.md (only the keys it defines: updates,
views, frames, thresholds), pretty-printed with sorted keys and a 2-space
indent. `diff` prints the "diff" JSON of analysis.md "Check and diff JSON" (views with
base/head count, orange, red, p95Ns, totalNs; frames.base/head.missed; edges with base/head
counts), computed from this file's own summaries and its own reading of the cause graph;
views sorted by (module, kind, name), edges by (from, to, label). Exit codes: 0 ok, 64 usage,
65 malformed trace, 66 unreadable file.

    python3 Scripts/reference/analysis.py cause-graph TRACE.jsonl [--view V]
        [--upstream] [--downstream] [--depth N] [--min-count N] [--from NS] [--to NS]
        [--window NAME]...

`cause-graph` prints the cause-and-effect graph (analysis.md "Cause-and-effect graph"):
the whole graph (every node with an edge, no cap) or the subgraph around view V
(upstream by default; --downstream alone: effects only; both flags: both), nodes and
edge ends named by (kind, module, label) so that two implementations' node ids need
not agree; exit 1 when V names no view. Its readings (the ones tracecli documents):
an update node is the app's own (user) when its module is set and not one of
SYSTEM_MODULES, a source node when any of its events says user; with --from/--to a
cause is kept when its time, else its target's (an update's start, a source's time),
lies in [from, to) relative to the trace start, and dropped when it has neither; node
counts are then in-range updates, and dimmed uses them (all updates when none is in
range); --depth N keeps nodes within N hops and an edge a -> b when hops(b) + 1 <= N
upstream (hops(a) + 1 <= N downstream).

Windows (analysis.md "Windows (`--window NAME`)"; `interval` events of trace-format.md):
  * `--window NAME` is repeatable; the window is the union of the half-open spans
    [start, start + duration) of every interval any NAME matches (intervals of duration 0 hold
    nothing). Interval times are absolute (as in the file), unlike --from/--to.
  * NAME matches an interval whose `name` is NAME, and also one whose `subsystem` + "/" + `name`
    is NAME. Both readings always apply (their union): a plain name that itself holds a slash
    still matches by name, and SUBSYSTEM/NAME is split wherever the interval's own subsystem
    ends (a subsystem or a name may hold slashes). Comparison is exact (code points; no case
    folding, no trimming). A plain NAME matches that name under every subsystem and without one.
    `category` plays no part.
  * A NAME that matches no interval: exit 64, after the trace is read (a malformed trace is still
    65), with a message listing every spelling the trace accepts (each name, and SUBSYSTEM/NAME
    for intervals with a subsystem), sorted by code point. A name that matches only intervals of
    duration 0 is known: the window is just empty.
  * Selection: an update (hitch, hang) counts when its `start` is in the window, a sample when its
    `time` is. With --from/--to too, a time must be in both (the intersection).
  * summarize: per-kind, views and frames use the counted updates only; frames keep the whole
    trace's timeline (recorded frames and the grid anchor are never filtered), exactly as for
    --from/--to. With --window the JSON gains one extra key, "window": {"names": the NAMEs as
    given, "intervals": how many intervals they matched, "spanNs": the length of the union,
    "hitches": {"count", "totalNs", "longestNs"} (app hitches: `system` not true), "hangs":
    {"count", "longestNs"}, "samples": {"count", "weightNs"}} over the selection. Without
    --window the output is what it always was.
  * cause-graph: a cause counts when its destination is an update that counts (its `start` in the
    window, and with --from/--to in the range too), or, when its destination is not an update (a
    source, or a dangling id), when the cause itself has a `time` in the window (and range); never
    without one. So with --window the range takes part only through that intersection: the
    range-only rule below (the cause's own time first, else its target's) applies when no
    --window is given. Node counts and dimmed use updates and sources whose start / time is in
    the window (and range), as for the range alone.
  * `summarize --list-windows` prints {"windows": [{"name", "subsystem" (null when absent),
    "count": intervals, "totalNs": summed durations (overlaps counted twice)}]}, one entry per
    (subsystem, name), sorted by name then subsystem (null first, then code point); it lists the
    whole trace whatever --from/--to/--window say (they are ignored with it).
  * An `interval` is read like other events: `name` (string), `start` (Int64), `duration`
    (Int64 >= 0) required; `subsystem`, `category` strings when present; errors with line and
    column as for other events. Its `start` counts for the trace start (it always did, as an
    event of a then-unknown type).

Reader decisions that the spec leaves open (see Fixtures/README.md too):
  * Columns are 1-based BYTE offsets into the line (the line end excluded).
    A JSON syntax error points at the first byte that cannot continue a valid
    JSON text (one past the last byte when the line ends too early). Invalid
    UTF-8 points at the first byte of the ill-formed sequence. Errors about one
    key's value point at the first byte of that value; errors about the whole
    event (not an object, no type, missing key, header not first) at the first
    byte of the line's value.
  * Only the first error is reported; lines are read top to bottom.
  * null is not "absent": a known key whose value is null has the wrong type.
  * A duplicated key inside one object: the last one wins.
  * Lone UTF-16 surrogate escapes (\\ud800 without a partner) are accepted and
    decoded as U+FFFD.
  * `version` must be exactly 1 (0, negatives and larger versions refused).
  * `refreshRate` must be a number > 0 whose budget round(1e9 / rate) is >= 1.
  * Every id-valued integer (`id`, `group`, `from`, `to`) must be >= 0.
  * Group ids are their own namespace: only update/source ids must be unique.
  * The last line, when it has no line end and fails at the JSON level (syntax
    or UTF-8), is a truncated tail: a warning, then ignored. A last line that
    is valid JSON but breaks an event rule (not an object, missing key, ...) is
    still an error. A lone "\r" at the very end is not a line end (JSON space).
  * The anchor / trace start without a header `start` is the earliest integer `start`/`time`
    of any event: unknown types included (analysis.md), and `sample` times.
  * `symbol` ids are non-negative (like every id); they are unique among symbols only.
    `sample` stack entries are any Int64 integers (a negative one simply names no symbol);
    an error about `stack` (a fraction, a string, ...) points at the array, not the item.
    `weight` must be > 0 (column of the weight). Symbols may come after the samples that
    use them, so dangling stack ids are resolved by the analysis (profile.py), not here.

Diff decisions (analysis.md leaves them open):
  * A side's figure is the median of its runs: the value at index (n - 1) // 2 of the sorted
    values (for an even number of runs, the lower of the two middle values). A view or edge a
    run lacks counts 0 in that run.
  * Edges are keyed by the labels of their end nodes (Name.body, Name.update, the name of an
    `other` update, a source's label, `unknown #ID`) and the edge label (`update` when absent);
    nodes with equal labels add up.

Analysis decisions:
  * `views` ties after red/orange/totalNs/name are broken by module, then kind,
    both compared as strings by code point (so kind "other" < "representable").
  * --from / --to may be given alone; a missing bound is unbounded.
  * Explicit frames with equal `start`: the one later in the file is "the
    latest frame" (stable sort by start, last index with start <= update.start).
"""

import math
import os
import sys
from bisect import bisect_right

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import frames as frames_ref  # noqa: E402

EXIT_OK = 0
EXIT_USAGE = 64
EXIT_DATA = 65
EXIT_NOINPUT = 66

INT64_MIN = -(2**63)
INT64_MAX = 2**63 - 1
UNFINISHED_NS = 3_600_000_000_000
DEFAULT_ORANGE = 500_000
DEFAULT_RED = 1_000_000
DEFAULT_REFRESH = 60

UPDATE_KINDS = ("body", "representable", "other")
SOURCE_KINDS = (
    "gesture", "state", "observable", "environment", "environmentWriter",
    "preference", "transaction", "creation", "other",
)


# MARK: - JSON scanner (bytes in, Python values out; iterative, any depth)

class JSONSyntaxError(Exception):
    def __init__(self, offset, message):
        super().__init__(message)
        self.offset = offset  # 0-based byte offset into the line
        self.message = message


class Num:
    """A JSON number kept as its source text; converted only when a field needs it."""

    __slots__ = ("text", "is_integer")

    def __init__(self, text, is_integer):
        self.text = text
        self.is_integer = is_integer

    def __repr__(self):
        return f"Num({self.text})"


WHITESPACE = b" \t\n\r"
DIGITS = b"0123456789"
HEX = b"0123456789abcdefABCDEF"
SIMPLE_ESCAPES = {
    ord('"'): '"', ord("\\"): "\\", ord("/"): "/", ord("b"): "\b",
    ord("f"): "\f", ord("n"): "\n", ord("r"): "\r", ord("t"): "\t",
}


def _skip_ws(b, i):
    n = len(b)
    while i < n and b[i] in WHITESPACE:
        i += 1
    return i


def _describe(b, i):
    if i >= len(b):
        return "end of line"
    c = b[i]
    if 0x20 < c < 0x7F:
        return f"'{chr(c)}'"
    return f"byte 0x{c:02X}"


def _parse_literal(b, i, word, value):
    for k, expected in enumerate(word):
        if i + k >= len(b) or b[i + k] != expected:
            raise JSONSyntaxError(i + k, f"invalid literal, expected '{word.decode()}'")
    return value, i + len(word)


def _parse_number(b, i):
    n = len(b)
    start = i
    is_integer = True
    if b[i] == ord("-"):
        i += 1
    if i >= n or b[i] not in DIGITS:
        raise JSONSyntaxError(i, "invalid number: expected a digit")
    if b[i] == ord("0"):
        i += 1
    else:
        while i < n and b[i] in DIGITS:
            i += 1
    if i < n and b[i] == ord("."):
        is_integer = False
        i += 1
        if i >= n or b[i] not in DIGITS:
            raise JSONSyntaxError(i, "invalid number: expected a digit after '.'")
        while i < n and b[i] in DIGITS:
            i += 1
    if i < n and b[i] in b"eE":
        is_integer = False
        i += 1
        if i < n and b[i] in b"+-":
            i += 1
        if i >= n or b[i] not in DIGITS:
            raise JSONSyntaxError(i, "invalid number: expected a digit in the exponent")
        while i < n and b[i] in DIGITS:
            i += 1
    return Num(b[start:i].decode("ascii"), is_integer), i


def _parse_string(b, i):
    """b[i] is the opening quote. Returns (str, index after the closing quote)."""
    n = len(b)
    i += 1
    parts = []
    pending_high = None  # a high surrogate waiting for its low half

    def flush_high():
        nonlocal pending_high
        if pending_high is not None:
            parts.append("\ufffd")
            pending_high = None

    while True:
        run_start = i
        while i < n and b[i] != 0x22 and b[i] != 0x5C and b[i] >= 0x20:
            i += 1
        if i > run_start:
            flush_high()
            try:
                parts.append(b[run_start:i].decode("utf-8"))
            except UnicodeDecodeError as e:
                raise JSONSyntaxError(run_start + e.start, "invalid UTF-8") from None
        if i >= n:
            raise JSONSyntaxError(i, "unterminated string")
        c = b[i]
        if c == 0x22:
            flush_high()
            return "".join(parts), i + 1
        if c < 0x20:
            raise JSONSyntaxError(i, f"control character 0x{c:02X} in a string must be escaped")
        # backslash
        i += 1
        if i >= n:
            raise JSONSyntaxError(i, "unterminated escape")
        e = b[i]
        if e in SIMPLE_ESCAPES:
            flush_high()
            parts.append(SIMPLE_ESCAPES[e])
            i += 1
            continue
        if e != ord("u"):
            raise JSONSyntaxError(i, f"invalid escape '\\{chr(e) if 0x20 < e < 0x7F else '?'}'")
        i += 1
        for k in range(4):
            if i + k >= n or b[i + k] not in HEX:
                raise JSONSyntaxError(i + k, "invalid \\u escape: expected 4 hex digits")
        code = int(b[i:i + 4].decode("ascii"), 16)
        i += 4
        if 0xD800 <= code <= 0xDBFF:
            flush_high()
            pending_high = code
        elif 0xDC00 <= code <= 0xDFFF:
            if pending_high is not None:
                parts.append(chr(0x10000 + ((pending_high - 0xD800) << 10) + (code - 0xDC00)))
                pending_high = None
            else:
                parts.append("\ufffd")
        else:
            flush_high()
            parts.append(chr(code))


def parse_json_value(b):
    """Parses one complete JSON text from bytes `b` (surrounding whitespace allowed).

    Returns (value, root_offset, member_offsets) where member_offsets maps each
    key of a top-level object to the byte offset of its (last) value.
    Raises JSONSyntaxError with a 0-based byte offset.
    """
    n = len(b)
    i = _skip_ws(b, 0)
    root_offset = i
    member_offsets = {}
    stack = []  # entries: [container, pending_key_or_None]

    def parse_key(i):
        if i >= n or b[i] != 0x22:
            raise JSONSyntaxError(i, f"expected a string key, found {_describe(b, i)}")
        key, i = _parse_string(b, i)
        i = _skip_ws(b, i)
        if i >= n or b[i] != ord(":"):
            raise JSONSyntaxError(i, f"expected ':' after a key, found {_describe(b, i)}")
        return key, _skip_ws(b, i + 1)

    while True:
        # --- a value starts at i
        if stack and isinstance(stack[-1][0], dict) and len(stack) == 1:
            member_offsets[stack[-1][1]] = i
        if i >= n:
            raise JSONSyntaxError(i, "unexpected end of line, expected a value")
        c = b[i]
        have_value = True
        if c == ord("{"):
            j = _skip_ws(b, i + 1)
            if j < n and b[j] == ord("}"):
                value, i = {}, j + 1
            else:
                key, i = parse_key(j)
                stack.append([{}, key])
                have_value = False
        elif c == ord("["):
            j = _skip_ws(b, i + 1)
            if j < n and b[j] == ord("]"):
                value, i = [], j + 1
            else:
                stack.append([[], None])
                i = j
                have_value = False
        elif c == 0x22:
            value, i = _parse_string(b, i)
        elif c == ord("-") or c in DIGITS:
            value, i = _parse_number(b, i)
        elif c == ord("t"):
            value, i = _parse_literal(b, i, b"true", True)
        elif c == ord("f"):
            value, i = _parse_literal(b, i, b"false", False)
        elif c == ord("n"):
            value, i = _parse_literal(b, i, b"null", None)
        else:
            raise JSONSyntaxError(i, f"expected a value, found {_describe(b, i)}")
        if not have_value:
            continue
        # --- a complete value ends at i; attach it and close containers
        while True:
            if not stack:
                i = _skip_ws(b, i)
                if i != n:
                    raise JSONSyntaxError(i, f"unexpected {_describe(b, i)} after the JSON value")
                return value, root_offset, member_offsets
            top = stack[-1]
            container = top[0]
            if isinstance(container, dict):
                container[top[1]] = value
            else:
                container.append(value)
            i = _skip_ws(b, i)
            closing = ord("}") if isinstance(container, dict) else ord("]")
            if i < n and b[i] == ord(","):
                i = _skip_ws(b, i + 1)
                if isinstance(container, dict):
                    key, i = parse_key(i)
                    top[1] = key
                break  # parse the next value
            if i < n and b[i] == closing:
                i += 1
                stack.pop()
                value = container
                continue
            expected = "',' or '}'" if isinstance(container, dict) else "',' or ']'"
            raise JSONSyntaxError(i, f"expected {expected}, found {_describe(b, i)}")


# MARK: - Trace reader

class TraceError(Exception):
    def __init__(self, line, column, message):
        super().__init__(message)
        self.line = line
        self.column = column
        self.message = message


class Trace:
    def __init__(self):
        self.header = None
        self.frames = []
        self.groups = []
        self.updates = []
        self.sources = []
        self.causes = []
        self.hitches = []
        self.hangs = []
        self.symbols = {}  # symbol id -> {"id", "name", "binary"?, "user"?, "line"}
        self.samples = []  # in file order: {"time", "weight", "thread"?, "stack", "line"}
        self.intervals = []  # in file order: {"name", "start", "duration", "subsystem"?, "category"?, "line"}
        self.unknown_events = 0
        self.unknown_times = []  # integer `start`/`time` values of events of unknown types
        self.warnings = []  # (line, column, message)


# Field types: int (Int64), id (Int64 >= 0), dur (Int64 >= 0), str, bool, num, strs (array of strings),
# ints (array of Int64)
SCHEMAS = {
    "trace": {"version": ("int", True), "app": ("str", False), "device": ("str", False),
              "refreshRate": ("num", False), "start": ("int", False), "producer": ("str", False),
              "refreshRateSource": ("str", False), "recorded": ("strs", False)},
    "frame": {"start": ("int", True), "deadline": ("int", True)},
    "group": {"id": ("id", False), "start": ("int", True), "duration": ("dur", True),
              "label": ("str", False)},
    "update": {"id": ("id", True), "kind": ("str", True), "view": ("str", False),
               "label": ("str", False), "module": ("str", False), "start": ("int", True),
               "duration": ("dur", True), "thread": ("str", False), "skipped": ("bool", False),
               "group": ("id", False)},
    "source": {"id": ("id", True), "kind": ("str", True), "label": ("str", True),
               "owner": ("str", False), "property": ("str", False), "user": ("bool", False),
               "time": ("int", False), "backtrace": ("strs", False)},
    "cause": {"from": ("id", True), "to": ("id", True), "label": ("str", False),
              "time": ("int", False), "changed": ("str", False), "valueType": ("str", False)},
    "hitch": {"start": ("int", True), "duration": ("dur", True), "narrative": ("str", False),
              "system": ("bool", False), "cause": ("str", False)},
    "hang": {"start": ("int", True), "duration": ("dur", True), "kind": ("str", False)},
    "symbol": {"id": ("id", True), "name": ("str", True), "binary": ("str", False),
               "user": ("bool", False)},
    "sample": {"time": ("int", True), "weight": ("int", True), "thread": ("str", False),
               "stack": ("ints", True)},
    "interval": {"name": ("str", True), "start": ("int", True), "duration": ("dur", True),
                 "subsystem": ("str", False), "category": ("str", False)},
}

TYPE_NAMES = {"int": "an integer", "id": "an integer", "dur": "an integer", "str": "a string",
              "bool": "a boolean", "num": "a number", "strs": "an array of strings",
              "ints": "an array of integers"}


def _json_type_name(v):
    if v is None:
        return "null"
    if isinstance(v, bool):
        return "a boolean"
    if isinstance(v, Num):
        return "a number"
    if isinstance(v, str):
        return "a string"
    if isinstance(v, list):
        return "an array"
    return "an object"


def _check_field(line, col, key, ftype, v):
    """Returns the Python value of a known field or raises TraceError."""
    def wrong():
        raise TraceError(line, col, f'"{key}" must be {TYPE_NAMES[ftype]}, found {_json_type_name(v)}')

    if ftype in ("int", "id", "dur"):
        if not isinstance(v, Num):
            wrong()
        if not v.is_integer:
            raise TraceError(line, col, f'"{key}" must be an integer without fraction or exponent, found {v.text}')
        x = int(v.text)
        if not (INT64_MIN <= x <= INT64_MAX):
            raise TraceError(line, col, f'"{key}" does not fit in a 64-bit integer: {v.text}')
        if ftype == "dur" and x < 0:
            raise TraceError(line, col, f'"{key}" must not be negative, found {x}')
        if ftype == "id" and x < 0:
            raise TraceError(line, col, f'"{key}" must be a non-negative id, found {x}')
        return x
    if ftype == "str":
        if not isinstance(v, str):
            wrong()
        return v
    if ftype == "bool":
        if not isinstance(v, bool):
            wrong()
        return v
    if ftype == "num":
        if not isinstance(v, Num):
            wrong()
        return float(v.text)  # inf for huge exponents; checked by the caller
    if ftype == "strs":
        if not isinstance(v, list) or not all(isinstance(s, str) for s in v):
            wrong()
        return list(v)
    if ftype == "ints":
        if not isinstance(v, list):
            wrong()
        out = []
        for k, item in enumerate(v):
            if not isinstance(item, Num) or not item.is_integer:
                found = item.text if isinstance(item, Num) else _json_type_name(item)
                raise TraceError(line, col, f'"{key}" must hold only integers, found {found} at index {k}')
            x = int(item.text)
            if not (INT64_MIN <= x <= INT64_MAX):
                raise TraceError(line, col, f'"{key}" holds an integer that does not fit in 64 bits: {item.text}')
            out.append(x)
        return out
    raise AssertionError(ftype)


def budget_from_refresh_rate(rate):
    """round(1e9 / rate) to the nearest ns, halves away from zero (as Swift's .rounded())."""
    x = 1e9 / rate
    f = math.floor(x)
    return int(f) + (1 if x - f >= 0.5 else 0)


def read_trace(data):
    """Parses trace bytes. Raises TraceError on the first error."""
    trace = Trace()
    pieces = data.split(b"\n")
    ends_with_newline = data.endswith(b"\n")
    if ends_with_newline:
        pieces.pop()  # the empty piece after the final line end
    seen_event_line = False
    ids = {}  # update/source id -> line
    symbol_ids = {}  # symbol id -> line (an id space of its own)

    for index, raw in enumerate(pieces):
        lineno = index + 1
        unterminated_last = (index == len(pieces) - 1) and not ends_with_newline
        line = raw
        if not unterminated_last and line.endswith(b"\r"):
            line = line[:-1]
        if all(c in b" \t" for c in line):
            continue
        try:
            obj, root, offsets = parse_json_value(line)
        except JSONSyntaxError as e:
            if unterminated_last:
                trace.warnings.append((lineno, e.offset + 1,
                                       f"truncated last line ignored ({e.message})"))
                break
            raise TraceError(lineno, e.offset + 1, e.message) from None
        first_line = not seen_event_line
        seen_event_line = True
        root_col = root + 1
        if not isinstance(obj, dict):
            raise TraceError(lineno, root_col, f"line is not a JSON object (found {_json_type_name(obj)})")
        if "type" not in obj:
            raise TraceError(lineno, root_col, 'missing required key "type"')
        etype = obj["type"]
        if not isinstance(etype, str):
            raise TraceError(lineno, offsets["type"] + 1, f'"type" must be a string, found {_json_type_name(etype)}')
        schema = SCHEMAS.get(etype)
        if schema is None:
            trace.unknown_events += 1
            for key in ("start", "time"):
                v = obj.get(key)
                if isinstance(v, Num) and v.is_integer and INT64_MIN <= int(v.text) <= INT64_MAX:
                    trace.unknown_times.append(int(v.text))
            continue

        def col(key):
            return offsets[key] + 1

        ev = {"line": lineno}
        for key, (ftype, required) in schema.items():
            if key not in obj:
                if required:
                    raise TraceError(lineno, root_col, f'{etype}: missing required key "{key}"')
                continue
            ev[key] = _check_field(lineno, col(key), key, ftype, obj[key])

        if etype == "trace":
            if not first_line:
                raise TraceError(lineno, root_col, "the trace header must be the first line")
            if ev["version"] != 1:
                raise TraceError(lineno, col("version"),
                                 f"unsupported trace format version {ev['version']} (this reader supports version 1)")
            if "refreshRate" in ev:
                rate = ev["refreshRate"]
                ok = rate > 0 and math.isfinite(rate)
                if ok:
                    budget = budget_from_refresh_rate(rate)
                    ok = 1 <= budget <= INT64_MAX
                if not ok:
                    raise TraceError(lineno, col("refreshRate"),
                                     f'"refreshRate" must be a positive number of Hz, found {obj["refreshRate"].text}')
            trace.header = ev
        elif etype == "frame":
            if ev["deadline"] <= ev["start"]:
                raise TraceError(lineno, col("deadline"),
                                 f'frame "deadline" ({ev["deadline"]}) must be later than "start" ({ev["start"]})')
            trace.frames.append(ev)
        elif etype == "group":
            trace.groups.append(ev)
        elif etype == "update":
            if ev["kind"] not in UPDATE_KINDS:
                raise TraceError(lineno, col("kind"),
                                 f'update "kind" must be body, representable or other, found "{ev["kind"]}"')
            if ev["kind"] != "other" and "view" not in ev:
                raise TraceError(lineno, root_col, f'update: missing required key "view" (kind {ev["kind"]})')
            if ev["id"] in ids:
                raise TraceError(lineno, col("id"), f'duplicate id {ev["id"]} (first used on line {ids[ev["id"]]})')
            ids[ev["id"]] = lineno
            trace.updates.append(ev)
        elif etype == "source":
            if ev["kind"] not in SOURCE_KINDS:
                raise TraceError(lineno, col("kind"), f'source "kind" must be one of {", ".join(SOURCE_KINDS)}, found "{ev["kind"]}"')
            if ev["id"] in ids:
                raise TraceError(lineno, col("id"), f'duplicate id {ev["id"]} (first used on line {ids[ev["id"]]})')
            ids[ev["id"]] = lineno
            trace.sources.append(ev)
        elif etype == "cause":
            trace.causes.append(ev)
        elif etype == "hitch":
            trace.hitches.append(ev)
        elif etype == "hang":
            trace.hangs.append(ev)
        elif etype == "symbol":
            if ev["id"] in symbol_ids:
                raise TraceError(lineno, col("id"),
                                 f'duplicate symbol id {ev["id"]} (first used on line {symbol_ids[ev["id"]]})')
            symbol_ids[ev["id"]] = lineno
            trace.symbols[ev["id"]] = ev
        elif etype == "sample":
            if ev["weight"] <= 0:
                raise TraceError(lineno, col("weight"), f'sample "weight" must be positive, found {ev["weight"]}')
            trace.samples.append(ev)
        elif etype == "interval":
            trace.intervals.append(ev)
    return trace


# MARK: - Analysis

def earliest_time(trace):
    """Earliest integer `start`/`time` of any event (header excluded; unknown types included)."""
    times = list(trace.unknown_times)
    for evs in (trace.frames, trace.groups, trace.updates, trace.hitches, trace.hangs, trace.intervals):
        times.extend(e["start"] for e in evs)
    for evs in (trace.sources, trace.causes, trace.samples):
        times.extend(e["time"] for e in evs if "time" in e)
    return min(times) if times else None


def trace_start(trace):
    if trace.header is not None and "start" in trace.header:
        return trace.header["start"]
    return earliest_time(trace)


# MARK: - Windows (analysis.md "Windows (`--window NAME`)")

def interval_matches(interval, query):
    """`query` names the interval: its `name` exactly, or `SUBSYSTEM/NAME` with its subsystem.

    Both readings always apply (their union), so a name that itself holds a slash still matches
    by name, and an interval with a subsystem matches both its plain name and SUBSYSTEM/NAME.
    """
    if interval["name"] == query:
        return True
    sub = interval.get("subsystem")
    return sub is not None and sub + "/" + interval["name"] == query


def window_spellings(trace):
    """Every --window argument that names something in this trace, sorted by code point:
    each interval name, and SUBSYSTEM/NAME for intervals that have a subsystem."""
    names = set()
    for iv in trace.intervals:
        names.add(iv["name"])
        if "subsystem" in iv:
            names.add(iv["subsystem"] + "/" + iv["name"])
    return sorted(names)


class Windows:
    """The union of the matching intervals' half-open [start, start + duration) spans."""

    def __init__(self, queries, intervals):
        self.queries = list(queries)
        self.matched = len(intervals)
        spans = sorted((iv["start"], iv["start"] + iv["duration"]) for iv in intervals if iv["duration"] > 0)
        merged = []
        for a, b in spans:
            if merged and a <= merged[-1][1]:  # overlapping or adjacent: one span
                merged[-1][1] = max(merged[-1][1], b)
            else:
                merged.append([a, b])
        self.spans = [tuple(x) for x in merged]
        self._starts = [a for a, _ in self.spans]

    def contains(self, t):
        j = bisect_right(self._starts, t) - 1
        return j >= 0 and t < self.spans[j][1]

    def length(self):
        return sum(b - a for a, b in self.spans)


def resolve_windows(trace, queries):
    """(Windows, unknown queries). An unknown query (one that matches no interval) is a usage
    error for the caller (exit 64, listing window_spellings)."""
    unknown = [q for q in queries if not any(interval_matches(iv, q) for iv in trace.intervals)]
    chosen = [iv for iv in trace.intervals if any(interval_matches(iv, q) for q in queries)]
    return Windows(queries, chosen), unknown


def unknown_windows_message(path, trace, unknown):
    names = ", ".join(f'"{q}"' for q in unknown)
    have = window_spellings(trace)
    listing = ", ".join(f'"{n}"' for n in have) if have else "none (the trace has no interval events)"
    verb = "names" if len(unknown) == 1 else "name"
    return f"error: {path}: --window {names} {verb} no interval; the trace's windows: {listing}\n"


def selected_windows(path, trace, names):
    """The windows `names` select (None without any), and None; or None and EXIT_USAGE after
    naming the unknown ones on stderr."""
    if not names:
        return None, None
    windows, unknown = resolve_windows(trace, names)
    if unknown:
        sys.stderr.write(unknown_windows_message(path, trace, unknown))
        return None, EXIT_USAGE
    return windows, None


def list_windows(trace):
    """--list-windows: one entry per (subsystem, name), sorted by name then subsystem (absent
    first, then code point); count = intervals, totalNs = their summed durations (not a union)."""
    groups = {}
    for iv in trace.intervals:
        key = (iv["name"], iv.get("subsystem"))
        g = groups.setdefault(key, {"name": key[0], "subsystem": key[1], "count": 0, "totalNs": 0})
        g["count"] += 1
        g["totalNs"] += iv["duration"]
    order = sorted(groups, key=lambda k: (k[0], k[1] is not None, k[1] or ""))
    return {"windows": [groups[k] for k in order]}


class Selection:
    """What --from/--to and --window select. An absolute time t is selected when it lies in
    [from, to) relative to the trace start (a missing bound is open) and in a window span."""

    def __init__(self, trace, range_from=None, range_to=None, windows=None):
        self.ranged = range_from is not None or range_to is not None
        self.windows = windows
        self.bounded = self.ranged or windows is not None
        self.range_from, self.range_to = range_from, range_to
        t0 = trace_start(trace) if self.ranged else 0
        self.t0 = t0 if t0 is not None else 0

    def in_range(self, t):
        rel = t - self.t0
        return (self.range_from is None or rel >= self.range_from) and (self.range_to is None or rel < self.range_to)

    def has(self, t):
        return (not self.ranged or self.in_range(t)) and (self.windows is None or self.windows.contains(t))


def window_facts(trace, windows, range_from=None, range_to=None):
    """The summary's extra "window" key (only with --window): what the selection holds besides
    updates. hitches are the app's (`system` not true), as hitches.py's figures."""
    sel = Selection(trace, range_from, range_to, windows)
    hitches = [h["duration"] for h in trace.hitches if not h.get("system", False) and sel.has(h["start"])]
    hangs = [h["duration"] for h in trace.hangs if sel.has(h["start"])]
    samples = [s["weight"] for s in trace.samples if sel.has(s["time"])]
    return {
        "names": windows.queries,
        "intervals": windows.matched,
        "spanNs": windows.length(),
        "hitches": {"count": len(hitches), "totalNs": sum(hitches), "longestNs": max(hitches, default=0)},
        "hangs": {"count": len(hangs), "longestNs": max(hangs, default=0)},
        "samples": {"count": len(samples), "weightNs": sum(samples)},
    }


def severity(duration, orange, red):
    if duration >= UNFINISHED_NS:
        return None
    if duration > red:
        return "red"
    if duration > orange:
        return "orange"
    return None


def percentile(sorted_values, p):
    n = len(sorted_values)
    if n == 0:
        return 0
    rank = (p * n + 99) // 100  # ceil(p * n / 100), exact
    return sorted_values[rank - 1]


def summarize(trace, orange=DEFAULT_ORANGE, red=DEFAULT_RED, range_from=None, range_to=None,
              refresh_rate=None, windows=None):
    """The Summary JSON. `windows` (a Windows, or None) keeps only the updates whose start is in
    a window span (on top of --from/--to: the intersection); frames are built from the kept
    updates on the whole trace's timeline, as for --from/--to. With windows, an extra key
    "window" (window_facts) says what else the selection holds."""
    updates = trace.updates
    if range_from is not None or range_to is not None:
        t0 = trace_start(trace)
        kept = []
        for u in updates:
            rel = u["start"] - t0
            if range_from is not None and rel < range_from:
                continue
            if range_to is not None and rel >= range_to:
                continue
            kept.append(u)
        updates = kept
    if windows is not None:
        updates = [u for u in updates if windows.contains(u["start"])]

    # Per kind.
    per_kind = {k: {"count": 0, "orange": 0, "red": 0, "skipped": 0, "unfinished": 0, "totalNs": 0}
                for k in UPDATE_KINDS}
    # Per view.
    groups = {}
    for u in updates:
        d = u["duration"]
        finished = d < UNFINISHED_NS
        sev = severity(d, orange, red)
        skipped = u.get("skipped", False)
        name = u["view"] if "view" in u else (u["label"] if "label" in u else "(unnamed)")
        key = (u.get("module", ""), u["kind"], name)
        g = groups.setdefault(key, {"count": 0, "skipped": 0, "unfinished": 0, "orange": 0,
                                    "red": 0, "totalNs": 0, "durations": []})
        for s in (per_kind[u["kind"]], g):
            s["count"] += 1
            if skipped:
                s["skipped"] += 1
            if not finished:
                s["unfinished"] += 1
            else:
                s["totalNs"] += d
            if sev == "orange":
                s["orange"] += 1
            if sev == "red":
                s["red"] += 1
        if finished:
            g["durations"].append(d)

    views = []
    for (module, kind, name), g in groups.items():
        ds = sorted(g["durations"])
        views.append({
            "module": module, "kind": kind, "name": name,
            "count": g["count"], "skipped": g["skipped"], "unfinished": g["unfinished"],
            "orange": g["orange"], "red": g["red"], "totalNs": g["totalNs"],
            "maxNs": ds[-1] if ds else 0,
            "p50Ns": percentile(ds, 50), "p95Ns": percentile(ds, 95),
        })
    # Code-point order for the string tie-breakers (same as UTF-8 byte order).
    views.sort(key=lambda v: (-v["red"], -v["orange"], -v["totalNs"], v["name"], v["module"], v["kind"]))

    # Frames (version 2: frames.py).
    budget, assumed, source = frames_ref.budget_facts(trace.header, refresh_rate)
    timeline = frames_ref.Timeline(trace.frames, budget, trace_start(trace))
    deadlines = frames_ref.Deadlines(updates, timeline, red, UNFINISHED_NS)
    frames = {"budgetNs": budget, "budgetAssumed": assumed, "budgetSource": source}
    frames.update(deadlines.summary())
    result = {
        "updates": per_kind,
        "views": views,
        "frames": frames,
        "thresholds": {"orangeNs": orange, "redNs": red},
    }
    if windows is not None:
        result["window"] = window_facts(trace, windows, range_from, range_to)
    return result


# MARK: - Cause graph edges and diff

def node_label_of_update(u):
    name = u["view"] if "view" in u else (u["label"] if "label" in u else "(unnamed)")
    if u["kind"] == "body":
        return name + ".body"
    if u["kind"] == "representable":
        return name + ".update"
    return name


def edge_counts(trace):
    """Counts of `cause` events keyed by (from label, to label, edge label)."""
    labels = {}
    for u in trace.updates:
        labels[u["id"]] = node_label_of_update(u)
    for src in trace.sources:
        labels[src["id"]] = src["label"]
    counts = {}
    for c in trace.causes:
        key = (labels.get(c["from"], f"unknown #{c['from']}"),
               labels.get(c["to"], f"unknown #{c['to']}"),
               c.get("label", "update"))
        counts[key] = counts.get(key, 0) + 1
    return counts


def median_of_runs(values):
    ordered = sorted(values)
    return ordered[(len(ordered) - 1) // 2]


def diff(base_traces, head_traces, orange=DEFAULT_ORANGE, red=DEFAULT_RED):
    figures = ("count", "orange", "red", "p95Ns", "totalNs")
    sides = {}
    for side, traces in (("base", base_traces), ("head", head_traces)):
        runs = []
        for trace in traces:
            s = summarize(trace, orange, red)
            views = {(v["module"], v["kind"], v["name"]): v for v in s["views"]}
            runs.append({"views": views, "missed": s["frames"]["missed"], "edges": edge_counts(trace)})
        sides[side] = runs
    keys = set()
    edge_keys = set()
    for runs in sides.values():
        for run in runs:
            keys.update(run["views"].keys())
            edge_keys.update(run["edges"].keys())
    views = []
    for key in sorted(keys):
        row = {"module": key[0], "kind": key[1], "name": key[2]}
        for side, runs in sides.items():
            row[side] = {f: median_of_runs([run["views"].get(key, {}).get(f, 0) for run in runs]) for f in figures}
        views.append(row)
    edges = []
    for key in sorted(edge_keys):
        row = {"from": key[0], "to": key[1], "label": key[2]}
        for side, runs in sides.items():
            row[side] = median_of_runs([run["edges"].get(key, 0) for run in runs])
        edges.append(row)
    frames = {side: {"missed": median_of_runs([run["missed"] for run in runs])} for side, runs in sides.items()}
    return {"views": views, "frames": frames, "edges": edges}


def diff_main(argv):
    base, head, seen_vs = [], [], False
    opts = {"--orange": DEFAULT_ORANGE, "--red": DEFAULT_RED}
    i = 0
    while i < len(argv):
        a = argv[i]
        if a == "--vs":
            if seen_vs:
                return usage_error("--vs may be given once")
            seen_vs = True
            i += 1
        elif a in opts:
            if i + 1 >= len(argv):
                return usage_error(f"{a} needs a value")
            try:
                opts[a] = int(argv[i + 1], 10)
            except ValueError:
                return usage_error(f"{a} needs an integer number of ns, found {argv[i + 1]!r}")
            i += 2
        elif a == "--format":
            if i + 1 >= len(argv) or argv[i + 1] != "json":
                return usage_error("only --format json is supported")
            i += 2
        elif a.startswith("-"):
            return usage_error(f"unknown option {a}")
        else:
            (head if seen_vs else base).append(a)
            i += 1
    if not seen_vs:
        if len(base) != 2:
            return usage_error("diff needs BASE HEAD, or runs on each side of --vs")
        base, head = base[:1], base[1:]
    if not base or not head:
        return usage_error("diff needs at least one trace on each side")
    traces = {}
    for path in base + head:
        try:
            with open(path, "rb") as f:
                data = f.read()
        except OSError as e:
            sys.stderr.write(f"{path}: cannot read: {e.strerror}\n")
            return EXIT_NOINPUT
        try:
            traces[path] = read_trace(data)
        except TraceError as e:
            sys.stderr.write(f"{path}:{e.line}:{e.column}: {e.message}\n")
            return EXIT_DATA
    result = diff([traces[p] for p in base], [traces[p] for p in head], opts["--orange"], opts["--red"])
    import json
    sys.stdout.buffer.write((json.dumps(result, indent=2, sort_keys=True, ensure_ascii=False) + "\n").encode("utf-8"))
    return EXIT_OK


# MARK: - Cause graph

# Apple's modules: an update node whose module is one of these (or absent) is the system's
# (gray); any other module is the app's own (blue). Sources are the app's when any of their
# events says user: true.
SYSTEM_MODULES = frozenset("""
SwiftUI SwiftUICore UIKit UIKitCore AppKit Foundation CoreFoundation Combine Observation
MapKit Charts WebKit AVKit PhotosUI RealityKit SceneKit SpriteKit CoreData SwiftData
CoreGraphics QuartzCore CoreText CoreImage CoreAnimation GameKit StoreKit WidgetKit
ActivityKit TipKit PencilKit QuickLook SafariServices AuthenticationServices ContactsUI
EventKitUI MessageUI PassKit HealthKit CloudKit AppIntents
""".split())


def update_node_key(u):
    name = u["view"] if "view" in u else (u["label"] if "label" in u else "(unnamed)")
    return ("update", u["kind"], u.get("module", ""), name)


def node_label(key):
    if key[0] == "update":
        _, kind, _, name = key
        return name + ".body" if kind == "body" else name + ".update" if kind == "representable" else name
    if key[0] == "source":
        return key[2]
    return f"unknown #{key[1]}"


def cause_graph(trace, range_from=None, range_to=None, windows=None):
    """The whole graph: {node key: facts}, {(from key, to key, label): count}, dangling count.

    Node keys: ("update", kind, module, name), ("source", kind, label), ("unknown", id).
    With a range, causes are kept when their time (else their target's: an update's start, a
    source's time) lies in [from, to) relative to the trace start; others are dropped.
    With windows (a Windows), causes are kept when their destination is an update that counts
    (its start in a window, and in the range when one is given), or, for any other destination
    (a source, a dangling id), when the cause has a `time` in a window (and in the range); the
    range's own rule (the cause's time, else its target's) is then not applied. Node counts (and
    dimmed) use the selected updates and sources: start / time in the range and in a window.
    """
    sel = Selection(trace, range_from, range_to, windows)
    bounded = sel.bounded
    in_range = sel.in_range
    in_selection = sel.has

    by_id = {}  # id -> (node key, time or None, is an update)
    nodes = {}
    for u in trace.updates:
        key = update_node_key(u)
        n = nodes.setdefault(key, {"all": 0, "skipped": 0, "in": 0, "in_skipped": 0, "user": False})
        n["all"] += 1
        n["skipped"] += 1 if u.get("skipped", False) else 0
        if not bounded or in_selection(u["start"]):
            n["in"] += 1
            n["in_skipped"] += 1 if u.get("skipped", False) else 0
        by_id[u["id"]] = (key, u["start"], True)
    for s in trace.sources:
        key = ("source", s["kind"], s["label"])
        n = nodes.setdefault(key, {"all": 0, "skipped": 0, "in": 0, "in_skipped": 0, "user": False})
        n["all"] += 1
        if not bounded or ("time" in s and in_selection(s["time"])):
            n["in"] += 1
        n["user"] = n["user"] or s.get("user", False)
        by_id[s["id"]] = (key, s.get("time"), False)

    edges = {}
    dangling = 0
    for c in trace.causes:
        src, dst = by_id.get(c["from"]), by_id.get(c["to"])
        if windows is not None:
            # The window rule, on the whole selection (window and range): a cause counts when
            # its destination update counts, else by its own time.
            if dst is not None and dst[2]:
                if not in_selection(dst[1]):
                    continue
            elif "time" not in c or not in_selection(c["time"]):
                continue
        elif sel.ranged:
            t = c.get("time")
            if t is None:
                t = dst[1] if dst is not None else None
            if t is None or not in_range(t):
                continue
        if src is None or dst is None:
            dangling += 1
        a = src[0] if src is not None else ("unknown", c["from"])
        b = dst[0] if dst is not None else ("unknown", c["to"])
        for k in (a, b):
            if k[0] == "unknown":
                nodes.setdefault(k, {"all": 0, "skipped": 0, "in": 0, "in_skipped": 0, "user": False})
        e = (a, b, c.get("label", "update"))
        edges[e] = edges.get(e, 0) + 1

    facts = {}
    for key, n in nodes.items():
        if key[0] == "update":
            user = key[2] != "" and key[2] not in SYSTEM_MODULES
            if bounded and n["in"] > 0:
                dimmed = n["in_skipped"] == n["in"]
            else:
                dimmed = n["all"] > 0 and n["skipped"] == n["all"]
        else:
            user, dimmed = n["user"], False
        facts[key] = {"user": user, "dimmed": dimmed, "count": n["in"] if bounded else n["all"]}
    return facts, edges, dangling


def view_matches(key, query):
    if key[0] != "update":
        return False
    module, name = key[2], key[3]
    return query == name or (module != "" and query == f"{module}.{name}")


def hops_to(targets, edges, reverse, depth):
    """BFS hop counts from `targets` along (reverse: against) the edges, at most `depth` hops."""
    nxt = {}
    for (a, b, _label) in edges:
        src, dst = (b, a) if reverse else (a, b)
        nxt.setdefault(src, []).append(dst)
    dist = {t: 0 for t in targets}
    queue = list(targets)
    while queue:
        k = queue.pop(0)
        if depth is not None and dist[k] >= depth:
            continue
        for m in nxt.get(k, []):
            if m not in dist:
                dist[m] = dist[k] + 1
                queue.append(m)
    return dist


def select_graph(facts, edges, view=None, upstream=True, downstream=False, depth=None, min_count=1):
    """The subgraph around `view` (or the whole graph: nodes with an edge); None when the
    view names no update node."""
    edges = {e: n for e, n in edges.items() if n >= min_count}
    if view is None:
        keep = {k for e in edges for k in e[:2]}
        return {k: facts[k] for k in keep}, edges, []
    focus = [k for k in facts if view_matches(k, view)]
    if not focus:
        return None
    keep_nodes, keep_edges = set(focus), {}
    if upstream:
        dist = hops_to(focus, edges, True, depth)
        keep_nodes |= set(dist)
        for e, n in edges.items():
            if e[1] in dist and e[0] in dist and (depth is None or dist[e[1]] + 1 <= depth):
                keep_edges[e] = n
    if downstream:
        dist = hops_to(focus, edges, False, depth)
        keep_nodes |= set(dist)
        for e, n in edges.items():
            if e[0] in dist and e[1] in dist and (depth is None or dist[e[0]] + 1 <= depth):
                keep_edges[e] = n
    return {k: facts[k] for k in keep_nodes}, keep_edges, focus


def graph_json(facts, edges, dangling):
    """Nodes and edges named by (kind, module, label): comparable across implementations."""
    def ident(k):
        kind = k[1] if k[0] != "unknown" else "unknown"
        module = k[2] if k[0] == "update" else None
        return {"kind": kind, "module": module, "label": node_label(k)}

    nodes = [dict(ident(k), user=f["user"], dimmed=f["dimmed"], count=f["count"]) for k, f in facts.items()]
    nodes.sort(key=lambda n: (n["kind"], n["module"] or "", n["label"]))
    out_edges = [{"from": ident(a), "to": ident(b), "label": label, "count": n}
                 for (a, b, label), n in edges.items()]
    out_edges.sort(key=lambda e: (e["from"]["label"], e["to"]["label"], e["label"], e["from"]["kind"],
                                  e["to"]["kind"], e["from"]["module"] or "", e["to"]["module"] or ""))
    return {"nodes": nodes, "edges": out_edges, "dangling": dangling}


# MARK: - Command line

USAGE = """usage: analysis.py summarize TRACE.jsonl [--orange NS] [--red NS] [--from NS] [--to NS]
                   [--window NAME]... [--refresh-rate HZ] [--format json]
       analysis.py summarize TRACE.jsonl --list-windows
       analysis.py cause-graph TRACE.jsonl [--view V] [--upstream] [--downstream] [--depth N]
                   [--min-count N] [--from NS] [--to NS] [--window NAME]...
       analysis.py diff BASE.jsonl HEAD.jsonl [--orange NS] [--red NS]
       analysis.py diff BASE... --vs HEAD... [--orange NS] [--red NS]

  --orange NS   orange threshold in ns (default 500000): orange when duration > NS
  --red NS      red threshold in ns (default 1000000): red when duration > NS
  --from NS     inspection range start, ns relative to the trace start (inclusive)
  --to NS       inspection range end, ns relative to the trace start (exclusive)
  --window NAME only events in the intervals named NAME (or SUBSYSTEM/NAME); repeatable (union);
                with --from/--to, the intersection
  --list-windows  list the trace's intervals: {"windows": [{name, subsystem, count, totalNs}]}
"""


def usage_error(message):
    sys.stderr.write(f"error: {message}\n{USAGE}")
    return EXIT_USAGE


def load_trace(path):
    """Reads `path`; returns (trace, exit code) with trace None on failure."""
    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError as e:
        sys.stderr.write(f"{path}: cannot read: {e.strerror}\n")
        return None, EXIT_NOINPUT
    try:
        trace = read_trace(data)
    except TraceError as e:
        sys.stderr.write(f"{path}:{e.line}:{e.column}: {e.message}\n")
        return None, EXIT_DATA
    for line, column, message in trace.warnings:
        sys.stderr.write(f"{path}:{line}:{column}: warning: {message}\n")
    return trace, EXIT_OK


def main_cause_graph(argv):
    """cause-graph TRACE [--view V] [--downstream] [--upstream] [--depth N] [--min-count N]
    [--from NS] [--to NS]: the graph (whole, uncapped, or around V) as graph_json."""
    path, view, depth, min_count = None, None, None, 1
    up, down = False, False
    bounds = {"--from": None, "--to": None}
    window_names = []
    i = 0
    while i < len(argv):
        a = argv[i]
        if a in ("--view", "--depth", "--min-count", "--from", "--to", "--window"):
            if i + 1 >= len(argv):
                return usage_error(f"{a} needs a value")
            value = argv[i + 1]
            if a == "--view":
                view = value
            elif a == "--window":
                window_names.append(value)
            else:
                try:
                    number = int(value, 10)
                except ValueError:
                    return usage_error(f"{a} needs an integer, found {value!r}")
                if a == "--depth":
                    depth = number
                elif a == "--min-count":
                    min_count = number
                else:
                    bounds[a] = number
            i += 2
        elif a in ("--upstream", "--downstream", "--all"):
            up, down = up or a == "--upstream", down or a == "--downstream"
            i += 1
        elif a.startswith("-") and a != "-":
            return usage_error(f"unknown option {a}")
        elif path is None:
            path = a
            i += 1
        else:
            return usage_error(f"unexpected argument {a}")
    if path is None:
        return usage_error("missing TRACE.jsonl")
    trace, status = load_trace(path)
    if trace is None:
        return status
    windows, status = selected_windows(path, trace, window_names)
    if status is not None:
        return status
    facts, edges, dangling = cause_graph(trace, bounds["--from"], bounds["--to"], windows)
    chosen = select_graph(facts, edges, view, upstream=up or not down, downstream=down,
                          depth=depth, min_count=min_count)
    if chosen is None:
        sys.stderr.write(f"no view named {view!r}\n")
        return 1
    import json
    out = graph_json(chosen[0], chosen[1], dangling)
    sys.stdout.buffer.write((json.dumps(out, indent=2, ensure_ascii=False) + "\n").encode("utf-8"))
    return EXIT_OK


def main(argv):
    if argv and argv[0] == "cause-graph":
        return main_cause_graph(argv[1:])
    if argv and argv[0] == "diff":
        return diff_main(argv[1:])
    if len(argv) < 2 or argv[0] != "summarize":
        return usage_error("expected: summarize TRACE.jsonl, or diff BASE HEAD")
    path = None
    opts = {"--orange": DEFAULT_ORANGE, "--red": DEFAULT_RED, "--from": None, "--to": None,
            "--refresh-rate": None}
    window_names = []
    listing = False
    i = 1
    while i < len(argv):
        a = argv[i]
        if a == "--window":
            if i + 1 >= len(argv):
                return usage_error(f"{a} needs a value")
            window_names.append(argv[i + 1])
            i += 2
        elif a == "--list-windows":
            listing = True
            i += 1
        elif a in opts or a == "--format":
            if i + 1 >= len(argv):
                return usage_error(f"{a} needs a value")
            value = argv[i + 1]
            if a == "--format":
                if value != "json":
                    return usage_error("only --format json is supported")
            elif a == "--refresh-rate":
                try:
                    opts[a] = float(value)
                except ValueError:
                    return usage_error(f"{a} needs a number of Hz, found {value!r}")
                if not opts[a] > 0:
                    return usage_error(f"{a} must be positive")
            else:
                try:
                    opts[a] = int(value, 10)
                except ValueError:
                    return usage_error(f"{a} needs an integer number of ns, found {value!r}")
                if a in ("--orange", "--red") and opts[a] < 0:
                    return usage_error(f"{a} must not be negative")
            i += 2
        elif a.startswith("-") and a != "-":
            return usage_error(f"unknown option {a}")
        elif path is None:
            path = a
            i += 1
        else:
            return usage_error(f"unexpected argument {a}")
    if path is None:
        return usage_error("missing TRACE.jsonl")
    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError as e:
        sys.stderr.write(f"{path}: cannot read: {e.strerror}\n")
        return EXIT_NOINPUT
    try:
        trace = read_trace(data)
    except TraceError as e:
        sys.stderr.write(f"{path}:{e.line}:{e.column}: {e.message}\n")
        return EXIT_DATA
    for line, column, message in trace.warnings:
        sys.stderr.write(f"{path}:{line}:{column}: warning: {message}\n")
    import json
    if listing:
        out = list_windows(trace)
        sys.stdout.buffer.write((json.dumps(out, indent=2, sort_keys=True, ensure_ascii=False) + "\n").encode("utf-8"))
        return EXIT_OK
    windows, status = selected_windows(path, trace, window_names)
    if status is not None:
        return status
    summary = summarize(trace, opts["--orange"], opts["--red"], opts["--from"], opts["--to"],
                        opts["--refresh-rate"], windows)
    sys.stdout.buffer.write((json.dumps(summary, indent=2, sort_keys=True, ensure_ascii=False) + "\n").encode("utf-8"))
    return EXIT_OK


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
