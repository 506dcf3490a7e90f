#!/usr/bin/env bash
# Cross-checks `tracecli hitches` and the hitch/hang gates of `tracecli check` against the
# reference implementation (hitches.py).
#
#   Scripts/reference/crosscheck-hitches.sh                  # every Fixtures/traces/*.jsonl
#   Scripts/reference/crosscheck-hitches.sh A.jsonl B.jsonl  # the given traces
#   Scripts/reference/crosscheck-hitches.sh --random 50      # hitch_trace.py seeds 1..50, each as
#                                                            # generated and with --no-samples
#
# Environment:
#   TRACECLI      the binary to check (default .build/debug/tracecli)
#   HITCHES_ARGS  extra arguments given to both sides and to check, e.g. "--from 0 --to 2000000000"
#                 (with a range, tracecli names the range's findings while hitches.py names the
#                 whole trace's, so `findings` may differ where a rule fires only outside it)
#   PYTHON        python 3.11+ (default python3)
#
# Per trace:
#   * `hitches TRACE --format json`: the `events` lists are compared in order, key by key, on the
#     keys of analysis.md "Profile and hitches JSON" (kind, start, duration, verdict, updateNs,
#     otherNs, explainedBy, findings) and `why`; other keys on either side are ignored. The first
#     difference is printed with both events (the reference's with its window).
#   * `check TRACE --allow-empty --format json` with one gate at a time, at the reference's figure
#     and just below it (figure - 1, when the figure is >= 1), then all three at their figures:
#     --max-hitches K (hitches.count), --max-hitch-time Dns (hitches.totalNs, the summed duration),
#     --max-hang Dns (hangs.longestNs). Expected exit: 0 within (and "passed": true), 1 over
#     ("passed": false), 65 when a gated thing is not recorded (figures.recorded), whatever the
#     limit. --allow-empty keeps "no updates" (also 65) apart from "cannot judge".
# A tracecli without the `hitches` command (or without the check options) is reported once; the
# reference still runs on every trace, and the script exits 2.
# Exit status: 0 when everything matches, 1 on any mismatch, 2 on a setup error or a missing command.
set -u

here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
tracecli="${TRACECLI:-$root/.build/debug/tracecli}"
python="${PYTHON:-python3}"
read -r -a extra <<<"${HITCHES_ARGS:-}"

if [[ ! -x "$tracecli" ]]; then
  echo "crosscheck-hitches: no tracecli binary at $tracecli (swift build first, or set TRACECLI)" >&2
  exit 2
fi
if ! "$python" "$here/hitches.py" --self-test >/dev/null; then
  echo "crosscheck-hitches: the reference's own self-test fails ($python $here/hitches.py --self-test)" >&2
  exit 2
fi

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

files=()
if [[ $# -ge 1 && "$1" == "--random" ]]; then
  count="${2:-50}"
  for ((seed = 1; seed <= count; seed++)); do
    for variant in "" --no-samples; do
      out="$tmp/hitch-$seed${variant:+-nosamples}.jsonl"
      if ! "$python" "$here/hitch_trace.py" "$seed" $variant >"$out"; then
        echo "crosscheck-hitches: hitch_trace.py $seed $variant failed" >&2
        exit 2
      fi
      files+=("$out")
    done
  done
elif [[ $# -ge 1 ]]; then
  files=("$@")
else
  shopt -s nullglob
  files=("$root"/Fixtures/traces/*.jsonl)
fi
if [[ ${#files[@]} -eq 0 ]]; then
  echo "crosscheck-hitches: no traces to check" >&2
  exit 2
fi

# Does this tracecli have the command and the options? (64 and "unknown ..." when not.)
"$tracecli" hitches "${files[0]}" --format json >/dev/null 2>"$tmp/probe.err" </dev/null
if [[ $? -eq 64 ]] && grep -qi "unknown command" "$tmp/probe.err"; then
  have_hitches=0
  echo "crosscheck-hitches: $tracecli has no 'hitches' command ($(head -n 1 "$tmp/probe.err")); not compared" >&2
else
  have_hitches=1
fi
"$tracecli" check "${files[0]}" --max-hitches 1000000 --max-hitch-time 1ns --max-hang 1ns --allow-empty \
  --format json >/dev/null 2>"$tmp/probe.err" </dev/null
if [[ $? -eq 64 ]] && grep -qi "unknown option" "$tmp/probe.err"; then
  have_gates=0
  echo "crosscheck-hitches: $tracecli check lacks the hitch/hang gates ($(head -n 1 "$tmp/probe.err")); not compared" >&2
else
  have_gates=1
fi

# compare_py NAME REF GOT: the events lists, key by key; prints the first difference.
compare_py='
import json, sys
KEYS = ("kind", "start", "duration", "verdict", "updateNs", "otherNs", "explainedBy", "findings", "why")
MISSING = "<missing>"
name, ref_path, got_path = sys.argv[1:4]
ref = json.load(open(ref_path, encoding="utf-8"))["events"]
try:
    got = json.load(open(got_path, encoding="utf-8"))
    got = got["events"] if isinstance(got, dict) else None
except ValueError as e:
    print(f"MISMATCH {name}: tracecli output is not JSON ({e})")
    sys.exit(1)
if not isinstance(got, list):
    print(f"MISMATCH {name}: tracecli output has no \"events\" list")
    sys.exit(1)
def show(e):
    return json.dumps(e, ensure_ascii=False) if e is not None else "(none)"
def same(a, b):
    return type(a) is type(b) and a == b
for i in range(max(len(ref), len(got))):
    r = ref[i] if i < len(ref) else None
    g = got[i] if i < len(got) else None
    if r is None or not isinstance(g, dict):
        print(f"MISMATCH {name}: {len(got)} events, reference {len(ref)}; first difference at events[{i}]")
    else:
        diffs = [k for k in KEYS if not same(r[k], g.get(k, MISSING))]
        if not diffs:
            continue
        k, also = diffs[0], ", ".join(diffs[1:])
        print(f"MISMATCH {name}: events[{i}].{k}: tracecli {show(g.get(k, MISSING))}, reference {show(r[k])}"
              + (f" (also {also})" if also else ""))
    print(f"  reference: {show(r)}")
    print(f"  tracecli:  {show(g)}")
    sys.exit(1)
'

# gates_py REF: one line per check run, "EXPECTED<TAB>OPTIONS...", from the reference's figures.
gates_py='
import json, sys
fig = json.load(open(sys.argv[1], encoding="utf-8"))["figures"]
gates = [("--max-hitches", "hitches", fig["hitches"]["count"], ""),
         ("--max-hitch-time", "hitches", fig["hitches"]["totalNs"], "ns"),
         ("--max-hang", "hangs", fig["hangs"]["longestNs"], "ns")]
for option, what, value, unit in gates:
    if not fig["recorded"][what]:
        print(f"65\t{option} {value}{unit}")
        continue
    print(f"0\t{option} {value}{unit}")
    if value >= 1:
        print(f"1\t{option} {value - 1}{unit}")
every = " ".join(f"{option} {value}{unit}" for option, _, value, unit in gates)
print(("0" if all(fig["recorded"].values()) else "65") + "\t" + every)
'

# check_gates NAME TRACE: runs check per line of gates_py; returns 1 on the first mismatch.
check_gates() {
  local expected options got_rc
  while IFS=$'\t' read -r expected options; do
    read -r -a opts <<<"$options"
    "$tracecli" check "$2" "${opts[@]}" --allow-empty --format json "${extra[@]}" \
      >"$tmp/check.out" 2>"$tmp/check.err" </dev/null
    got_rc=$?
    if [[ $got_rc -ne $expected ]]; then
      echo "MISMATCH $1: check $options: exit $got_rc, expected $expected"
      echo "  tracecli: $(head -n 1 "$tmp/check.err")"
      return 1
    fi
    if [[ $expected -le 1 ]]; then
      want=$([[ $expected -eq 0 ]] && echo true || echo false)
      passed="$("$python" -c 'import json,sys; print(json.dumps(json.load(open(sys.argv[1])).get("passed")))' \
        "$tmp/check.out" 2>/dev/null)"
      if [[ "$passed" != "$want" ]]; then
        echo "MISMATCH $1: check $options: \"passed\": ${passed:-<no JSON>}, expected $want (exit $got_rc)"
        return 1
      fi
    fi
  done <"$tmp/gates"
}

checked=0
failed=0
for f in "${files[@]}"; do
  checked=$((checked + 1))
  if ! "$python" "$here/hitches.py" "$f" "${extra[@]}" >"$tmp/ref.json" 2>"$tmp/ref.err" </dev/null; then
    echo "crosscheck-hitches: the reference fails on $f: $(head -n 1 "$tmp/ref.err")" >&2
    exit 2
  fi
  mismatches=0
  if [[ $have_hitches -eq 1 ]]; then
    "$tracecli" hitches "$f" --format json "${extra[@]}" >"$tmp/got.json" 2>"$tmp/got.err" </dev/null
    got_rc=$?
    if [[ $got_rc -ne 0 ]]; then
      echo "MISMATCH $f: tracecli hitches exit $got_rc, reference exit 0: $(head -n 1 "$tmp/got.err")"
      mismatches=1
    else
      "$python" -c "$compare_py" "$f" "$tmp/ref.json" "$tmp/got.json" || mismatches=1
    fi
  fi
  if [[ $have_gates -eq 1 ]]; then
    "$python" -c "$gates_py" "$tmp/ref.json" >"$tmp/gates" || exit 2
    check_gates "$f" "$f" || mismatches=1
  fi
  [[ $mismatches -gt 0 ]] && failed=$((failed + 1))
done

if [[ $have_hitches -eq 0 || $have_gates -eq 0 ]]; then
  missing=$([[ $have_hitches -eq 0 ]] && echo "the hitches command")
  [[ $have_gates -eq 0 ]] && missing="${missing:+$missing and }check's hitch/hang gates"
  echo "crosscheck-hitches: $checked traces (the reference ran on each), $failed with mismatches; not compared: $missing (missing in $tracecli)"
  exit 2
fi
echo "crosscheck-hitches: $checked traces, $failed with mismatches"
[[ $failed -eq 0 ]]
