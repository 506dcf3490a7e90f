#!/usr/bin/env bash
# Cross-checks `tracecli summarize --format json` against the reference implementation.
#
#   Scripts/reference/crosscheck.sh                  # every Fixtures/traces/*.jsonl (+ malformed/)
#   Scripts/reference/crosscheck.sh A.jsonl B.jsonl  # the given traces
#   Scripts/reference/crosscheck.sh --random 200 [N] # random_trace.py seeds 1..200, N updates (default 300)
#
# Environment:
#   TRACECLI         the binary to check (default .build/debug/tracecli)
#   CROSSCHECK_ARGS  extra arguments given to both sides, e.g. "--orange 400000 --red 900000"
#                    or "--from 0 --to 50000000"
#   PYTHON           python 3.11+ (default python3)
#
# Valid traces: only the keys of analysis.md "Summary JSON" are compared (updates, views in
# order, frames, thresholds); extra keys on the Swift side are fine. Traces the reference
# rejects: both must exit 65 and name the same line (a column difference is only a note).
# Exit status: 0 when everything matches, 1 on any mismatch.
set -u

here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
tracecli="${TRACECLI:-$root/.build/debug/tracecli}"
python="${PYTHON:-python3}"
read -r -a extra <<<"${CROSSCHECK_ARGS:-}"

if [[ ! -x "$tracecli" ]]; then
  echo "crosscheck: no tracecli binary at $tracecli (swift build first, or set TRACECLI)" >&2
  exit 2
fi

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

files=()
if [[ $# -ge 1 && "$1" == "--random" ]]; then
  count="${2:-100}"
  size="${3:-300}"
  for ((seed = 1; seed <= count; seed++)); do
    "$python" "$here/random_trace.py" "$seed" "$size" >"$tmp/random-$seed.jsonl" || exit 2
    files+=("$tmp/random-$seed.jsonl")
  done
elif [[ $# -ge 1 ]]; then
  files=("$@")
else
  shopt -s nullglob
  files=("$root"/Fixtures/traces/*.jsonl "$root"/Fixtures/traces/malformed/*.jsonl)
fi

compare_py='
import json, sys, difflib
KINDS = ("body", "representable", "other")
UPD = ("count", "orange", "red", "skipped", "unfinished", "totalNs")
VIEW = ("module", "kind", "name", "count", "skipped", "unfinished", "orange", "red",
        "totalNs", "maxNs", "p50Ns", "p95Ns")
FRM = ("budgetNs", "budgetAssumed", "budgetSource", "withUpdates", "grid", "missed",
       "missedByLongUpdate", "missedByAccumulation",
       "worstOverrunNs")
THR = ("orangeNs", "redNs")
def pick(d, keys):
    return {k: d.get(k, "<missing>") for k in keys} if isinstance(d, dict) else "<not an object>"
def project(s):
    u = s.get("updates", {})
    return {
        "updates": {k: pick(u.get(k), UPD) for k in KINDS},
        "views": [pick(v, VIEW) for v in s.get("views", [])],
        "frames": pick(s.get("frames"), FRM),
        "thresholds": pick(s.get("thresholds"), THR),
    }
name, ref_path, got_path = sys.argv[1:4]
try:
    ref = project(json.load(open(ref_path, encoding="utf-8")))
    got = project(json.load(open(got_path, encoding="utf-8")))
except (ValueError, AttributeError) as e:
    print(f"MISMATCH {name}: output is not a summary JSON object ({e})")
    sys.exit(1)
if ref == got:
    sys.exit(0)
a = json.dumps(ref, indent=2, sort_keys=True, ensure_ascii=False).splitlines()
b = json.dumps(got, indent=2, sort_keys=True, ensure_ascii=False).splitlines()
print(f"MISMATCH {name}")
for line in difflib.unified_diff(a, b, "reference", "tracecli", lineterm="", n=2):
    print("  " + line)
sys.exit(1)
'

# The first "FILE:LINE:COL:" location in a stderr text (FILE may contain colons, so match the end).
location() {
  grep -Eo ':[0-9]+:[0-9]+: ' "$1" | head -n 1 | sed -E 's/^:([0-9]+):([0-9]+): $/\1 \2/'
}

checked=0
failed=0
for f in "${files[@]}"; do
  checked=$((checked + 1))
  "$python" "$here/analysis.py" summarize "$f" "${extra[@]}" >"$tmp/ref.json" 2>"$tmp/ref.err"
  ref_rc=$?
  "$tracecli" summarize "$f" --format json "${extra[@]}" >"$tmp/got.json" 2>"$tmp/got.err"
  got_rc=$?
  if [[ $ref_rc -ne 0 ]]; then
    read -r ref_line ref_col <<<"$(location "$tmp/ref.err")"
    read -r got_line got_col <<<"$(location "$tmp/got.err")"
    if [[ $got_rc -ne $ref_rc ]]; then
      echo "MISMATCH $f: exit $got_rc, reference exit $ref_rc ($(head -n 1 "$tmp/ref.err"))"
      failed=$((failed + 1))
    elif [[ "${got_line:-}" != "${ref_line:-}" ]]; then
      echo "MISMATCH $f: error on line ${got_line:-?}, reference line ${ref_line:-?}"
      echo "  reference: $(head -n 1 "$tmp/ref.err")"
      echo "  tracecli:  $(head -n 1 "$tmp/got.err")"
      failed=$((failed + 1))
    elif [[ "${got_col:-}" != "${ref_col:-}" ]]; then
      echo "note $f: column ${got_col:-?}, reference column ${ref_col:-?} (line ${ref_line:-?} agrees)"
    fi
    continue
  fi
  if [[ $got_rc -ne 0 ]]; then
    echo "MISMATCH $f: tracecli exit $got_rc, reference exit 0: $(head -n 1 "$tmp/got.err")"
    failed=$((failed + 1))
    continue
  fi
  if grep -q 'warning' "$tmp/ref.err" && ! [[ -s "$tmp/got.err" ]]; then
    echo "MISMATCH $f: reference warns ($(head -n 1 "$tmp/ref.err")), tracecli is silent"
    failed=$((failed + 1))
  fi
  "$python" -c "$compare_py" "$f" "$tmp/ref.json" "$tmp/got.json" || failed=$((failed + 1))
done

echo "crosscheck: $checked traces, $failed mismatches"
[[ $failed -eq 0 ]]
