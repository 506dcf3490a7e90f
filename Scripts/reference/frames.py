#!/usr/bin/env python3
"""Independent reference for analysis.md "Frames and deadlines (version 2)".

A plain, in-memory reading of the section, sentence by sentence, shared by analysis.py
(the summary's `frames`) and findings.py (missed frames, frames reached). Python 3.11
standard library only; correctness over speed.

Readings where the section is open (the same as tracecli documents in docs/analysis.md):
  * A grid update that continues a run after the run has reached recorded frames belongs to
    the work of the latest of them (the run's latest recorded frame).
  * A frame's identity: ("recorded", i) with i the 0-based index among the merged recorded
    frames, or ("grid", start) with start the grid frame's (uncut) start a + k*B.
  * Updates of one missed frame ("its updates", for blame and accumulation): the members of
    its work (a recorded frame) or of its stretch (a grid frame).
"""

from bisect import bisect_right

DEFAULT_REFRESH = 60


def budget_of(rate):
    """B = floor(1e9 / rate + 1/2) ns (halves round up)."""
    x = 1e9 / rate
    f = int(x)
    return f + (1 if x - f >= 0.5 else 0)


def budget_facts(header, override=None):
    """(B, budgetAssumed, budgetSource) from the header and an optional --refresh-rate."""
    if override is not None:
        return budget_of(override), False, "option"
    if header is not None and "refreshRate" in header:
        return budget_of(header["refreshRate"]), False, header.get("refreshRateSource", "header")
    return budget_of(DEFAULT_REFRESH), True, "assumed"


def ceil_div(a, b):
    return -((-a) // b)


class Timeline:
    """Recorded frames (merged, with covers) and the grid frames between them."""

    def __init__(self, frames, budget, anchor):
        self.budget = budget
        self.gap = budget // 8
        merged = {}
        for f in frames:
            s = f["start"]
            merged[s] = max(merged.get(s, f["deadline"]), f["deadline"])
        self.starts = sorted(merged)
        self.deadlines = [merged[s] for s in self.starts]
        self.cover_ends = []
        for i, s in enumerate(self.starts):
            m = max(1, ceil_div(self.deadlines[i] - s - self.gap, budget))
            end = s + m * budget
            if i + 1 < len(self.starts):
                end = min(end, self.starts[i + 1])
            self.cover_ends.append(end)
        self.anchor = anchor if anchor is not None else 0

    def frame_of(self, t):
        """("recorded", i) or ("grid", start) for the frame that contains time t."""
        j = bisect_right(self.starts, t) - 1
        if j >= 0 and t < self.cover_ends[j]:
            return ("recorded", j)
        if j >= 0:
            a = self.starts[j]
        elif self.starts:
            a = self.starts[0]
        else:
            a = self.anchor
        k = (t - a) // self.budget
        return ("grid", a + k * self.budget)


def is_main(u):
    return u.get("thread", "main") == "main"


def is_finished(u, unfinished_ns):
    return u["duration"] < unfinished_ns


class Deadlines:
    """Busy runs, recorded frames' work, stretches and the missed frames."""

    def __init__(self, updates, timeline, red, unfinished_ns):
        B, G = timeline.budget, timeline.gap
        self.timeline = timeline
        parts = [u for u in updates if is_main(u) and is_finished(u, unfinished_ns)]
        parts.sort(key=lambda u: (u["start"], u["duration"], u["id"]))
        frames_with = set()
        for u in parts:
            frames_with.add(timeline.frame_of(u["start"]))
        self.with_updates = len(frames_with)
        self.grid = sum(1 for f in frames_with if f[0] == "grid")

        works = {}  # recorded index -> members
        stretches = []  # lists of members
        run_end = None
        owner = None  # the run's latest recorded frame
        stretch = None
        for u in parts:
            end = u["start"] + u["duration"]
            if run_end is None or u["start"] > run_end + G:
                owner = None
                stretch = None
                run_end = end
            else:
                run_end = max(run_end, end)
            f = timeline.frame_of(u["start"])
            if f[0] == "recorded":
                works.setdefault(f[1], []).append(u)
                owner = f[1]
                stretch = None
            elif owner is not None:
                works[owner].append(u)
            else:
                if stretch is None:
                    stretch = []
                    stretches.append(stretch)
                stretch.append(u)

        # missed: frame -> {"deadline", "workEnd", "overrun", "red", "members"}
        self.missed = {}
        for i, members in works.items():
            work_end = max(u["start"] + u["duration"] for u in members)
            deadline = timeline.deadlines[i]
            if work_end > deadline:
                self.missed[("recorded", i)] = {
                    "start": timeline.starts[i], "deadline": deadline, "workEnd": work_end,
                    "overrun": work_end - deadline, "red": any(u["duration"] > red for u in members),
                    "members": members}
        for members in stretches:
            first = members[0]["start"]
            last_end = max(u["start"] + u["duration"] for u in members)
            if last_end - first > B:
                frame = timeline.frame_of(first)
                self.missed[frame] = {
                    "start": frame[1], "deadline": first + B, "workEnd": last_end,
                    "overrun": last_end - first - B,
                    "red": any(u["duration"] > red for u in members), "members": members}
        self.member_ids = {}
        for frame, facts in self.missed.items():
            for u in facts["members"]:
                self.member_ids[u["id"]] = frame

    def summary(self):
        by_long = sum(1 for f in self.missed.values() if f["red"])
        return {
            "withUpdates": self.with_updates, "grid": self.grid, "missed": len(self.missed),
            "missedByLongUpdate": by_long, "missedByAccumulation": len(self.missed) - by_long,
            "worstOverrunNs": max((f["overrun"] for f in self.missed.values()), default=0),
        }

    def missed_frame_of(self, u):
        """The missed frame whose work or stretch holds update u, or None."""
        return self.member_ids.get(u["id"])


def frame_json(frame):
    if frame[0] == "recorded":
        return {"kind": "recorded", "index": frame[1]}
    return {"kind": "grid", "start": frame[1]}
