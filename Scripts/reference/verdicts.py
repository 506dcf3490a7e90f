#!/usr/bin/env python3
"""Independent reference for analysis.md "Verdicts over runs (`diff` with 4 or more runs a side)".

    python3 Scripts/reference/verdicts.py BASE1 BASE2 ... --vs HEAD1 HEAD2 ...
        [--alpha A] [--min-change 5%,50us] [--fail-on RULES]... [--orange NS] [--red NS]

Reads every trace with analysis.py's reader and takes the per-run figures from analysis.py's
`summarize` (per view count, red, p95Ns, totalNs; frames.missed); the app's hitches and the hangs
are counted here from the events. Prints one JSON object (sorted keys, 2-space indent):

  {"verdicts": true,
   "runs": {"base": N, "head": N},
   "views": [{"module", "kind", "name",
              "verdicts": {"count": V, "red": V, "p95Ns": V, "totalNs": V}}, ...],
   "frames":  {"verdicts": {"missed": V}},
   "hitches": {"verdicts": {"count": V, "totalNs": V}},
   "hangs":   {"verdicts": {"count": V, "longestNs": V}},
   "rules": [{"rule": TEXT, "verdict": "pass" | "fail" | "inconclusive"}, ...],
   "exit": 0 | 1 | 2}

V = {"verdict": "slower" | "faster" | "same", "p": float, "q": float, "baseMedian": int,
"headMedian": int}; views sorted by (module, kind, name) (code point order). With fewer than 4
runs on either side: "verdicts": false, no "verdicts" key anywhere below the top, every rule
"n/a" and "exit": null (today's median rule, not implemented here, decides then).
Process exit status: 0 when the JSON was printed (the gate's outcome is the JSON's "exit"),
64 usage, 65 malformed trace, 66 unreadable file (as analysis.py).

Readings where the spec leaves room (each also marked in the code):
  * Mann-Whitney U counts pairs (base, head) with head > base, ties 1/2. Exact p when no two of
    the pooled values are equal and both sides have <= 20 runs: the distribution of U over all
    C(n1+n2, n1) splits, from the recursion on counts, in integers. Otherwise the normal
    approximation: mu = n1*n2/2, sigma^2 = n1*n2/12 * ((N+1) - sum(t^3 - t)/(N(N-1))),
    P(U' <= U) = Phi((U + 0.5 - mu)/sigma), P(U' >= U) = 1 - Phi((U - 0.5 - mu)/sigma), both via
    math.erfc. Every value tied: p = 1. p = min(1, 2 * min(lower, upper)).
  * Benjamini-Hochberg per view figure over m = every view of the diff (the union of the views of
    all runs, all-tied ones included): q_(i) = min_{j>=i} p_(j) * m / j, capped at 1, computed in
    doubles as p * m / j. Whole-trace figures: q = p.
  * --min-change "P%,A" (default 5%,50us): either part may be left out (then that part is 0, i.e.
    any change of that kind); the parts may come in any order. A change "exceeds" it when
    delta * 100 > P * base (exact rational arithmetic; from a base of 0 any rise) and, for
    duration figures only (p95Ns, totalNs, hitches.totalNs, hangs.longestNs), delta > A.
    `slower`: q < alpha and head - base exceeds it; `faster`: q < alpha and base - head exceeds it
    (the percentage still of the base median).
  * Medians: analysis.median_of_runs (the lower middle value for an even count).
  * A view absent from a run has 0 for each of its figures in that run (p95Ns included).
  * The app's hitches: `hitch` events whose `system` is not true, the whole trace (no range);
    hitches.totalNs their summed durations; hangs.count and hangs.longestNs (0 without a hang).
  * --fail-on RULES: comma-separated, repeatable. RULE = [VIEW:]FIGURE>[+]CHANGE.
    FIGURE: count, red, p95, total (per view); missed, hitches (hitches.count), hitchTime
    (hitches.totalNs), hangs (hangs.count), longestHang (hangs.longestNs). Any other figure of
    ci.md (orange, overrun, edge, finding, longestHitch) has no verdict: a usage error here.
    CHANGE: N% (of the base median; from a base of 0 any rise exceeds it), or a number
    (decimals allowed), which for a duration figure may carry a unit ns, us, µs, ms, s (no unit:
    ns); a unit on a count figure is a usage error. Negative changes are refused.
    VIEW (split off at the LAST ':', so a label holding ':' works): matches a view whose name is
    VIEW, or whose "Module.Name" is VIEW (as cause-graph --view), or whose node label is VIEW
    ("Name.body", "Name.update"); several views may match (one name in two modules): the rule
    covers each. VIEW only with a per-view figure; a VIEW matching no view is a usage error.
    A named view is tested alone: its verdict is recomputed with q = p.
    For each figure the rule covers: exceeds = the median change (head - base) exceeds the rule's
    change; FAIL when exceeds and the verdict is slower; INCONCLUSIVE when exceeds and q >= alpha;
    else pass (so exceeds with q < alpha but within --min-change passes). A rule fails when any
    covered figure fails, else is inconclusive when any is, else passes.
    exit = 1 when any rule fails, else 2 when any is inconclusive, else 0.
"""

import json
import math
import os
import re
import sys
from fractions import Fraction

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import analysis as ref  # noqa: E402

MIN_RUNS = 4            # "diff with 4 or more runs a side"
EXACT_MAX_RUNS = 20     # exact p only when both sides have at most 20 runs
DEFAULT_ALPHA = 0.05
DEFAULT_MIN_CHANGE = "5%,50us"

VIEW_FIGURES = ("count", "red", "p95Ns", "totalNs")
DURATION_FIGURES = {"p95Ns", "totalNs", "hitches.totalNs", "hangs.longestNs"}
# Whole-trace figures: (group key in the JSON, figure key, internal name).
TRACE_FIGURES = (("frames", "missed", "frames.missed"),
                 ("hitches", "count", "hitches.count"),
                 ("hitches", "totalNs", "hitches.totalNs"),
                 ("hangs", "count", "hangs.count"),
                 ("hangs", "longestNs", "hangs.longestNs"))
# --fail-on figure names -> (internal figure name, per view?)
RULE_FIGURES = {"count": ("count", True), "red": ("red", True), "p95": ("p95Ns", True),
                "total": ("totalNs", True), "missed": ("frames.missed", False),
                "hitches": ("hitches.count", False), "hitchTime": ("hitches.totalNs", False),
                "hangs": ("hangs.count", False), "longestHang": ("hangs.longestNs", False)}
UNITS = {"ns": 1, "us": 1_000, "µs": 1_000, "ms": 1_000_000, "s": 1_000_000_000}

USAGE = """usage: verdicts.py BASE... --vs HEAD... [--alpha A] [--min-change P%,DURATION]
                   [--fail-on RULES]... [--orange NS] [--red NS]
"""


class UsageError(Exception):
    pass


# MARK: - Mann-Whitney U

_exact_cache = {}


def exact_distribution(n1, n2):
    """Counts c[u] of the splits of n1 + n2 distinct values into base (n1) and head (n2) with
    U = u (pairs with head > base). Recursion on the largest pooled value: if it is a head value
    it beats all n1 base values (U gains n1): c(n1, n2) = shift(c(n1, n2 - 1), n1) + c(n1 - 1, n2).
    Integers throughout; sum(c) = C(n1 + n2, n1)."""
    key = (n1, n2)
    if key in _exact_cache:
        return _exact_cache[key]
    if n1 == 0 or n2 == 0:
        dist = [1]
    else:
        with_head = exact_distribution(n1, n2 - 1)
        with_base = exact_distribution(n1 - 1, n2)
        dist = [0] * (n1 * n2 + 1)
        for u, c in enumerate(with_head):
            dist[u + n1] += c
        for u, c in enumerate(with_base):
            dist[u] += c
    _exact_cache[key] = dist
    return dist


def u_statistic_doubled(base, head):
    """2U (an integer): 2 per pair (base, head) with head > base, 1 per tie."""
    twice = 0
    for b in base:
        for h in head:
            twice += 2 if h > b else 1 if h == b else 0
    return twice


def upper_phi(x):
    """1 - Phi(x), accurate in the tail."""
    return 0.5 * math.erfc(x / math.sqrt(2.0))


def mann_whitney_p(base, head):
    """Two-sided p of the Mann-Whitney U test of head against base (see the module notes)."""
    n1, n2 = len(base), len(head)
    pooled = list(base) + list(head)
    n = n1 + n2
    if len(set(pooled)) == 1:
        return 1.0  # every value tied
    twice_u = u_statistic_doubled(base, head)
    if len(set(pooled)) == n and n1 <= EXACT_MAX_RUNS and n2 <= EXACT_MAX_RUNS:
        # Exact: no ties, so U is an integer.
        u = twice_u // 2
        dist = exact_distribution(n1, n2)
        total = sum(dist)
        lower = Fraction(sum(dist[:u + 1]), total)   # P(U' <= U)
        upper = Fraction(sum(dist[u:]), total)       # P(U' >= U)
        return float(min(Fraction(1), 2 * min(lower, upper)))
    # Normal approximation with the tie correction of the variance and a 0.5 continuity correction.
    u = twice_u / 2.0
    mu = n1 * n2 / 2.0
    ties = {}
    for v in pooled:
        ties[v] = ties.get(v, 0) + 1
    tie_term = sum(t ** 3 - t for t in ties.values())
    variance = n1 * n2 / 12.0 * ((n + 1) - tie_term / (n * (n - 1)))
    if variance <= 0:
        return 1.0
    sigma = math.sqrt(variance)
    lower = 1.0 - upper_phi((u + 0.5 - mu) / sigma)  # P(U' <= U) ~ Phi((U + 0.5 - mu) / sigma)
    upper = upper_phi((u - 0.5 - mu) / sigma)        # P(U' >= U) ~ 1 - Phi((U - 0.5 - mu) / sigma)
    return min(1.0, 2.0 * min(lower, upper))


# MARK: - Benjamini-Hochberg

def benjamini_hochberg(ps):
    """q values in the order of `ps`: q_(i) = min_{j >= i} p_(j) * m / j, capped at 1."""
    m = len(ps)
    order = sorted(range(m), key=lambda k: ps[k])
    q = [0.0] * m
    running = 1.0
    for rank in range(m, 0, -1):  # from the largest p down: running minimum over j >= i
        k = order[rank - 1]
        running = min(running, ps[k] * m / rank)
        q[k] = min(1.0, running)
    return q


# MARK: - Minimum change and verdicts

def parse_duration(text, what):
    """A non-negative duration: a number (decimals allowed) with an optional unit (default ns)."""
    m = re.fullmatch(r"(\d+(?:\.\d+)?)\s*(ns|us|µs|ms|s)?", text)
    if not m:
        raise UsageError(f"{what}: expected a duration such as 50us, found {text!r}")
    return Fraction(m.group(1)) * UNITS[m.group(2) or "ns"]


def parse_min_change(text):
    """'P%,DURATION' -> (percent, absolute ns) as Fractions; a missing part keeps its default
    (5% and 50 us), as diff's --min-change reads it (either part alone keeps the other's)."""
    percent, absolute = Fraction(5), Fraction(50_000)
    seen = set()
    for part in text.split(","):
        part = part.strip()
        if part.endswith("%"):
            kind = "percent"
            m = re.fullmatch(r"(\d+(?:\.\d+)?)%", part)
            if not m:
                raise UsageError(f"--min-change: bad percentage {part!r}")
            percent = Fraction(m.group(1))
        else:
            kind = "absolute"
            absolute = parse_duration(part, "--min-change")
        if kind in seen:
            raise UsageError(f"--min-change: two {kind} parts in {text!r}")
        seen.add(kind)
    return percent, absolute


def exceeds_min_change(delta, base, figure, min_change):
    """delta (> 0 wanted) exceeds the minimum change: relative part always, absolute part for
    duration figures. From a base of 0 any rise satisfies the relative part."""
    percent, absolute = min_change
    if delta <= 0:
        return False
    if not delta * 100 > percent * base:
        return False
    if figure in DURATION_FIGURES and not delta > absolute:
        return False
    return True


def verdict_of(q, base_median, head_median, figure, alpha, min_change):
    if q < alpha and exceeds_min_change(head_median - base_median, base_median, figure, min_change):
        return "slower"
    # faster: head below base by more than the minimum change (the percentage of the base).
    if q < alpha and exceeds_min_change(base_median - head_median, base_median, figure, min_change):
        return "faster"
    return "same"


# MARK: - Per-run figures

def run_figures(trace, orange, red):
    """{"views": {(module, kind, name): {count, red, p95Ns, totalNs}}, whole-trace figure: value}."""
    s = ref.summarize(trace, orange, red)
    views = {(v["module"], v["kind"], v["name"]): {f: v[f] for f in VIEW_FIGURES} for v in s["views"]}
    app_hitches = [h["duration"] for h in trace.hitches if not h.get("system", False)]
    hangs = [h["duration"] for h in trace.hangs]
    return {
        "views": views,
        "frames.missed": s["frames"]["missed"],
        "hitches.count": len(app_hitches),
        "hitches.totalNs": sum(app_hitches),
        "hangs.count": len(hangs),
        "hangs.longestNs": max(hangs) if hangs else 0,
    }


def figure_test(base_values, head_values):
    return {"p": mann_whitney_p(base_values, head_values),
            "baseMedian": ref.median_of_runs(base_values),
            "headMedian": ref.median_of_runs(head_values)}


# MARK: - Rules

class Rule:
    def __init__(self, text):
        self.text = text
        body = text.strip()
        self.view = None
        if ":" in body:
            self.view, body = body.rsplit(":", 1)  # the LAST ':' (labels may hold ':')
        m = re.fullmatch(r"\s*([A-Za-z][A-Za-z0-9]*)\s*>\s*\+?\s*(.+?)\s*", body)
        if not m:
            raise UsageError(f"--fail-on: expected [VIEW:]figure>change, found {text!r}")
        name, change = m.group(1), m.group(2)
        if name not in RULE_FIGURES:
            raise UsageError(f"--fail-on: figure {name!r} has no verdict over runs "
                             f"(one of {', '.join(RULE_FIGURES)})")
        self.figure, self.per_view = RULE_FIGURES[name]
        if self.view is not None and not self.per_view:
            raise UsageError(f"--fail-on: {name} is a whole-trace figure; it takes no VIEW in {text!r}")
        if change.endswith("%"):
            pm = re.fullmatch(r"(\d+(?:\.\d+)?)%", change)
            if not pm:
                raise UsageError(f"--fail-on: bad percentage in {text!r}")
            self.percent, self.amount = Fraction(pm.group(1)), None
        else:
            nm = re.fullmatch(r"(\d+(?:\.\d+)?)\s*(ns|us|µs|ms|s)?", change)
            if not nm:
                raise UsageError(f"--fail-on: bad change in {text!r}")
            if nm.group(2) and self.figure not in DURATION_FIGURES:
                raise UsageError(f"--fail-on: {name} is a count; a unit makes no sense in {text!r}")
            self.percent, self.amount = None, Fraction(nm.group(1)) * UNITS[nm.group(2) or "ns"]

    def exceeds(self, base_median, head_median):
        """The median change passes the rule's threshold."""
        delta = head_median - base_median
        if self.percent is not None:
            # N% of the base median; from a base of 0 any rise exceeds it.
            return delta > 0 and delta * 100 > self.percent * base_median
        return delta > self.amount

    def matches(self, key):
        module, kind, name = key
        if self.view == name or (module != "" and self.view == f"{module}.{name}"):
            return True
        label = name + ".body" if kind == "body" else name + ".update" if kind == "representable" else name
        return self.view == label


def parse_rules(texts):
    rules = []
    for text in texts:
        for piece in text.split(","):
            if piece.strip():
                rules.append(Rule(piece.strip()))
    return rules


# MARK: - The whole evaluation

def evaluate(base_traces, head_traces, alpha=DEFAULT_ALPHA, min_change=DEFAULT_MIN_CHANGE, rules=(),
             orange=ref.DEFAULT_ORANGE, red=ref.DEFAULT_RED):
    """The verdicts JSON object (see the module notes). `rules`: list of rule texts."""
    min_change = parse_min_change(min_change) if isinstance(min_change, str) else min_change
    rules = parse_rules(rules)
    base_runs = [run_figures(t, orange, red) for t in base_traces]
    head_runs = [run_figures(t, orange, red) for t in head_traces]
    keys = sorted({k for run in base_runs + head_runs for k in run["views"]})
    for rule in rules:
        if rule.view is not None and not any(rule.matches(k) for k in keys):
            raise UsageError(f"--fail-on {rule.text!r}: no view named {rule.view!r}")

    with_verdicts = len(base_runs) >= MIN_RUNS and len(head_runs) >= MIN_RUNS
    out = {"verdicts": with_verdicts, "runs": {"base": len(base_runs), "head": len(head_runs)}}
    views = [{"module": k[0], "kind": k[1], "name": k[2]} for k in keys]
    groups = {"frames": {}, "hitches": {}, "hangs": {}}
    if not with_verdicts:
        out.update(views=views, rules=[{"rule": r.text, "verdict": "n/a"} for r in rules], exit=None)
        out.update(groups)
        return out

    def values(runs, key, figure):
        # A view absent from a run has 0 for every figure of that run.
        return [run["views"].get(key, {}).get(figure, 0) for run in runs]

    # Per view figures: test each, then BH over all views of that figure (m = len(keys)).
    tests = {}  # (key, figure) -> {"p", "baseMedian", "headMedian", "q"}
    for figure in VIEW_FIGURES:
        column = [figure_test(values(base_runs, k, figure), values(head_runs, k, figure)) for k in keys]
        qs = benjamini_hochberg([t["p"] for t in column])
        for k, t, q in zip(keys, column, qs):
            t["q"] = q
            tests[(k, figure)] = t
    for k, row in zip(keys, views):
        row["verdicts"] = {}
        for figure in VIEW_FIGURES:
            t = tests[(k, figure)]
            row["verdicts"][figure] = dict(t, verdict=verdict_of(t["q"], t["baseMedian"], t["headMedian"],
                                                                 figure, alpha, min_change))
    # Whole-trace figures: q = p.
    for group, key, figure in TRACE_FIGURES:
        t = figure_test([r[figure] for r in base_runs], [r[figure] for r in head_runs])
        t["q"] = t["p"]
        t["verdict"] = verdict_of(t["q"], t["baseMedian"], t["headMedian"], figure, alpha, min_change)
        tests[(None, figure)] = t
        groups[group].setdefault("verdicts", {})[key] = t

    rule_rows = []
    for rule in rules:
        covered = []  # (q, verdict, baseMedian, headMedian)
        if not rule.per_view:
            t = tests[(None, rule.figure)]
            covered.append((t["q"], t["verdict"], t["baseMedian"], t["headMedian"]))
        else:
            for k in keys:
                if rule.view is not None and not rule.matches(k):
                    continue
                t = tests[(k, rule.figure)]
                # A rule naming one view tests it alone: q = p, and the verdict follows that q.
                q = t["p"] if rule.view is not None else t["q"]
                covered.append((q, verdict_of(q, t["baseMedian"], t["headMedian"], rule.figure, alpha, min_change),
                                t["baseMedian"], t["headMedian"]))
        outcome = "pass"
        for q, verdict, b, h in covered:
            if not rule.exceeds(b, h):
                continue
            if verdict == "slower":
                outcome = "fail"
                break
            if q >= alpha:
                outcome = "inconclusive"
        rule_rows.append({"rule": rule.text, "verdict": outcome})
    outcomes = {r["verdict"] for r in rule_rows}
    out.update(views=views, rules=rule_rows, exit=1 if "fail" in outcomes else 2 if "inconclusive" in outcomes else 0)
    out.update(groups)
    return out


# MARK: - Command line

def main(argv):
    base, head, seen_vs = [], [], False
    alpha, min_change, rule_texts = DEFAULT_ALPHA, DEFAULT_MIN_CHANGE, []
    orange, red = ref.DEFAULT_ORANGE, ref.DEFAULT_RED
    try:
        i = 0
        while i < len(argv):
            a = argv[i]
            if a == "--vs":
                if seen_vs:
                    raise UsageError("--vs may be given once")
                seen_vs = True
                i += 1
            elif a in ("--alpha", "--min-change", "--fail-on", "--orange", "--red"):
                if i + 1 >= len(argv):
                    raise UsageError(f"{a} needs a value")
                v = argv[i + 1]
                if a == "--alpha":
                    try:
                        alpha = float(v)
                    except ValueError:
                        raise UsageError(f"--alpha needs a number, found {v!r}") from None
                    if not 0 < alpha < 1:
                        raise UsageError("--alpha must lie between 0 and 1")
                elif a == "--min-change":
                    parse_min_change(v)  # validate now
                    min_change = v
                elif a == "--fail-on":
                    rule_texts.append(v)
                else:
                    try:
                        n = int(v, 10)
                    except ValueError:
                        raise UsageError(f"{a} needs an integer number of ns, found {v!r}") from None
                    orange, red = (n, red) if a == "--orange" else (orange, n)
                i += 2
            elif a.startswith("-") and a != "-":
                raise UsageError(f"unknown option {a}")
            else:
                (head if seen_vs else base).append(a)
                i += 1
        if not seen_vs or not base or not head:
            raise UsageError("expected BASE... --vs HEAD... (at least one trace a side)")
        parse_rules(rule_texts)  # syntax errors before reading traces
    except UsageError as e:
        sys.stderr.write(f"error: {e}\n{USAGE}")
        return ref.EXIT_USAGE
    traces = {}
    for path in dict.fromkeys(base + head):
        trace, status = ref.load_trace(path)
        if trace is None:
            return status
        traces[path] = trace
    try:
        result = evaluate([traces[p] for p in base], [traces[p] for p in head], alpha, min_change,
                          rule_texts, orange, red)
    except UsageError as e:
        sys.stderr.write(f"error: {e}\n")
        return ref.EXIT_USAGE
    sys.stdout.buffer.write((json.dumps(result, indent=2, sort_keys=True, ensure_ascii=False) + "\n")
                            .encode("utf-8"))
    return ref.EXIT_OK


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
