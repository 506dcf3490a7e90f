#!/usr/bin/env bash
# Cross-checks `tracecli profile` against the reference implementation (samples.py).
#
#   Scripts/reference/crosscheck-profile.sh                  # every Fixtures/traces/*.jsonl (+ malformed/)
#   Scripts/reference/crosscheck-profile.sh A.jsonl B.jsonl  # the given traces
#   Scripts/reference/crosscheck-profile.sh --random 100 [N] # sample_trace.py seeds 1..100, N updates (default 60)
#
# Environment:
#   TRACECLI      the binary to check (default .build/debug/tracecli)
#   PROFILE_ARGS  extra arguments given to both sides, e.g. "--from 0 --to 50000000"
#   PYTHON        python 3.11+ (default python3)
#
# Per trace:
#   * `profile TRACE --format json`: the keys of analysis.md "Profile and hitches JSON" (nodes in
#     order with node, samples, sampledNs, updateNs, coverage, verdict, hotAppFrames, frames;
#     samples, outsideUpdatesSamples, outsideUpdatesNs) are compared after parsing; extra keys on
#     the tracecli side are fine; numbers that are floats on either side agree within 1e-9
#     (relative or absolute), everything else exactly.
#   * `profile TRACE --format folded`: the text, byte for byte.
#   * for every node label of the whole-trace list, and for up to 3 update nodes without samples:
#     `--view LABEL --format json` (compared as above) and `--view LABEL --format folded` (exact).
#     A label the reference finds ambiguous (exit 64) must exit 64 in tracecli too.
#   * Traces the reference rejects: both must exit 65 and name the same line (a column
#     difference is only a note).
# stderr (warnings about undefined symbols, notes) is not compared.
# Exit status: 0 when everything matches, 1 on any mismatch, 2 on a setup error.
set -u

here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
tracecli="${TRACECLI:-$root/.build/debug/tracecli}"
python="${PYTHON:-python3}"
read -r -a extra <<<"${PROFILE_ARGS:-}"

if [[ ! -x "$tracecli" ]]; then
  echo "crosscheck-profile: no tracecli binary at $tracecli (swift build first, or set TRACECLI)" >&2
  exit 2
fi
if ! "$python" "$here/samples.py" --self-test >/dev/null; then
  echo "crosscheck-profile: the reference's own self-test fails ($python $here/samples.py --self-test)" >&2
  exit 2
fi

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

files=()
if [[ $# -ge 1 && "$1" == "--random" ]]; then
  count="${2:-50}"
  size="${3:-60}"
  for ((seed = 1; seed <= count; seed++)); do
    if ! "$python" "$here/sample_trace.py" "$seed" "$size" >"$tmp/sample-$seed.jsonl"; then
      echo "crosscheck-profile: sample_trace.py $seed $size failed" >&2
      exit 2
    fi
    files+=("$tmp/sample-$seed.jsonl")
  done
elif [[ $# -ge 1 ]]; then
  files=("$@")
else
  shopt -s nullglob
  files=("$root"/Fixtures/traces/*.jsonl "$root"/Fixtures/traces/malformed/*.jsonl)
fi
if [[ ${#files[@]} -eq 0 ]]; then
  echo "crosscheck-profile: no traces to check" >&2
  exit 2
fi
for f in "${files[@]}"; do
  if [[ ! -r "$f" ]]; then
    echo "crosscheck-profile: cannot read $f" >&2
    exit 2
  fi
done

# compare_py NAME REF GOT: parsed comparison of two profile JSON outputs (whole or one node).
compare_py='
import json, math, sys, difflib
NODE = ("node", "samples", "sampledNs", "updateNs", "coverage", "verdict", "hotAppFrames", "frames")
HOT = ("name", "ns")
FRAME = ("name", "binary", "selfNs", "totalNs")
WHOLE = ("nodes", "samples", "outsideUpdatesSamples", "outsideUpdatesNs")
MISSING = "<missing>"
def pick(d, keys):
    return {k: d.get(k, MISSING) for k in keys} if isinstance(d, dict) else "<not an object>"
def items(v, keys):
    return [pick(x, keys) for x in v] if isinstance(v, list) else v
def node(n):
    p = pick(n, NODE)
    if isinstance(p, dict):
        p["hotAppFrames"] = items(p["hotAppFrames"], HOT)
        p["frames"] = items(p["frames"], FRAME)
    return p
def project(d, whole):
    if not whole:
        return node(d)
    p = pick(d, WHOLE)
    if isinstance(p, dict) and isinstance(p["nodes"], list):
        p["nodes"] = [node(n) for n in p["nodes"]]
    return p
def same(a, b):
    if isinstance(a, bool) or isinstance(b, bool) or a is None or b is None:
        return type(a) is type(b) and a == b
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        if isinstance(a, float) or isinstance(b, float):
            return math.isclose(a, b, rel_tol=1e-9, abs_tol=1e-9)
        return a == b
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    return type(a) is type(b) and a == b
name, ref_path, got_path, shape = sys.argv[1:5]
whole = shape == "whole"
try:
    ref = project(json.load(open(ref_path, encoding="utf-8")), whole)
except ValueError as e:
    print(f"MISMATCH {name}: the reference output is not JSON ({e})")
    sys.exit(1)
try:
    got = project(json.load(open(got_path, encoding="utf-8")), whole)
except ValueError as e:
    print(f"MISMATCH {name}: tracecli output is not JSON ({e})")
    sys.exit(1)
if same(ref, got):
    sys.exit(0)
a = json.dumps(ref, indent=2, ensure_ascii=False).splitlines()
b = json.dumps(got, indent=2, ensure_ascii=False).splitlines()
print(f"MISMATCH {name}")
for line in difflib.unified_diff(a, b, "reference", "tracecli", lineterm="", n=3):
    print("  " + line)
sys.exit(1)
'

# views_py HERE TRACE REF_JSON OUTDIR [PROFILE_ARGS...]: the labels to ask --view for (every label
# of the whole-trace list once, then up to 3 labels of update nodes without samples), printed
# NUL-separated; for label number K the reference's `--view LABEL --format json|folded` output,
# stderr and exit code go to OUTDIR/K.{json,folded}.{out,err,rc}. One python process runs
# profile.main for every label (the same code path as the command line, without a start-up each).
views_py='
import io, json, os, sys
here, trace_path, ref_json, outdir = sys.argv[1:5]
extra = sys.argv[5:]
sys.path.insert(0, here)
import analysis as ref
import samples as profile
whole = json.load(open(ref_json, encoding="utf-8"))
labels = []
for n in whole.get("nodes", []):
    if n["node"] not in labels:
        labels.append(n["node"])
trace = ref.read_trace(open(trace_path, "rb").read())
quiet = sorted({ref.node_label(ref.update_node_key(u)) for u in trace.updates} - set(labels))
labels += quiet[:3]
for k, label in enumerate(labels):
    for fmt in ("json", "folded"):
        buf, err = io.BytesIO(), io.StringIO()
        out = io.TextIOWrapper(buf, encoding="utf-8")
        saved = sys.stdout, sys.stderr
        sys.stdout, sys.stderr = out, err
        try:
            rc = profile.main([trace_path, "--view", label, "--format", fmt] + extra)
        finally:
            out.flush()
            sys.stdout, sys.stderr = saved
        base = os.path.join(outdir, f"{k}.{fmt}")
        open(base + ".out", "wb").write(buf.getvalue())
        open(base + ".err", "w", encoding="utf-8").write(err.getvalue())
        open(base + ".rc", "w").write(f"{rc}\n")
sys.stdout.write("".join(label + "\0" for label in labels))
'

# The first line of a stderr text that is not a warning (else its first line).
message() {
  { grep -v 'warning:' "$1" || true; cat "$1"; } | head -n 1
}

# The first "FILE:LINE:COL:" location in a stderr text (FILE may contain colons, so match the end).
location() {
  grep -Eo ':[0-9]+:[0-9]+: ' "$1" | head -n 1 | sed -E 's/^:([0-9]+):([0-9]+): $/\1 \2/'
}

# run_pair NAME ARGS...: runs both sides with ARGS (+ PROFILE_ARGS); sets ref_rc and got_rc,
# outputs in $tmp/ref.out and $tmp/got.out.
run_pair() {
  "$python" "$here/samples.py" "$@" "${extra[@]}" >"$tmp/ref.out" 2>"$tmp/ref.err" </dev/null
  ref_rc=$?
  "$tracecli" profile "$@" "${extra[@]}" >"$tmp/got.out" 2>"$tmp/got.err" </dev/null
  got_rc=$?
}

# check_text NAME: exact comparison of the two outputs, with a diff.
check_text() {
  if ! cmp -s "$tmp/ref.out" "$tmp/got.out"; then
    echo "MISMATCH $1"
    diff -u --label reference --label tracecli "$tmp/ref.out" "$tmp/got.out" | head -n 60 | sed 's/^/  /'
    return 1
  fi
}

# check_json NAME SHAPE: parsed comparison (SHAPE whole or node).
check_json() {
  "$python" -c "$compare_py" "$1" "$tmp/ref.out" "$tmp/got.out" "$2"
}

# check_run NAME KIND SHAPE: exit codes, then the output (KIND json or folded).
check_run() {
  if [[ $got_rc -ne $ref_rc ]]; then
    echo "MISMATCH $1: tracecli exit $got_rc, reference exit $ref_rc"
    echo "  reference: $(message "$tmp/ref.err")"
    echo "  tracecli:  $(message "$tmp/got.err")"
    return 1
  fi
  [[ $ref_rc -ne 0 ]] && return 0
  if [[ "$2" == "json" ]]; then
    check_json "$1" "$3"
  else
    check_text "$1"
  fi
}

checked=0
failed=0
for f in "${files[@]}"; do
  checked=$((checked + 1))
  mismatches=0

  run_pair "$f" --format json
  if [[ $ref_rc -ne 0 ]]; then
    if [[ $ref_rc -ne 65 ]]; then
      echo "crosscheck-profile: the reference fails on $f (exit $ref_rc): $(message "$tmp/ref.err")" >&2
      exit 2
    fi
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
  cp "$tmp/ref.out" "$tmp/whole.json"
  check_run "$f (json)" json whole || mismatches=$((mismatches + 1))

  run_pair "$f" --format folded
  check_run "$f (folded)" folded || mismatches=$((mismatches + 1))

  labels=()
  rm -rf "$tmp/views" && mkdir "$tmp/views"
  if ! "$python" -c "$views_py" "$here" "$f" "$tmp/whole.json" "$tmp/views" "${extra[@]}" >"$tmp/labels"; then
    echo "crosscheck-profile: the reference cannot list the nodes of $f" >&2
    exit 2
  fi
  mapfile -d '' -t labels <"$tmp/labels"
  for k in "${!labels[@]}"; do
    label="${labels[$k]}"
    shown="${label//$'\n'/\\n}"
    for format in json folded; do
      if [[ ! -r "$tmp/views/$k.$format.rc" ]]; then
        echo "crosscheck-profile: the reference wrote no --view output for '$shown' in $f" >&2
        exit 2
      fi
      cp "$tmp/views/$k.$format.out" "$tmp/ref.out"
      cp "$tmp/views/$k.$format.err" "$tmp/ref.err"
      ref_rc="$(cat "$tmp/views/$k.$format.rc")"
      if [[ $ref_rc -ne 0 && $ref_rc -ne 1 && $ref_rc -ne 64 ]]; then
        echo "crosscheck-profile: the reference fails on $f --view '$shown' (exit $ref_rc): $(message "$tmp/ref.err")" >&2
        exit 2
      fi
      "$tracecli" profile "$f" --view "$label" --format "$format" "${extra[@]}" >"$tmp/got.out" 2>"$tmp/got.err" </dev/null
      got_rc=$?
      check_run "$f --view '$shown' ($format)" "$format" node || mismatches=$((mismatches + 1))
    done
  done
  [[ $mismatches -gt 0 ]] && failed=$((failed + 1))
done

echo "crosscheck-profile: $checked traces, $failed with mismatches"
[[ $failed -eq 0 ]]
