#!/usr/bin/env python3
"""Self-checks of verdicts.py (and runs_trace.py). Run from this folder:

    python3 -m unittest test_verdicts
"""

import json
import math
import os
import subprocess
import sys
import tempfile
import unittest
from fractions import Fraction

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import analysis as ref  # noqa: E402
import verdicts as v  # noqa: E402


def run_trace(*args):
    """One run from runs_trace.py, parsed by analysis.py's reader."""
    out = subprocess.run([sys.executable, os.path.join(HERE, "runs_trace.py"), *map(str, args)],
                         check=True, capture_output=True).stdout
    return out, ref.read_trace(out)


class MannWhitneyExact(unittest.TestCase):
    def test_distribution_4_4(self):
        # The textbook table of U for n1 = n2 = 4 (C(8, 4) = 70 splits).
        self.assertEqual(v.exact_distribution(4, 4),
                         [1, 1, 2, 3, 5, 5, 7, 7, 8, 7, 7, 5, 5, 3, 2, 1, 1])
        self.assertEqual(sum(v.exact_distribution(7, 5)), math.comb(12, 5))

    def test_separated(self):
        self.assertEqual(v.mann_whitney_p([1, 2, 3, 4], [5, 6, 7, 8]), 2 / 70)
        self.assertEqual(v.mann_whitney_p([1, 2, 3, 4], [5, 6, 7, 8]), 0.028571428571428571)
        self.assertEqual(v.mann_whitney_p([5, 6, 7, 8], [1, 2, 3, 4]), 2 / 70)  # two-sided
        self.assertEqual(v.mann_whitney_p([1, 2, 3, 4, 5], [6, 7, 8, 9, 10]), 2 / 252)

    def test_interleaved(self):
        # head > base in 1 + 2 + 3 + 4 = 10 pairs; P(U' >= 10) = 24/70, p = 48/70.
        self.assertEqual(v.u_statistic_doubled([1, 3, 5, 7], [2, 4, 6, 8]), 20)
        self.assertEqual(v.mann_whitney_p([1, 3, 5, 7], [2, 4, 6, 8]), float(Fraction(48, 70)))
        # U at the centre: both tails > 1/2, p capped at 1.
        self.assertEqual(v.mann_whitney_p([1, 4, 5, 8], [2, 3, 6, 7]), 1.0)


class MannWhitneyNormal(unittest.TestCase):
    def test_ties_by_hand(self):
        # base [1,2,2,3], head [2,3,4,4]: U = 4 + 3.5 + 3.5 + 2.5 = 13.5; mu = 8;
        # tie groups: 2 x3, 3 x2, 4 x2 -> sum(t^3 - t) = 24 + 6 + 6 = 36;
        # sigma^2 = 16/12 * (9 - 36/56) = 78/7; upper tail z = (13.5 - 0.5 - 8) / sigma = 5 / sigma;
        # p = 2 * (1 - Phi(z)) = erfc(z / sqrt 2) = 0.134169180128...
        self.assertEqual(v.u_statistic_doubled([1, 2, 2, 3], [2, 3, 4, 4]), 27)
        z = 5 / math.sqrt(78 / 7)
        expected = math.erfc(z / math.sqrt(2))
        self.assertAlmostEqual(expected, 0.13416918012812581, places=15)
        self.assertAlmostEqual(v.mann_whitney_p([1, 2, 2, 3], [2, 3, 4, 4]), expected, places=15)

    def test_all_tied(self):
        self.assertEqual(v.mann_whitney_p([3, 3, 3, 3], [3, 3, 3, 3, 3]), 1.0)
        self.assertEqual(v.mann_whitney_p([0] * 4, [0] * 4), 1.0)

    def test_more_than_20_runs_uses_normal(self):
        # 21 vs 21, no ties, fully separated: U = 441, mu = 220.5, sigma^2 = 441 * 43 / 12.
        sigma = math.sqrt(441 * 43 / 12)
        expected = math.erfc((441 - 0.5 - 220.5) / sigma / math.sqrt(2))
        self.assertAlmostEqual(v.mann_whitney_p(list(range(21)), list(range(21, 42))), expected, places=15)


class BenjaminiHochberg(unittest.TestCase):
    def test_known_vector(self):
        q = v.benjamini_hochberg([0.01, 0.04, 0.03, 0.005])
        for got, want in zip(q, [0.02, 0.04, 0.04, 0.02]):
            self.assertAlmostEqual(got, want, places=15)

    def test_capped_and_monotone(self):
        self.assertEqual(v.benjamini_hochberg([1.0, 1.0, 0.9]), [1.0, 1.0, 1.0])
        self.assertEqual(v.benjamini_hochberg([0.5]), [0.5])


class MinChangeAndRules(unittest.TestCase):
    def test_min_change(self):
        mc = v.parse_min_change("5%,50us")
        self.assertEqual(mc, (Fraction(5), Fraction(50_000)))
        # Count figures: relative part only.
        self.assertTrue(v.exceeds_min_change(1, 10, "count", mc))    # 10% > 5%
        self.assertFalse(v.exceeds_min_change(1, 20, "count", mc))   # exactly 5%: not more
        self.assertTrue(v.exceeds_min_change(1, 0, "red", mc))       # from 0, any rise
        # Duration figures: both parts.
        self.assertFalse(v.exceeds_min_change(40_000, 100_000, "p95Ns", mc))   # 40% but 40 us
        self.assertFalse(v.exceeds_min_change(50_000, 100_000, "p95Ns", mc))   # 50 us: not more
        self.assertTrue(v.exceeds_min_change(50_001, 100_000, "p95Ns", mc))
        self.assertFalse(v.exceeds_min_change(60_000, 10_000_000, "totalNs", mc))  # 0.6%
        self.assertEqual(v.verdict_of(0.01, 100, 200, "count", 0.05, mc), "slower")
        self.assertEqual(v.verdict_of(0.01, 200, 100, "count", 0.05, mc), "faster")
        self.assertEqual(v.verdict_of(0.05, 100, 200, "count", 0.05, mc), "same")  # q = alpha

    def test_rules(self):
        r = v.Rule("App.Row:p95>+1.5ms")
        self.assertEqual((r.view, r.figure, r.amount), ("App.Row", "p95Ns", Fraction(1_500_000)))
        self.assertTrue(r.matches(("App", "body", "Row")))
        self.assertTrue(v.Rule("Row:total>0").matches(("App", "body", "Row")))
        self.assertTrue(v.Rule("Row.body:total>0").matches(("App", "body", "Row")))
        self.assertFalse(v.Rule("Other.Row:total>0").matches(("App", "body", "Row")))
        self.assertEqual(v.Rule("Layout: Stack:count>0").view, "Layout: Stack")
        pct = v.Rule("count>20%")
        self.assertTrue(pct.exceeds(0, 1))      # from a base of 0 any rise
        self.assertFalse(pct.exceeds(0, 0))
        self.assertFalse(pct.exceeds(10, 12))   # 20%: not more
        self.assertTrue(pct.exceeds(10, 13))
        for bad in ("orange>0", "missed>1ms", "Row:missed>0", "p95>-5", "p95>abc"):
            with self.assertRaises(v.UsageError):
                v.Rule(bad)


class EndToEnd(unittest.TestCase):
    def runs(self, n, views=20, **slow):
        base = [run_trace("--seed", s, "--views", views)[1] for s in range(1, n + 1)]
        extra = ["--slow", slow["slow"], "--factor", slow["factor"]] if slow else []
        head = [run_trace("--seed", 100 + s, "--views", views, *extra)[1] for s in range(1, n + 1)]
        return base, head

    def test_generator_is_deterministic_and_fast_enough(self):
        a, _ = run_trace("--seed", 3, "--views", 50, "--hitches", "--hangs")
        b, _ = run_trace("--seed", 3, "--views", 50, "--hitches", "--hangs")
        self.assertEqual(a, b)
        self.assertTrue(a.startswith(b'{"type":"trace","version":1,'))

    def test_planted_regression_4_runs(self):
        base, head = self.runs(4, slow=7, factor=3)
        out = v.evaluate(base, head, rules=["View0007:total>10%", "total>10%"])
        self.assertTrue(out["verdicts"])
        row = next(r for r in out["views"] if r["name"] == "View0007")
        t = row["verdicts"]["totalNs"]
        # 4 vs 4, fully separated: the exact p is 2/70.
        self.assertEqual(t["p"], 2 / 70)
        self.assertGreater(t["headMedian"], 2 * t["baseMedian"])
        # Over all 20 views, BH lifts q well above alpha (q = p * 20 / rank with ~null others), so
        # the all-views verdict stays `same`; the rule naming the view (q = p) fails.
        self.assertGreaterEqual(t["q"], 0.05)
        self.assertEqual(t["verdict"], "same")
        self.assertEqual(out["rules"], [{"rule": "View0007:total>10%", "verdict": "fail"},
                                        {"rule": "total>10%", "verdict": "inconclusive"}])
        self.assertEqual(out["exit"], 1)

    def test_planted_regression_10_runs(self):
        base, head = self.runs(10, slow=7, factor=3)
        out = v.evaluate(base, head, rules=["total>10%"])
        row = next(r for r in out["views"] if r["name"] == "View0007")
        self.assertEqual(row["verdicts"]["totalNs"]["verdict"], "slower")
        self.assertEqual(row["verdicts"]["totalNs"]["p"], 2 / math.comb(20, 10))
        self.assertEqual(out["rules"], [{"rule": "total>10%", "verdict": "fail"}])

    def test_fewer_than_4_runs(self):
        base, head = self.runs(3)
        out = v.evaluate(base, head, rules=["red>0"])
        self.assertFalse(out["verdicts"])
        self.assertEqual(out["rules"], [{"rule": "red>0", "verdict": "n/a"}])
        self.assertNotIn("verdicts", out["views"][0])
        self.assertEqual(out["frames"], {})

    def test_ties_and_missing_view(self):
        base = [run_trace("--seed", s, "--views", 10, "--ties")[1] for s in range(1, 5)]
        head = [run_trace("--seed", 50 + s, "--views", 10, "--ties", "--missing", 3)[1] for s in range(1, 5)]
        out = v.evaluate(base, head)
        for row in out["views"]:
            if row["name"] != "View0003":
                self.assertEqual(row["verdicts"]["count"]["p"], 1.0)  # fixed counts: all tied
            else:
                self.assertEqual(row["verdicts"]["count"]["headMedian"], 0)

    def test_command_line(self):
        paths = []
        with tempfile.TemporaryDirectory() as tmp:
            for side, seed0, extra in (("b", 1, []), ("h", 100, ["--slow", 2, "--factor", 4])):
                for s in range(4):
                    data, _ = run_trace("--seed", seed0 + s, "--views", 5, "--hitches", "--hangs", *extra)
                    p = os.path.join(tmp, f"{side}{s}.jsonl")
                    with open(p, "wb") as f:
                        f.write(data)
                    paths.append(p)
            proc = subprocess.run([sys.executable, os.path.join(HERE, "verdicts.py"), *paths[:4], "--vs",
                                   *paths[4:], "--fail-on", "View0002:p95>10%,hitches>0"],
                                  capture_output=True, text=True)
            self.assertEqual(proc.returncode, 0, proc.stderr)
            out = json.loads(proc.stdout)
            self.assertEqual(out["rules"][0], {"rule": "View0002:p95>10%", "verdict": "fail"})
            self.assertEqual(out["exit"], 1)
            self.assertEqual(set(out["hitches"]["verdicts"]), {"count", "totalNs"})
            self.assertEqual(set(out["hangs"]["verdicts"]), {"count", "longestNs"})


if __name__ == "__main__":
    unittest.main()
