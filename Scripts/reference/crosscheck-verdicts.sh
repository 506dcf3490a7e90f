#!/usr/bin/env bash
# Cross-checks the verdicts of `tracecli diff` over many runs against the reference (verdicts.py).
#
#   Scripts/reference/crosscheck-verdicts.sh            # 24 random sets of runs
#   Scripts/reference/crosscheck-verdicts.sh 100        # 100 sets
#
# Environment: TRACECLI (default .build/debug/tracecli), PYTHON (default python3).
#
# Each set draws a seed and, from it, the runs a side (3 to 12, sides may differ), the views
# (20 to 400) and a shape: a planted regression in one view (--slow, factor 1.3 to 4), noise
# only, coarse values that tie (--ties), a view missing from the head runs (--missing), or a
# hitch and hang regression (--hitch-factor); and a --min-change (the default, one part alone,
# or none at all). Both sides read the same traces with the same
# --fail-on rules (over every view, over one named view, and on frames, hitches and hangs).
# Compared: per view and figure, and for frames, hitches and hangs, verdict, baseMedian and
# headMedian exactly, p and q within 1e-9; every rule's verdict; the exit code (with fewer
# than 4 runs a side: no verdicts on either side).
# Exit status: 0 when everything matches, 1 on any mismatch, 2 on a setup error.
set -u

here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
tracecli="${TRACECLI:-$root/.build/debug/tracecli}"
python="${PYTHON:-python3}"
sets="${1:-24}"

if [[ ! -x "$tracecli" ]]; then
  echo "crosscheck-verdicts: no tracecli binary at $tracecli (swift build first, or set TRACECLI)" >&2
  exit 2
fi
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

mismatches=0
for ((set = 1; set <= sets; set++)); do
  read -r base_runs head_runs views shape slow factor minimum < <("$python" - "$set" <<'PY'
import random, sys
r = random.Random(int(sys.argv[1]) * 7919)
runs = r.choice([3, 4, 4, 5, 6, 8, 10, 12])
head = runs if r.random() < 0.8 else r.choice([4, 5, 7])
views = r.choice([20, 50, 120, 400])
shape = r.choice(["slow", "slow", "noise", "ties", "missing", "hitches"])
minimum = r.choice(["5%,50us", "5%,50us", "10%", "2%,10us", "0%,0ns", "200us"])
print(runs, head, views, shape, r.randrange(views), round(r.uniform(1.3, 4.0), 2), minimum)
PY
)
  dir="$tmp/set$set"
  mkdir -p "$dir"
  base=() head=()
  for ((run = 1; run <= base_runs; run++)); do
    flags=(--seed $((set * 1000 + run)) --views "$views" --hitches --hangs)
    [[ $shape == ties ]] && flags+=(--ties)
    "$python" "$here/runs_trace.py" "${flags[@]}" >"$dir/b$run.jsonl" || exit 2
    base+=("$dir/b$run.jsonl")
  done
  for ((run = 1; run <= head_runs; run++)); do
    flags=(--seed $((set * 1000 + 500 + run)) --views "$views" --hitches --hangs)
    case $shape in
      slow) flags+=(--slow "$slow" --factor "$factor") ;;
      ties) flags+=(--ties --slow "$slow" --factor 3) ;;
      missing) flags+=(--missing "$slow") ;;
      hitches) flags+=(--hitch-factor "$factor") ;;
    esac
    "$python" "$here/runs_trace.py" "${flags[@]}" >"$dir/h$run.jsonl" || exit 2
    head+=("$dir/h$run.jsonl")
  done
  name=$(printf 'View%04d' "$slow")
  rules=(--fail-on "total>10%,red>0,missed>0" --fail-on "$name:p95>5%,hitches>0,hangs>0,longestHang>+1ms"
    --min-change "$minimum")
  "$python" "$here/verdicts.py" "${base[@]}" --vs "${head[@]}" "${rules[@]}" >"$dir/ref.json" || {
    echo "set $set: verdicts.py failed" >&2
    exit 2
  }
  "$tracecli" diff "${base[@]}" --vs "${head[@]}" "${rules[@]}" --format json >"$dir/ours.json"
  status=$?
  if ! "$python" - "$dir/ref.json" "$dir/ours.json" "$status" "$set $base_runs:$head_runs runs, $views views, $shape" <<'PY'; then
import json, sys
ref = json.load(open(sys.argv[1]))
ours = json.load(open(sys.argv[2]))
status = int(sys.argv[3])
label = sys.argv[4]
problems = []
def compare(where, r, o):
    if (r is None) != (o is None):
        problems.append(f"{where}: verdicts {'missing' if o is None else 'unexpected'} in tracecli")
        return
    if r is None:
        return
    for figure, expected in r.items():
        got = o.get(figure)
        if got is None:
            problems.append(f"{where}.{figure}: missing in tracecli")
            continue
        for key in ("verdict", "baseMedian", "headMedian"):
            if expected[key] != got[key]:
                problems.append(f"{where}.{figure}.{key}: reference {expected[key]}, tracecli {got[key]}")
        for key in ("p", "q"):
            if abs(expected[key] - got[key]) > 1e-9:
                problems.append(f"{where}.{figure}.{key}: reference {expected[key]!r}, tracecli {got[key]!r}")
views = {(v["module"], v["kind"], v["name"]): v for v in ours["views"]}
for view in ref["views"]:
    key = (view["module"], view["kind"], view["name"])
    if key not in views:
        problems.append(f"view {key}: missing in tracecli")
        continue
    compare("/".join(key), view.get("verdicts"), views[key].get("verdicts"))
for section in ("frames", "hitches", "hangs"):
    compare(section, ref[section].get("verdicts"), ours[section].get("verdicts"))
if ref["verdicts"]:
    rules = {r["rule"]: r["verdict"] for r in ours["rules"]}
    for rule in ref["rules"]:
        if rules.get(rule["rule"]) != rule["verdict"]:
            problems.append(f"rule {rule['rule']}: reference {rule['verdict']}, tracecli {rules.get(rule['rule'])}")
    if ref["exit"] != status:
        problems.append(f"exit: reference {ref['exit']}, tracecli {status}")
for problem in problems[:10]:
    print(f"set {label}: {problem}")
sys.exit(1 if problems else 0)
PY
    mismatches=$((mismatches + 1))
  fi
done
echo "crosscheck-verdicts: $sets sets, $mismatches with mismatches"
[[ $mismatches == 0 ]]
