#!/usr/bin/env python3
"""Writes the story fixtures and their reference summaries.

    python3 Scripts/make-fixtures.py          # (re)write Fixtures/ and check every story

Outputs (deterministic: same bytes on every run):
  Fixtures/traces/*.jsonl                      story traces (domain.md, stories 1-7)
  Fixtures/traces/malformed/*.jsonl            one reader error each (truncated-tail: a warning)
  Fixtures/reference/<name>.summary.json       Scripts/reference/analysis.py summarize output
  Fixtures/reference/malformed/<name>.error.json  exit code, line, column, message
  Fixtures/README.md                           one line per fixture
  Fixtures/traces/ci/*.jsonl                   CI scenarios for check and diff (a regression pair, noisy runs)
  Fixtures/reference/diff/<pair>.diff.json     Scripts/reference/analysis.py diff output for each pair

Every story is checked against the reference implementation; the script fails
(exit 1) when a story does not hold. Python 3.11 standard library only.
"""

import json
import os
import random
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TRACES = os.path.join("Fixtures", "traces")
MALFORMED = os.path.join(TRACES, "malformed")
REFERENCE = os.path.join("Fixtures", "reference")
ANALYSIS = os.path.join("Scripts", "reference", "analysis.py")

UNFINISHED = 3_600_000_000_000


def budget(rate):
    return round(1e9 / rate)


# MARK: - Trace builder

class Trace:
    """Collects events; writes one compact JSON object per line, `type` first."""

    def __init__(self, **header):
        self.lines = []
        self.next_id = 1
        self.updates = []  # (start, duration, thread, kind, view) for local checks
        if header:
            self.event("trace", version=1, **header)

    def id(self):
        i = self.next_id
        self.next_id += 1
        return i

    def event(self, type_, **fields):
        obj = {"type": type_}
        obj.update({k: v for k, v in fields.items() if v is not None})
        self.lines.append(json.dumps(obj, ensure_ascii=False, separators=(",", ":")))
        return obj

    def update(self, kind, start, duration, view=None, module=None, label=None, **more):
        uid = self.id()
        self.event("update", id=uid, kind=kind, view=view, label=label, module=module,
                   start=start, duration=duration, **more)
        self.updates.append((start, duration, more.get("thread"), kind, view or label))
        return uid

    def source(self, kind, label, **more):
        sid = self.id()
        self.event("source", id=sid, kind=kind, label=label, **more)
        return sid

    def cause(self, from_, to, label=None, **more):
        self.event("cause", **{"from": from_, "to": to}, label=label, **more)

    def group(self, start, duration, label):
        gid = self.id()
        self.event("group", id=gid, start=start, duration=duration, label=label)
        return gid

    def text(self):
        return "".join(line + "\n" for line in self.lines)


def grid_misses(updates, anchor, b, red=1_000_000):
    """Missed frames of the implicit grid (analysis.md), for placing hitch events."""
    frames = {}
    for start, dur, thread, _, _ in updates:
        if dur >= UNFINISHED or thread not in (None, "main"):
            continue
        k = (start - anchor) // b
        end = start + dur
        frames[k] = max(frames.get(k, end), end)
    return sorted(k for k, end in frames.items() if end > anchor + (k + 1) * b)


# MARK: - Time Profiler samples

ENTRY = [("static LandmarksApp.$main()", "Landmarks", True), ("start", "dyld", False)]
SWIFTUI = [("ViewGraph.updateOutputs(async:)", "SwiftUICore", False),
           ("ViewRendererHost.render(interval:updateDisplayList:targetTimestamp:)", "SwiftUICore", False),
           ("UIApplicationMain", "UIKitCore", False)]


def add_samples(t, rng, stacks_for, span, outside):
    """Appends Time Profiler samples (1 ms apart, weight 1 ms, main thread, running only) over
    `span`, and the symbols they name, after every other event (lines of the rest stay put).

    `stacks_for(name, duration)` gives an update's body its stack (leaf first, as (name, binary,
    user) triples, entry frames added here) or None when its thread did not run at that tick
    (a body that waits); `outside` is the stack of a running main thread outside updates, or None.
    """
    ids = {}
    symbols, samples = [], []

    def sid(frame):
        if frame not in ids:
            ids[frame] = len(ids) + 1
            name, binary, user = frame
            symbols.append({"type": "symbol", "id": ids[frame], "name": name, "binary": binary,
                            **({"user": True} if user else {})})
        return ids[frame]

    main = [(start, dur, name) for start, dur, thread, _, name in t.updates
            if thread in (None, "main") and dur < UNFINISHED]
    lo, hi = span
    for tick in range(lo, hi, 1_000_000):
        tick += rng.randint(0, 20_000)
        inside = [u for u in main if u[0] <= tick < u[0] + u[1]]
        if inside:
            start, dur, name = max(inside, key=lambda u: (u[0], -u[1]))
            frames = stacks_for(name, dur)
        else:
            frames = outside() if outside else None
        if frames is None:
            continue
        stack = [sid(f) for f in frames + SWIFTUI + ENTRY]
        samples.append({"type": "sample", "time": tick, "weight": 1_000_000,
                        "stack": stack})
    for event in symbols + samples:
        t.lines.append(json.dumps(event, ensure_ascii=False, separators=(",", ":")))


# MARK: - Stories

def minimal():
    t = Trace(app="Landmarks", device="iPhone 16 Pro", refreshRate=60, start=1_000_000_000,
              producer="Scripts/make-fixtures.py")
    g = t.group(1_000_100_000, 3_000_000, "Transaction for Gesture")
    tap = t.source("gesture", "Gesture: Tap", user=True, time=1_000_050_000)
    a = t.update("body", 1_000_100_000, 120_000, view="ContentView", module="Landmarks", group=g)
    b = t.update("body", 1_000_230_000, 640_000, view="LandmarkList", module="Landmarks", group=g)
    c = t.update("body", 1_000_900_000, 1_400_000, view="LandmarkListItemView", module="Landmarks", group=g)
    t.update("other", 1_002_400_000, 90_000, view="ScrollView", label="Layout: ScrollViewChildContainerSize",
             module="SwiftUI", group=g)
    t.cause(tap, a, "update")
    t.cause(a, b, "update")
    t.cause(b, c, "update")
    return t


def landmarks(fixed):
    """Story 1: scrolling the Landmarks list; `fixed` caches the distance formatter."""
    rng = random.Random(1001)  # the same draws before and after: only durations differ
    rate = 120
    b = budget(rate)
    t0 = 2_000_000_000
    t = Trace(app="Landmarks", device="iPhone 16 Pro", refreshRate=rate, start=t0,
              producer="Scripts/make-fixtures.py")

    def seq(cursor, kind, dur, **kw):
        uid = t.update(kind, cursor, dur, **kw)
        return uid, cursor + dur + rng.randint(4_000, 25_000)

    def item_duration():
        slow_r = rng.random()
        slow = (rng.randint(320_000, 499_000) if slow_r < 0.30 else
                rng.randint(501_000, 990_000) if slow_r < 0.62 else
                rng.randint(1_010_000, 2_600_000))
        fast = rng.randint(60_000, 240_000)
        return fast if fixed else slow

    # Launch: building the first hierarchy (two long updates, normal, not a hitch).
    g = t.group(t0 + 100_000, 6_000_000, "Initial Transaction")
    launch = t.source("creation", "View Creation / Reuse", time=t0 + 90_000)
    cur = t0 + 150_000
    app, cur = seq(cur, "body", 1_720_000, view="LandmarksApp", module="Landmarks", group=g)
    root, cur = seq(cur, "body", 1_240_000, view="ContentView", module="Landmarks", group=g)
    split, cur = seq(cur, "body", rng.randint(90_000, 160_000), view="NavigationSplitView", module="SwiftUI", group=g)
    lst, cur = seq(cur, "body", 380_000, view="LandmarkList", module="Landmarks", group=g)
    _, cur = seq(cur, "other", rng.randint(20_000, 60_000), view="ScrollView",
                 label="Layout: ScrollViewChildContainerSize", module="SwiftUI", group=g)
    t.cause(launch, app, "creation")
    t.cause(app, root, "creation")
    t.cause(root, split, "creation")
    t.cause(split, lst, "creation")
    for _ in range(8):
        item, cur = seq(cur, "body", item_duration(), view="LandmarkListItemView", module="Landmarks", group=g)
        _, cur = seq(cur, "body", rng.randint(15_000, 45_000), view="Image", module="SwiftUI", group=g)
        t.cause(lst, item, "creation")

    # Scrolling: 110 steps (about 1 s at 120 Hz), starting 250 ms later. The same steps
    # before and after; a step starts at the first vsync after the previous step's work.
    pan = None
    frame = 30
    for _ in range(110):
        fs = t0 + frame * b
        n_items = rng.choices([0, 1, 2, 3, 4, 6, 8, 10], [10, 26, 24, 14, 9, 8, 5, 4])[0]
        cur = fs + rng.randint(100_000, 400_000)
        g = t.group(cur - 20_000, 0, "Transaction for Gesture")
        group_start = cur - 20_000
        if pan is None:
            pan = t.source("gesture", "Gesture: Pan", user=True, time=fs + 50_000)
        layout, cur = seq(cur, "other", rng.randint(20_000, 60_000), view="ScrollView",
                          label="Layout: ScrollViewChildContainerSize", module="SwiftUI", group=g)
        if frame == 30:
            t.cause(pan, layout, "update")
        if n_items:
            reuse = t.source("creation", "View Creation / Reuse", time=cur)
        for _ in range(n_items):
            item, cur = seq(cur, "body", item_duration(), view="LandmarkListItemView", module="Landmarks", group=g)
            _, cur = seq(cur, "body", rng.randint(15_000, 45_000), view="Image", module="SwiftUI", group=g)
            t.cause(reuse, item, "creation")
        if rng.random() < 0.08:
            _, cur = seq(cur, "body", rng.randint(150_000, 300_000), view="LandmarkList", module="Landmarks", group=g)
        if rng.random() < 0.3:
            _, cur = seq(cur, "other", rng.randint(10_000, 40_000), label="Preference List", module="SwiftUI", group=g)
        # patch the group's duration now that the frame's work is known
        _fix_group_duration(t, g, cur - group_start)
        frame = max(frame + 1, -(-(cur - t0) // b))  # next vsync after the work ends

    for k in grid_misses(t.updates, t0, b):
        t.event("hitch", start=t0 + (k + 1) * b, duration=b, narrative="Potentially expensive app update(s)")
    if not fixed:
        srng = random.Random(1101)
        distance = ("LandmarkListItemView.distance.getter", "Landmarks", True)
        item_body = ("LandmarkListItemView.body.getter", "Landmarks", True)

        def item_stack(name, duration):
            if name == "LandmarkListItemView":
                r = srng.random()
                if r < 0.55:
                    return [("-[NSMeasurementFormatter init]", "Foundation", False),
                            ("MeasurementFormatter.init()", "Foundation", False), distance, item_body]
                if r < 0.75:
                    return [("unum_open_76", "libicucore.A.dylib", False),
                            ("-[NSNumberFormatter init]", "Foundation", False), distance, item_body]
                if r < 0.9:
                    return [("Measurement<>.converted(to:)", "Foundation", False), distance, item_body]
                return [("Text.init(_:tableName:bundle:comment:)", "SwiftUI", False), item_body]
            return [(f"{name}.body.getter", "SwiftUI" if name in ("Image", "ScrollView", "NavigationSplitView")
                     else "Landmarks", name not in ("Image", "ScrollView", "NavigationSplitView")),
                    ("AttributeGraph.Graph.updateValue()", "AttributeGraph", False)]

        def render_stack():
            # Outside updates the main thread mostly sleeps (not sampled); sometimes it commits.
            if srng.random() < 0.06:
                return [("CA::Transaction::commit()", "QuartzCore", False)]
            return None

        last = max(start + dur for start, dur, _, _, _ in t.updates if dur < UNFINISHED)
        add_samples(t, srng, item_stack, (t0, last), render_stack)
    return t


def _fix_group_duration(t, gid, duration):
    for i in range(len(t.lines) - 1, -1, -1):
        if t.lines[i].startswith('{"type":"group","id":%d,' % gid):
            obj = json.loads(t.lines[i])
            obj["duration"] = duration
            t.lines[i] = json.dumps(obj, ensure_ascii=False, separators=(",", ":"))
            return
    raise AssertionError(gid)


def many_small_updates():
    """Story 3: a re-sort re-renders every row; no update is long, the frames still overrun."""
    rng = random.Random(3003)
    rate = 60
    b = budget(rate)
    t0 = 40_000_000_000
    t = Trace(app="Landmarks", device="iPhone 15", refreshRate=rate, producer="Scripts/make-fixtures.py")
    heavy = {8, 9, 21, 30}  # frames where a tap on "Sort" updates every row
    views = [("CategoryRow", "Landmarks"), ("CategoryItem", "Landmarks"), ("LandmarkListItemView", "Landmarks"),
             ("Image", "SwiftUI"), ("Text", "SwiftUI")]
    vsync = 0
    for step in range(40):
        fs = t0 + vsync * b
        t.event("frame", start=fs, deadline=fs + b)
        cur = fs + rng.randint(150_000, 500_000)
        if step in heavy:
            tap = t.source("gesture", "Gesture: Tap", user=True, time=cur - 80_000)
            model = t.source("observable", "@Observable ModelData.landmarks", owner="ModelData",
                             property="landmarks", user=True, time=cur - 40_000)
            t.cause(tap, model, "update")
            g = t.group(cur, 0, "Transaction for Gesture")
            start = cur
            for i in range(200):
                if i % 25 == 24:
                    d = rng.randint(20_000, 90_000)
                    t.update("other", cur, d, label="Layout: LazyVStack", module="SwiftUI", group=g)
                else:
                    view, module = views[i % len(views)]
                    d = rng.randint(70_000, 130_000)
                    uid = t.update("body", cur, d, view=view, module=module, group=g)
                    if view == "LandmarkListItemView":
                        t.cause(model, uid, "update", changed="landmarks", valueType="[Landmark]")
                cur += d + rng.randint(3_000, 10_000)
            _fix_group_duration(t, g, cur - start)
        else:
            for _ in range(rng.choice([0, 0, 3, 6, 8, 10])):
                view, module = views[rng.randrange(len(views))]
                d = rng.randint(20_000, 150_000)
                t.update("body", cur, d, view=view, module=module)
                cur += d + rng.randint(5_000, 30_000)
        # the next vsync the app can catch: after its work ends
        vsync = max(vsync + 1, -(-(cur - t0) // b))
    return t


def favorites(fixed):
    """Story 2: tapping a heart; the whole list re-runs (before) or only the item (after)."""
    rng = random.Random(2002)
    rate = 120
    t0 = 7_000_000_000
    t = Trace(app="Landmarks", device="iPhone 16 Pro", refreshRate=rate, start=t0,
              producer="Scripts/make-fixtures.py")
    for tap_time in (t0 + 200_000_000, t0 + 1_400_000_000):
        tap = t.source("gesture", "Gesture: Tap", user=True, time=tap_time)
        if fixed:
            prop = t.source("observable", "@Observable LandmarkViewModel.isFavorite", owner="LandmarkViewModel",
                            property="isFavorite", user=True, time=tap_time + 40_000,
                            backtrace=["LandmarkViewModel.isFavorite.setter", "FavoriteButton.body.getter closure #1",
                                       "ButtonAction.callAsFunction()"])
        else:
            prop = t.source("observable", "@Observable LandmarkCollection.landmarks", owner="LandmarkCollection",
                            property="landmarks", user=True, time=tap_time + 40_000,
                            backtrace=["LandmarkCollection.landmarks.setter", "ModelData.toggleFavorite(_:)",
                                       "FavoriteButton.body.getter closure #1"])
        t.cause(tap, prop, "update", time=tap_time + 40_000)
        cur = tap_time + 300_000
        g = t.group(cur, 0, "Transaction for Gesture")
        start = cur
        for i in range(1 if fixed else 40):
            d = rng.randint(90_000, 160_000)
            uid = t.update("body", cur, d, view="LandmarkListItemView", module="Landmarks", group=g)
            if fixed:
                t.cause(prop, uid, "update", changed="isFavorite", valueType="Bool", time=cur)
            else:
                t.cause(prop, uid, "update", changed="landmarks", valueType="[Landmark]", time=cur)
            cur += d + rng.randint(5_000, 20_000)
        _fix_group_duration(t, g, cur - start)
    return t


def environment_churn():
    """Story 4: a fast-changing environment value; View1 runs, View2 is checked and skipped."""
    rng = random.Random(4004)
    rate = 120
    b = budget(rate)
    t0 = 3_000_000_000
    t = Trace(app="EnvironmentDemo", device="iPhone 16 Pro", refreshRate=rate, start=t0,
              producer="Scripts/make-fixtures.py")
    for i in range(30):
        at = t0 + (10 + 4 * i) * b + rng.randint(50_000, 200_000)
        env = t.source("environment", "External Environment", user=False, time=at)
        writer = t.source("environmentWriter", "EnvironmentWriter: RootEnvironmentModifier", user=False,
                          time=at + 15_000)
        t.cause(env, writer, "update", valueType="EnvironmentValues", changed="colorScheme", time=at + 15_000)
        g = t.group(at + 30_000, 0, "(RootDisplayList DisplayList)")
        cur = at + 30_000
        d1 = rng.randint(45_000, 90_000)
        v1 = t.update("body", cur, d1, view="View1", module="EnvironmentDemo", group=g)
        cur += d1 + rng.randint(3_000, 8_000)
        d2 = rng.randint(4_000, 12_000)
        v2 = t.update("body", cur, d2, view="View2", module="EnvironmentDemo", skipped=True, group=g)
        cur += d2
        t.cause(writer, v1, "update", valueType="EnvironmentValues", changed="colorScheme", time=at + 30_000)
        t.cause(writer, v2, "update", valueType="EnvironmentValues", changed="colorScheme", time=at + 30_000)
        _fix_group_duration(t, g, cur - (at + 30_000))
    return t


def update_loop():
    """Story 7: a toast in an EnvironmentObject; the header's onAppear fetch loops forever."""
    rng = random.Random(7007)
    rate = 120
    b = budget(rate)
    t0 = 9_000_000_000
    t = Trace(app="TagNotes", device="iPhone 16 Pro", refreshRate=rate, start=t0,
              producer="Scripts/make-fixtures.py")
    tap_time = t0 + 100_000_000
    gesture = t.source("gesture", "Gesture: Tap", user=True, time=tap_time)
    previous_header = None
    for i in range(120):  # 2 s: one round every other frame, no gesture after the first
        at = tap_time + 200_000 + i * 2 * b + rng.randint(0, 100_000)
        toast = t.source("observable", "@Published AppState.toast", owner="AppState", property="toast",
                         user=True, time=at,
                         backtrace=["AppState.toast.setter", "ToastPresenter.show(_:)", "HomeViewModel.fetchTags()"]
                         if i < 3 else None)
        if previous_header is None:
            t.cause(gesture, toast, "update", time=at)
        else:
            t.cause(previous_header, toast, "update", time=at)
        g = t.group(at + 20_000, 0, "Transaction")
        cur = at + 20_000
        start = cur

        def run(view, lo, hi):
            nonlocal cur
            d = rng.randint(lo, hi)
            uid = t.update("body", cur, d, view=view, module="TagNotes", group=g)
            cur += d + rng.randint(5_000, 20_000)
            return uid

        content = run("ContentView", 250_000, 450_000)
        t.cause(toast, content, "update", changed="toast", valueType="AppState")
        home = run("HomeView", 180_000, 350_000)
        t.cause(content, home, "update")
        creation = t.source("creation", "View Creation / Reuse", time=cur)
        t.cause(home, creation, "update")
        header = run("HeaderView", 300_000, 700_000)
        t.cause(creation, header, "creation")
        tags = t.source("state", "@State HomeViewModel.tags", owner="HomeViewModel", property="tags",
                        user=True, time=cur,
                        backtrace=["HomeViewModel.tags.setter", "HomeViewModel.fetchTags()",
                                   "HeaderView.body.getter closure #1 (onAppear)"] if i < 3 else None)
        t.cause(header, tags, "update")
        header2 = run("HeaderView", 200_000, 400_000)
        t.cause(tags, header2, "update", changed="tags", valueType="[Tag]")
        chips = run("TagChipList", 80_000, 200_000)
        t.cause(header2, chips, "update")
        _fix_group_duration(t, g, cur - start)
        previous_header = header2
    return t


def dog_inputs():
    """Story 5: editing the favourite treat re-runs ScalableDogImage.body (it takes the whole dog)."""
    rng = random.Random(5005)
    rate = 120
    b = budget(rate)
    t0 = 12_000_000_000
    t = Trace(app="DogApp", device="iPhone 16 Pro", refreshRate=rate, start=t0,
              producer="Scripts/make-fixtures.py")
    for i, _ in enumerate("peanut butter"):
        at = t0 + 50_000_000 + i * 18 * b + rng.randint(0, 300_000)
        key = t.source("gesture", "Gesture: Key Press", user=True, time=at)
        dog = t.source("state", "@State DogModel.dog", owner="DogModel", property="dog", user=True,
                       time=at + 30_000,
                       backtrace=["DogModel.dog.setter", "Binding<Dog>.wrappedValue.setter",
                                  "TreatEditor.body.getter closure #1 (TextField)"])
        t.cause(key, dog, "update")
        g = t.group(at + 60_000, 0, "Transaction")
        cur = at + 60_000
        start = cur

        def run(kind, view, lo, hi):
            nonlocal cur
            d = rng.randint(lo, hi)
            uid = t.update(kind, cur, d, view=view, module="DogApp", group=g)
            cur += d + rng.randint(5_000, 15_000)
            return uid

        detail = run("body", "DogDetailView", 90_000, 160_000)
        t.cause(dog, detail, "update", changed="dog", valueType="Dog")
        image = run("body", "ScalableDogImage", 650_000, 1_450_000)
        t.cause(detail, image, "update", changed="@self", valueType="Dog")
        editor = run("body", "TreatEditor", 40_000, 90_000)
        t.cause(detail, editor, "update", changed="@self", valueType="Dog")
        field = run("representable", "TreatTextField", 30_000, 70_000)
        t.cause(editor, field, "update")
        _fix_group_duration(t, g, cur - start)
    return t


def slow_init():
    """Story 6: LandmarkDetail.body creates a HikeStore whose init loads hikes synchronously."""
    rng = random.Random(6006)
    rate = 120
    b = budget(rate)
    t0 = 15_000_000_000
    t = Trace(app="Landmarks", device="iPhone 16 Pro", refreshRate=rate, start=t0,
              producer="Scripts/make-fixtures.py")
    # a little ordinary work first
    for i in range(6):
        at = t0 + (5 + 3 * i) * b + 200_000
        t.update("body", at, rng.randint(60_000, 200_000), view="LandmarkList", module="Landmarks")
        t.update("other", at + 300_000, rng.randint(20_000, 60_000), view="ScrollView",
                 label="Layout: ScrollViewChildContainerSize", module="SwiftUI")
    tap_time = t0 + 400_000_000
    tap = t.source("gesture", "Gesture: Tap", user=True, time=tap_time)
    nav = t.source("state", "@State NavigationModel.selection", owner="NavigationModel", property="selection",
                   user=True, time=tap_time + 30_000)
    t.cause(tap, nav, "update")
    creation = t.source("creation", "View Creation / Reuse", time=tap_time + 90_000)
    cur = tap_time + 100_000
    g = t.group(cur, 0, "Transaction for Gesture")
    start = cur
    lst = t.update("body", cur, 140_000, view="LandmarkList", module="Landmarks", group=g)
    t.cause(nav, lst, "update", changed="selection")
    cur += 160_000
    detail = t.update("body", cur, 82_400_000, view="LandmarkDetail", module="Landmarks", group=g)
    t.cause(creation, detail, "creation")
    cur += 82_400_000 + 12_000
    for view, kind, lo, hi in [("MapView", "representable", 200_000, 400_000), ("CircleImage", "body", 30_000, 80_000),
                               ("HikeView", "body", 90_000, 200_000), ("FavoriteButton", "body", 20_000, 50_000)]:
        d = rng.randint(lo, hi)
        uid = t.update(kind, cur, d, view=view, module="Landmarks", group=g)
        t.cause(detail, uid, "creation")
        cur += d + rng.randint(5_000, 15_000)
    _fix_group_duration(t, g, cur - start)
    busy = cur - start
    t.event("hang", start=start, duration=busy + 21_000_000,
            kind="Brief Unresponsiveness" if busy + 21_000_000 >= 100_000_000 else "Potential Interaction Delay")
    deadline = t0 + ((start - t0) // b + 1) * b
    late = -(-(cur - deadline) // b) * b
    t.event("hitch", start=deadline, duration=late + b, narrative="Potentially expensive app update(s)")
    for i in range(4):
        at = cur + (2 + 3 * i) * b
        t.update("body", at, rng.randint(40_000, 120_000), view="LandmarkDetail", module="Landmarks")
    srng = random.Random(6106)
    detail_body = ("LandmarkDetail.body.getter", "Landmarks", True)
    hike_init = ("HikeStore.init()", "Landmarks", True)

    def detail_stack(name, duration):
        if name == "LandmarkDetail" and duration > 10_000_000:
            # HikeStore.init reads its file synchronously: the thread waits, and runs in few ticks.
            r = srng.random()
            if r < 0.14:
                return [("__pread", "libsystem_kernel.dylib", False),
                        ("Data.init(contentsOf:options:)", "Foundation", False), hike_init, detail_body]
            if r < 0.19:
                return [("JSONDecoderImpl.unwrap<A>(_:as:for:_:)", "Foundation", False),
                        ("JSONDecoder.decode<A>(_:from:)", "Foundation", False), hike_init, detail_body]
            return None
        return [(f"{name}.body.getter", "Landmarks", True)]

    last = max(start + dur for start, dur, _, _, _ in t.updates)
    def run_loop_stack():
        # Outside updates the main thread mostly sleeps (not sampled); sometimes it commits.
        return [("CA::Transaction::commit()", "QuartzCore", False)] if srng.random() < 0.1 else None

    add_samples(t, srng, detail_stack, (t0 + 5 * b, last), run_loop_stack)
    return t


class Lines:
    """A trace written line by line (events already in order), as a story's builder does."""

    def __init__(self, events):
        self.events = events

    def text(self):
        return "".join(json.dumps(e, ensure_ascii=False, separators=(",", ":")) + "\n" for e in self.events)


def windows():
    """Signposted interactions: two app "Scroll Feed" intervals (the second 1.6x slower) and an
    ads SDK's of the same name, an "Open Detail" with a 12 ms DetailView and a hitch, a "Launch"."""
    events = []
    ids = iter(range(101, 10_000))

    def update(view, start, duration, module="Feed"):
        uid = next(ids)
        events.append({"type": "update", "id": uid, "kind": "body", "view": view, "module": module,
                       "start": start, "duration": duration})
        return uid

    update("ContentView", 5_000_000, 2_400_000)
    update("FeedView", 8_000_000, 600_000)
    events.append({"type": "interval", "name": "Launch", "start": 0, "duration": 200_000_000,
                   "category": "PointsOfInterest"})
    events.append({"type": "source", "id": 1, "kind": "gesture", "label": "Gesture: Scroll", "user": True,
                   "time": 300_000_000})
    for start, end, slower in [(300_000_000, 800_000_000, 1.0), (1_500_000_000, 1_900_000_000, 1.6)]:
        events.append({"type": "interval", "name": "Scroll Feed", "start": start, "duration": end - start,
                       "subsystem": "com.example.feed", "category": "PointsOfInterest"})
        t, k = start + 1_000_000, 0
        while t < end:
            uid = update("FeedRow", t, int((300_000 + (k % 5) * 150_000) * slower))
            events.append({"type": "cause", "from": 1, "to": uid, "label": "update", "time": t})
            k += 1
            t += 8_333_333
    events.append({"type": "interval", "name": "Scroll Feed", "start": 2_000_000_000, "duration": 100_000_000,
                   "subsystem": "com.vendor.ads"})
    update("AdBanner", 2_010_000_000, 1_500_000, module="Ads")
    events.append({"type": "interval", "name": "Open Detail", "start": 1_000_000_000, "duration": 200_000_000,
                   "subsystem": "com.example.feed", "category": "PointsOfInterest"})
    update("DetailView", 1_010_000_000, 12_000_000)
    update("FeedRow", 1_030_000_000, 400_000)
    events.append({"type": "hitch", "start": 1_020_000_000, "duration": 16_700_000, "narrative": "Expensive commit"})
    events.append({"type": "hitch", "start": 1_600_000_000, "duration": 8_300_000})
    events.append({"type": "hang", "start": 2_300_000_000, "duration": 300_000_000, "kind": "Hang"})
    update("SettingsView", 2_310_000_000, 290_000_000)
    header = {"type": "trace", "version": 1, "app": "Feed", "device": "iPhone 16 Pro", "refreshRate": 120,
              "start": 0, "recorded": ["updates", "causes", "hitches", "hangs", "intervals"]}
    return Lines([header] + sorted(events, key=lambda e: e.get("start", e.get("time", 0))))


STORIES = [
    ("minimal", minimal, "header and one frame's worth of events: one orange (LandmarkList 640 µs) and one red (LandmarkListItemView 1.4 ms) update"),
    ("landmarks-before", lambda: landmarks(False), "story 1 before the fix: scrolling Landmarks at 120 Hz, LandmarkListItemView.body builds formatters on every run (many orange/red updates, frames missed by long updates, hitches), plus two long launch updates"),
    ("landmarks-after", lambda: landmarks(True), "story 1 after the fix: the same scroll, LandmarkListItemView has no orange/red update; only the two launch updates (LandmarksApp, ContentView) are long"),
    ("many-small-updates", many_small_updates, "story 3: explicit vsync frames; four frames hold 200 small updates each (all < 500 µs) and miss their deadline by accumulation, no long update anywhere"),
    ("favorites-before", lambda: favorites(False), "story 2 before: Gesture: Tap → @Observable LandmarkCollection.landmarks → 40 LandmarkListItemView.body updates per tap (2 taps, 80 updates)"),
    ("favorites-after", lambda: favorites(True), "story 2 after: Gesture: Tap → @Observable LandmarkViewModel.isFavorite → LandmarkListItemView.body, exactly 2 updates for 2 taps"),
    ("environment-churn", environment_churn, "story 4: External Environment → EnvironmentWriter: RootEnvironmentModifier → View1.body (runs) and View2.body (skipped every time: a dimmed node), 30 changes"),
    ("update-loop", update_loop, "story 7: one Gesture: Tap, then 120 rounds of @Published AppState.toast → ContentView → HomeView → View Creation / Reuse → HeaderView.body → @State HomeViewModel.tags → HeaderView.body → toast … (cycles, update → source edges)"),
    ("dog-inputs", dog_inputs, "story 5: each treat keystroke writes @State DogModel.dog → DogDetailView.body → ScalableDogImage.body (orange/red, changed @self) though the image did not change"),
    ("slow-init", slow_init, "story 6: LandmarkDetail.body takes 82.4 ms (HikeStore loads synchronously in init), with a hang and a hitch event"),
    ("windows", windows, "signposted interactions for `--window`: two `com.example.feed` \"Scroll Feed\" intervals of FeedRow bodies (the second 1.6× slower) and an ads SDK's \"Scroll Feed\" (`com.vendor.ads`, an AdBanner), an \"Open Detail\" with a 12 ms DetailView and a hitch, a \"Launch\", and a hang after every window; `reference/windows.scroll-feed.summary.json` is `analysis.py summarize --window com.example.feed/Scroll Feed`, `reference/windows.list-windows.json` its `--list-windows`"),
]


# MARK: - CI scenarios (check and diff)

def search(regressed):
    """A regression pair: typing in the Landmarks search field.

    Main: each keystroke writes @State LandmarkList.searchText; LandmarkList.body re-filters
    once and 8 LandmarkRow bodies update (fast). PR (head, worse): the filter moved into
    LandmarkRow.body and the rows read @Observable ModelData.landmarks, so 16 rows update per
    keystroke, each slow (orange/red), and a new edge ModelData.landmarks -> LandmarkRow.body
    appears.
    """
    rng = random.Random(5005)
    rate = 120
    b = budget(rate)
    t0 = 12_000_000_000
    t = Trace(app="Landmarks", device="iPhone 16 Pro", refreshRate=rate, start=t0,
              producer="Scripts/make-fixtures.py")
    model = None
    for key in range(12):
        at = t0 + (20 + 12 * key) * b + rng.randint(100_000, 300_000)
        typing = t.source("gesture", "Gesture: Key Press", user=True, time=at)
        text = t.source("state", "@State LandmarkList.searchText", owner="LandmarkList", property="searchText",
                        user=True, time=at + 30_000)
        t.cause(typing, text, "update", time=at + 30_000)
        if regressed and model is None:
            model = t.source("observable", "@Observable ModelData.landmarks", owner="ModelData",
                             property="landmarks", user=True, time=at + 40_000)
        g = t.group(at + 60_000, 0, "Transaction for Key Press")
        cur = at + 60_000
        start = cur
        d = rng.randint(180_000, 320_000)
        lst = t.update("body", cur, d, view="LandmarkList", module="Landmarks", group=g)
        t.cause(text, lst, "update", changed="searchText", valueType="String")
        cur += d + rng.randint(5_000, 15_000)
        for _ in range(16 if regressed else 8):
            d = rng.randint(450_000, 1_400_000) if regressed else rng.randint(120_000, 300_000)
            row = t.update("body", cur, d, view="LandmarkRow", module="Landmarks", group=g)
            t.cause(lst, row, "update")
            if regressed:
                t.cause(model, row, "update", changed="landmarks", valueType="[Landmark]")
            cur += d + rng.randint(5_000, 15_000)
            d = rng.randint(15_000, 40_000)
            t.update("body", cur, d, view="Image", module="SwiftUI", group=g)
            cur += d + rng.randint(3_000, 8_000)
        d = rng.randint(20_000, 60_000)
        t.update("other", cur, d, label="Layout: LazyVStack", module="SwiftUI", group=g)
        cur += d
        _fix_group_duration(t, g, cur - start)
    return t


NOISY_FACTORS = {"main": [0.94, 1.00, 1.07], "pr": [0.96, 1.02, 1.09]}


def noisy(side, run):
    """Noisy runs: the same feed scroll recorded three times on main and three on a PR.

    Every run has the same updates; durations are one draw scaled by a per-run factor (the
    device's mood): main 0.94/1.00/1.07, PR 0.96/1.02/1.09. The PR's medians are 2% slower,
    well within the runs' own spread (about 13%): noise, not a regression.
    """
    factor = NOISY_FACTORS[side][run - 1]
    rng = random.Random(6006)  # the same draws in every run
    rate = 60
    b = budget(rate)
    t0 = 20_000_000_000
    t = Trace(app="Feed", device="iPhone 15", refreshRate=rate, start=t0, producer="Scripts/make-fixtures.py")
    pan = t.source("gesture", "Gesture: Pan", user=True, time=t0 + 50_000)
    for frame in range(40):
        fs = t0 + (2 + frame) * b
        cur = fs + rng.randint(100_000, 300_000)
        reuse = t.source("creation", "View Creation / Reuse", time=cur)
        if frame == 0:
            t.cause(pan, reuse, "update")
        for _ in range(3):
            d = round(rng.randint(150_000, 420_000) * factor)
            row = t.update("body", cur, d, view="FeedRow", module="Feed")
            t.cause(reuse, row, "creation")
            cur += d + rng.randint(5_000, 15_000)
            d = round(rng.randint(20_000, 60_000) * factor)
            t.update("body", cur, d, view="AsyncImage", module="SwiftUI")
            cur += d + rng.randint(3_000, 8_000)
    return t


CI_TRACES = [
    ("search-main", lambda: search(False), "regression pair, base: typing in search updates LandmarkList and 8 fast LandmarkRow bodies per keystroke (12 keystrokes)"),
    ("search-pr", lambda: search(True), "regression pair, head: 16 slow LandmarkRow bodies per keystroke (orange/red), a new edge @Observable ModelData.landmarks → LandmarkRow.body, missed frames"),
] + [
    (f"scroll-{side}-{run}", (lambda side=side, run=run: noisy(side, run)),
     f"noisy runs, {'base' if side == 'main' else 'head'} run {run}: the same 40-frame feed scroll, durations x{NOISY_FACTORS[side][run - 1]}")
    for side in ("main", "pr") for run in (1, 2, 3)
]

# Pairs whose reference diff is stored in Fixtures/reference/diff/<name>.diff.json.
DIFF_PAIRS = [
    ("landmarks", ["traces/landmarks-before.jsonl"], ["traces/landmarks-after.jsonl"]),
    ("favorites", ["traces/favorites-before.jsonl"], ["traces/favorites-after.jsonl"]),
    ("search", ["traces/ci/search-main.jsonl"], ["traces/ci/search-pr.jsonl"]),
    ("scroll", [f"traces/ci/scroll-main-{i}.jsonl" for i in (1, 2, 3)],
     [f"traces/ci/scroll-pr-{i}.jsonl" for i in (1, 2, 3)]),
]


def write_ci_fixtures(summaries, readme):
    """Writes the CI traces and the reference diffs; adds README lines and checks to `summaries`."""
    readme += ["", "## CI scenarios (`traces/ci/`, for `check` and `diff`)", ""]
    for name, build, what in CI_TRACES:
        rel = os.path.join(TRACES, "ci", name + ".jsonl")
        write(rel, build().text().encode("utf-8"))
        rc, out, err = run_reference(rel)
        if rc != 0 or err:
            sys.exit(f"{rel}: reference failed ({rc}): {err}")
        summaries["ci/" + name] = json.loads(out)
        size = os.path.getsize(os.path.join(ROOT, rel))
        readme.append(f"- `ci/{name}.jsonl` ({size // 1024 or 1} KB) — {what}.")
    readme += ["", "## Budgets (`budgets/`, written by hand, see docs/ci.md and the README)", "",
               "- `perf-budget.json` — every section of a budget file; passes `landmarks-after`, fails `landmarks-before`.",
               "- `landmarks.json` — story 1: LandmarkListItemView has no orange/red update, p95 <= 400 µs, no missed frame.",
               "- `favorites.json` — story 2: at most 2 updates of LandmarkListItemView.body (an edge limit).",
               "- `search.json` — the regression pair: passes `ci/search-main`, fails `ci/search-pr`.",
               "- `windows.json` — a `\"windows\"` section: limits on the `windows` story's \"Scroll Feed\" and "
               "\"com.example.feed/Open Detail\" alone (fails)."]
    readme += ["", "`reference/diff/<pair>.diff.json` is `Scripts/reference/analysis.py diff BASE… --vs HEAD…` for "
               + ", ".join(f"`{name}`" for name, _, _ in DIFF_PAIRS) + "."]
    readme += ["", "## Golden outputs (`expected/`)", "",
               "Whole outputs of tracecli, compared byte for byte by the tests "
               "(`RECORD_SNAPSHOTS=1 swift test` re-records them and fails each test that recorded one, so a "
               "recorded golden is always reviewed: check the diff, then run `swift test` again). "
               "Named after the trace:", "",
               "- `<trace>.summary.txt`, `.summary.json` — `summarize` (text without colour, JSON); "
               "`landmarks-before.updates.txt`, `minimal.updates.json` — `updates`.",
               "- `<trace>.<View>.dot`, `.json`, `.mmd`, `<trace>.cause-graph.dot`, "
               "`update-loop.HeaderView.depth-1.json`, `update-loop.HomeView.downstream.mmd` — `cause-graph` "
               "(a view's upstream graph, the whole graph, `--depth`, `--downstream`); every `.dot` is also "
               "rendered by Graphviz in the tests, failing on any warning.",
               "- `<trace>.why-<update or view>.txt`, `.json` — `why` (story 2's chain, story 4's dimmed view, "
               "story 7's cut cycle).",
               "- `<trace>.check.txt`, `<trace>.perf-budget.check.{txt,json,junit.xml,github.txt,md}` — `check` "
               "against `budgets/` in every format.",
               "- `<pair>.diff.{txt,json,md,github.txt}` — `diff` of the pairs above (`scroll`: three runs a side), "
               "with the findings that appeared or went away.",
               "- `<trace>.diagnose.txt`, `.diagnose.json` — `diagnose` of every story (each gets its own finding; "
               "the \"after\" traces do not); `update-loop.diagnose.{md,github.txt}` its pull-request formats; "
               "`update-loop.summary-findings.txt` — `summarize --findings`. `Scripts/reference/findings.py` "
               "computes the same findings independently, and the tests compare them.",
               "- `favorites-before.report.html` — `report`: the whole HTML page of story 2 (findings, timeline, "
               "cause graph, views); a test also has headless Chromium draw the report of `landmarks-before.jsonl`.",
               "- `xctrace.<sample>.jsonl`, `xctrace.<sample>.stderr.txt` — `import xctrace` of each file in "
               "`xctrace/` (see its README): the trace written, and the warnings or the error.", ""]
    diffs = {}
    for name, base, head in DIFF_PAIRS:
        args = [sys.executable, ANALYSIS, "diff"] + [os.path.join("Fixtures", p) for p in base] + ["--vs"] \
            + [os.path.join("Fixtures", p) for p in head]
        p = subprocess.run(args, cwd=ROOT, capture_output=True)
        if p.returncode != 0 or p.stderr:
            sys.exit(f"reference diff {name} failed ({p.returncode}): {p.stderr.decode()}")
        write(os.path.join(REFERENCE, "diff", name + ".diff.json"), p.stdout)
        diffs[name] = json.loads(p.stdout)
    return diffs


def check_ci(s, diffs):
    checks = []

    def check(story, what, ok):
        checks.append((story, what, bool(ok)))

    main, pr = s["ci/search-main"], s["ci/search-pr"]
    check("search-main", "no orange/red, no missed frame", total(main, "orange") + total(main, "red") == 0
          and main["frames"]["missed"] == 0)
    check("search-pr", "LandmarkRow red > 0 and missed frames > 0", view(pr, "LandmarkRow")["red"] > 0
          and pr["frames"]["missed"] > 0)
    edges = {(e["from"], e["to"]): e for e in diffs["search"]["edges"]}
    new = edges[("@Observable ModelData.landmarks", "LandmarkRow.body")]
    check("search", "edge ModelData.landmarks -> LandmarkRow.body added", new["base"] == 0 and new["head"] == 192)
    fav = {(e["from"], e["to"]): e for e in diffs["favorites"]["edges"]}
    check("favorites", "edge into LandmarkListItemView.body falls from 80 to 2",
          fav[("@Observable LandmarkCollection.landmarks", "LandmarkListItemView.body")]["base"] == 80
          and fav[("@Observable LandmarkViewModel.isFavorite", "LandmarkListItemView.body")]["head"] == 2)
    row = [v for v in diffs["scroll"]["views"] if v["name"] == "FeedRow"][0]
    runs = {side: [view(s[f"ci/scroll-{side}-{i}"], "FeedRow")["p95Ns"] for i in (1, 2, 3)] for side in ("main", "pr")}
    spread = max(max(r) - min(r) for r in runs.values())
    delta = row["head"]["p95Ns"] - row["base"]["p95Ns"]
    check("scroll", "FeedRow p95 rises by less than the runs' spread (noise)", 0 < delta < spread)
    check("scroll", "no orange/red update in any run",
          all(total(s[f"ci/scroll-{side}-{i}"], "orange") + total(s[f"ci/scroll-{side}-{i}"], "red") == 0
              for side in ("main", "pr") for i in (1, 2, 3)))
    return checks


# MARK: - Malformed traces (one error each)

def _ok_lines():
    return [
        b'{"type":"trace","version":1,"app":"Landmarks","refreshRate":120,"start":1000000000}',
        b'{"type":"update","id":1,"kind":"body","view":"ContentView","module":"Landmarks","start":1000100000,"duration":120000}',
        b'{"type":"update","id":2,"kind":"body","view":"LandmarkList","module":"Landmarks","start":1000300000,"duration":450000}',
        b'{"type":"update","id":3,"kind":"body","view":"LandmarkListItemView","module":"Landmarks","start":1000800000,"duration":700000}',
    ]


def _with(line_no, bad, rest=True):
    """The ok lines with line `line_no` (1-based) replaced by `bad`; newline-terminated."""
    lines = _ok_lines()
    lines[line_no - 1] = bad
    if not rest:
        lines = lines[:line_no]
    return b"".join(line + b"\n" for line in lines)


# What tracecli itself prints for each malformed trace after `FILE:LINE:COL: error: ` (its words
# differ from the reference's; the locations are the same). Tests/TraceCLITests/TraceCLITests.swift
# asserts these messages and checks that this README quotes them.
TRACECLI_MESSAGES = {
    "bad-json": "expected ',' or '}'",
    "not-object": "expected a JSON object, one per line",
    "no-type": 'missing required key "type"',
    "missing-key": 'missing required key "duration" in a "update" event',
    "wrong-type": '"duration" must be an integer, not a string',
    "fraction": '"start" must be an integer (no fraction or exponent)',
    "exponent": '"duration" must be an integer (no fraction or exponent)',
    "int-overflow": '"start" does not fit in a 64-bit integer',
    "bad-kind": 'update "kind" must be body, representable or other, not "bogus"',
    "bad-source-kind": 'source "kind" must be one of gesture, state, observable, environment, '
                       'environmentWriter, preference, transaction, creation, other, not "button"',
    "negative-duration": '"duration" must not be negative',
    "deadline": '"deadline" must be later than "start"',
    "duplicate-id": "duplicate id 2: ids must be unique across update and source events",
    "header-not-first": 'the "trace" header must be the first line of the trace',
    "version": "unsupported trace format version 2; this tracecli reads version 1",
    "invalid-utf8": "invalid UTF-8",
    "truncated-tail": "warning: ignored a truncated last line (no line end and unterminated string "
                      "at column 52); the recorder may have stopped mid-write",
    "bad-escape": "invalid escape '\\x'",
    "control-char": "control character U+0009 in string must be escaped",
}


MALFORMED_CASES = [
    ("bad-json", "JSON syntax error mid-line (missing comma)",
     _with(3, b'{"type":"update","id":2,"kind":"body" "view":"LandmarkList","start":1000300000,"duration":450000}')),
    ("not-object", "a line that is an array, not an object",
     _with(2, b'["update",1,"body","ContentView"]')),
    ("no-type", "an object without \"type\"",
     _with(2, b'{"id":1,"kind":"body","view":"ContentView","start":1000100000,"duration":120000}')),
    ("missing-key", "an update without \"duration\"",
     _with(3, b'{"type":"update","id":2,"kind":"body","view":"LandmarkList","start":1000300000}')),
    ("wrong-type", "\"duration\" given as a string",
     _with(2, b'{"type":"update","id":1,"kind":"body","view":"ContentView","start":1000100000,"duration":"120000"}')),
    ("fraction", "\"start\": 1.5 (an integer field with a fraction)",
     _with(2, b'{"type":"update","id":1,"kind":"body","view":"ContentView","start":1.5,"duration":120000}')),
    ("exponent", "\"duration\": 1e6 (an integer field with an exponent)",
     _with(2, b'{"type":"update","id":1,"kind":"body","view":"ContentView","start":1000100000,"duration":1e6}')),
    ("int-overflow", "\"start\": 99999999999999999999 (does not fit in Int64)",
     _with(2, b'{"type":"update","id":1,"kind":"body","view":"ContentView","start":99999999999999999999,"duration":120000}')),
    ("bad-kind", "update \"kind\": \"bogus\"",
     _with(2, b'{"type":"update","id":1,"kind":"bogus","view":"ContentView","start":1000100000,"duration":120000}')),
    ("bad-source-kind", "source \"kind\": \"button\"",
     _with(2, b'{"type":"source","id":10,"kind":"button","label":"Gesture: Tap","user":true,"time":1000050000}')),
    ("negative-duration", "\"duration\": -120000",
     _with(2, b'{"type":"update","id":1,"kind":"body","view":"ContentView","start":1000100000,"duration":-120000}')),
    ("deadline", "a frame whose deadline equals its start",
     _with(2, b'{"type":"frame","start":1000000000,"deadline":1000000000}')),
    ("duplicate-id", "an update and a source sharing id 2 (the source on line 4 is the duplicate)",
     _with(4, b'{"type":"source","id":2,"kind":"gesture","label":"Gesture: Tap","user":true,"time":1000050000}')),
    ("header-not-first", "the trace header on line 3, after events",
     b"".join(line + b"\n" for line in [_ok_lines()[1], _ok_lines()[2], _ok_lines()[0], _ok_lines()[3]])),
    ("version", "trace header with version 2",
     _with(1, b'{"type":"trace","version":2,"app":"Landmarks","refreshRate":120,"start":1000000000}')),
    ("invalid-utf8", "raw bytes 0xC3 0x28 inside a view name",
     _with(3, b'{"type":"update","id":2,"kind":"body","view":"Landmark\xc3(List","start":1000300000,"duration":450000}')),
    ("truncated-tail", "valid lines, then a last line cut mid-object without a line end: a WARNING, exit 0",
     b"".join(line + b"\n" for line in _ok_lines()) + b'{"type":"update","id":4,"kind":"body","view":"Landm'),
    ("bad-escape", "an invalid escape \\x inside a string",
     _with(2, b'{"type":"update","id":1,"kind":"body","view":"Content\\xView","start":1000100000,"duration":120000}')),
    ("control-char", "a raw tab (0x09) inside a string",
     _with(2, b'{"type":"update","id":1,"kind":"body","view":"Content\tView","start":1000100000,"duration":120000}')),
]


# MARK: - Running the reference and checking the stories

def run_reference(rel_path, arguments=("summarize",)):
    p = subprocess.run([sys.executable, ANALYSIS, arguments[0], rel_path, *arguments[1:]], cwd=ROOT,
                       capture_output=True)
    return p.returncode, p.stdout.decode("utf-8"), p.stderr.decode("utf-8")


def view(summary, name, module=None, kind="body"):
    for v in summary["views"]:
        if v["name"] == name and v["kind"] == kind and (module is None or v["module"] == module):
            return v
    return None


def total(summary, key):
    return sum(summary["updates"][k][key] for k in ("body", "representable", "other"))


def check_stories(s):
    """Returns a list of (story, check, passed)."""
    checks = []

    def check(story, what, ok):
        checks.append((story, what, bool(ok)))

    m = s["minimal"]
    check("minimal", "1 orange and 1 red update", total(m, "orange") == 1 and total(m, "red") == 1)
    check("minimal", "one frame with updates, not missed", m["frames"]["withUpdates"] == 1 and m["frames"]["missed"] == 0)

    before, after = s["landmarks-before"], s["landmarks-after"]
    item_b = view(before, "LandmarkListItemView", "Landmarks")
    item_a = view(after, "LandmarkListItemView", "Landmarks")
    check("landmarks-before", "LandmarkListItemView red > 0 and orange > 0", item_b["red"] > 0 and item_b["orange"] > 0)
    check("landmarks-before", "LandmarkListItemView is the first view", before["views"][0]["name"] == "LandmarkListItemView")
    check("landmarks-before", "frames missed by long updates > 0", before["frames"]["missedByLongUpdate"] > 0)
    check("landmarks-before", "budget 8333333 (120 Hz)", before["frames"]["budgetNs"] == 8_333_333)
    check("landmarks-after", "LandmarkListItemView orange == red == 0", item_a["orange"] == 0 and item_a["red"] == 0)
    check("landmarks-after", "exactly two orange/red updates overall (LandmarksApp, ContentView)",
          total(after, "orange") + total(after, "red") == 2
          and view(after, "LandmarksApp")["red"] == 1 and view(after, "ContentView")["red"] == 1)
    check("landmarks-after", "no frame missed", after["frames"]["missed"] == 0)
    check("landmarks", "same update count before and after",
          total(before, "count") == total(after, "count") and item_a["count"] == item_b["count"])

    ms = s["many-small-updates"]
    check("many-small-updates", "missed > 0, all by accumulation",
          ms["frames"]["missed"] > 0 and ms["frames"]["missedByLongUpdate"] == 0
          and ms["frames"]["missedByAccumulation"] == ms["frames"]["missed"])
    check("many-small-updates", "no orange or red update", total(ms, "orange") == 0 and total(ms, "red") == 0)

    fb, fa = s["favorites-before"], s["favorites-after"]
    check("favorites-before", "80 LandmarkListItemView updates (40 per tap)", view(fb, "LandmarkListItemView")["count"] == 80)
    check("favorites-after", "exactly 2 LandmarkListItemView updates", view(fa, "LandmarkListItemView")["count"] == 2
          and total(fa, "count") == 2)

    ec = s["environment-churn"]
    v1, v2 = view(ec, "View1"), view(ec, "View2")
    check("environment-churn", "View1 ran 30 times, none skipped", v1["count"] == 30 and v1["skipped"] == 0)
    check("environment-churn", "View2 skipped 30 of 30", v2["count"] == 30 and v2["skipped"] == 30)

    ul = s["update-loop"]
    check("update-loop", "HeaderView ran twice per round (240)", view(ul, "HeaderView")["count"] == 240)

    dg = s["dog-inputs"]
    img = view(dg, "ScalableDogImage")
    check("dog-inputs", "ScalableDogImage ran once per keystroke (13), mostly orange/red",
          img["count"] == 13 and img["orange"] + img["red"] >= 10)
    check("dog-inputs", "one representable update per keystroke", dg["updates"]["representable"]["count"] == 13)

    si = s["slow-init"]
    det = view(si, "LandmarkDetail")
    check("slow-init", "LandmarkDetail maxNs == 82.4 ms and red == 1", det["maxNs"] == 82_400_000 and det["red"] == 1)
    check("slow-init", "one frame missed, by a long update, overrun > 70 ms",
          si["frames"]["missed"] == 1 and si["frames"]["missedByLongUpdate"] == 1
          and si["frames"]["worstOverrunNs"] > 70_000_000)
    return checks


def write(path, data):
    full = os.path.join(ROOT, path)
    os.makedirs(os.path.dirname(full), exist_ok=True)
    with open(full, "wb") as f:
        f.write(data)


def write_runs(readme):
    """Five runs a side of 12 views for `diff` verdicts (Scripts/reference/runs_trace.py)."""
    script = os.path.join(ROOT, "Scripts", "reference", "runs_trace.py")
    for side, seeds, extra in [("base", range(1, 6), []), ("head", range(51, 56), ["--slow", "3", "--factor", "2"])]:
        for run, seed in enumerate(seeds, start=1):
            out = subprocess.run([sys.executable, script, "--seed", str(seed), "--views", "12", *extra,
                                  "--hitches", "--hangs"], capture_output=True, text=True, check=True).stdout
            write(os.path.join(TRACES, "runs", f"{side}-{run}.jsonl"), out.encode("utf-8"))
    readme += ["", "## Sets of runs (`traces/runs/`, for `diff` verdicts)", "",
               "- `runs/base-1.jsonl` … `runs/base-5.jsonl` — five base runs of 12 views (`App.View0000` … "
               "`View0011`) with app hitches, system hitches and hangs: `Scripts/reference/runs_trace.py --seed N "
               "--views 12 --hitches --hangs` for N = 1 … 5.",
               "- `runs/head-1.jsonl` … `runs/head-5.jsonl` — five head runs, `View0003` twice as slow: "
               "`runs_trace.py --seed N --views 12 --slow 3 --factor 2 --hitches --hangs` for N = 51 … 55. The golden "
               "diff (`expected/runs.diff.*`) shows the method: over every view the q adjusted over 12 views stays "
               "above 0.05 (inconclusive), while `View0003:p95>10%` tests that view alone and fails."]


def main():
    summaries = {}
    readme = [
        "# Fixtures",
        "",
        "Written by `python3 Scripts/make-fixtures.py` (deterministic; do not edit by hand).",
        "`reference/<name>.summary.json` is the output of the independent reference",
        "`Scripts/reference/analysis.py summarize traces/<name>.jsonl` (default thresholds);",
        "`reference/malformed/<name>.error.json` holds its exit code, error location and message (in",
        "the reference's words; the tests compare its locations with tracecli's).",
        "Locations are `line:column`, both 1-based; the column counts bytes and names the first byte",
        "that cannot continue a valid line (for invalid UTF-8, the first byte of the ill-formed sequence).",
        "",
        "## Stories (`traces/`)",
        "",
    ]
    for name, build, what in STORIES:
        rel = os.path.join(TRACES, name + ".jsonl")
        write(rel, build().text().encode("utf-8"))
        rc, out, err = run_reference(rel)
        if rc != 0 or err:
            sys.exit(f"{rel}: reference failed ({rc}): {err}")
        write(os.path.join(REFERENCE, name + ".summary.json"), out.encode("utf-8"))
        summaries[name] = json.loads(out)
        size = os.path.getsize(os.path.join(ROOT, rel))
        readme.append(f"- `{name}.jsonl` ({size // 1024 or 1} KB) — {what}.")

    readme += ["", "## Malformed (`traces/malformed/`): each must exit 65 with `FILE:LINE:COL: error: message`", ""]
    failures = []
    for name, what, data in MALFORMED_CASES:
        rel = os.path.join(MALFORMED, name + ".jsonl")
        write(rel, data)
        rc, out, err = run_reference(rel)
        first = err.splitlines()[0] if err else ""
        m = re.match(r"^.*?:(\d+):(\d+): (.*)$", first)
        if not m:
            failures.append(f"{rel}: no location in stderr: {err!r}")
            continue
        line, col, message = int(m.group(1)), int(m.group(2)), m.group(3)
        record = {"exit": rc, "line": line, "column": col, "message": message}
        if name == "truncated-tail":
            if rc != 0 or not message.startswith("warning:"):
                failures.append(f"{rel}: expected exit 0 with a warning, got {rc}: {first}")
            write(os.path.join(REFERENCE, "malformed", name + ".summary.json"), out.encode("utf-8"))
            readme.append(f"- `{name}.jsonl` — {what}; tracecli prints `FILE:{line}: "
                          f"{TRACECLI_MESSAGES[name]}` (the reference: `{line}:{col}: {message}`), "
                          f"summary in `reference/malformed/{name}.summary.json`.")
        else:
            if rc != 65:
                failures.append(f"{rel}: expected exit 65, got {rc}: {first}")
            readme.append(f"- `{name}.jsonl` — {what}: tracecli prints `FILE:{line}:{col}: error: "
                          f"{TRACECLI_MESSAGES[name]}` (the reference: `{message}`).")
        write(os.path.join(REFERENCE, "malformed", name + ".error.json"),
              (json.dumps(record, indent=2, sort_keys=True, ensure_ascii=False) + "\n").encode("utf-8"))
    if os.path.isdir(os.path.join(ROOT, "Fixtures", "conformance", "JSONTestSuite")):
        readme += ["", "## Other", "",
                   "- `conformance/JSONTestSuite/` — nst/JSONTestSuite `test_parsing` cases (MIT, see its LICENSE): "
                   "`y_*` accepted, `n_*` rejected, `i_*` either way, never a crash."]
    for name, arguments in [("windows.scroll-feed.summary", ["summarize", "--window", "com.example.feed/Scroll Feed"]),
                            ("windows.list-windows", ["summarize", "--list-windows"])]:
        rc, out, err = run_reference(os.path.join(TRACES, "windows.jsonl"), arguments)
        if rc != 0 or err:
            sys.exit(f"windows {arguments}: reference failed ({rc}): {err}")
        write(os.path.join(REFERENCE, name + ".json"), out.encode("utf-8"))
    diffs = write_ci_fixtures(summaries, readme)
    write_runs(readme)
    write(os.path.join("Fixtures", "README.md"), ("\n".join(readme) + "\n").encode("utf-8"))

    checks = check_stories(summaries) + check_ci(summaries, diffs)
    for story, what, ok in checks:
        print(f"{'ok  ' if ok else 'FAIL'} {story}: {what}")
    for f in failures:
        print("FAIL " + f)
    if failures or not all(ok for _, _, ok in checks):
        return 1
    print(f"{len(STORIES)} stories, {len(MALFORMED_CASES)} malformed traces, {len(CI_TRACES)} CI traces and "
          f"{len(DIFF_PAIRS)} reference diffs written and checked")
    return 0


if __name__ == "__main__":
    sys.exit(main())
