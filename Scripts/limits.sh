#!/usr/bin/env bash
# Checks tracecli's stated limits on inputs made on the fly (nothing is committed): each must
# work within the memory the README states or stop with exit 65 naming the limit, never meet
# the out-of-memory killer.
#
#   Scripts/limits.sh            all four cases
#   Scripts/limits.sh CASE...    some of: long-line many-views many-ids deep-nesting
#
# Uses the release binary (TRACECLI, default .build/release/tracecli, built when missing),
# python3 for the inputs and GNU time for peak memory. Prints one line per case: exit status,
# wall time, peak RSS, and the first line tracecli wrote to standard error.
set -uo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
tracecli=${TRACECLI:-$root/.build/release/tracecli}
if [ ! -x "$tracecli" ]; then
  (cd "$root" && swift build -c release --product tracecli >&2) || exit 1
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cases=("$@")
[ ${#cases[@]} -gt 0 ] || cases=(long-line many-views many-ids deep-nesting)

make_input() {
  python3 - "$1" "$2" <<'PY'
import sys
case, path = sys.argv[1], sys.argv[2]
with open(path, "w") as out:
    out.write('{"type":"trace","version":1,"refreshRate":120,"start":0}\n')
    if case == "long-line":
        # One update line of 1 GB: an unknown key holding a 1 GB string.
        out.write('{"type":"update","id":1,"kind":"body","view":"A","start":0,"duration":10,"note":"')
        chunk = "x" * (1 << 20)
        for _ in range(1024):
            out.write(chunk)
        out.write('"}\n')
    elif case == "many-views":
        for i in range(1_000_000):
            out.write('{"type":"update","id":%d,"kind":"body","view":"View%d","start":%d,"duration":1000}\n' % (i, i, i * 1000))
    elif case == "many-ids":
        for i in range(10_000_000):
            if i % 2 == 0:
                out.write('{"type":"update","id":%d,"kind":"body","view":"V%d","start":%d,"duration":1000}\n' % (i, i % 50, i * 100))
            else:
                out.write('{"type":"cause","from":%d,"to":%d}\n' % (i - 1, i + 1))
    elif case == "deep-nesting":
        depth = 1_000_000
        out.write('{"type":"update","id":1,"kind":"body","view":"A","start":0,"duration":10,"x":' + "[" * depth + "]" * depth + "}\n")
PY
}

for case in "${cases[@]}"; do
  input="$work/$case.jsonl"
  make_input "$case" "$input"
  size=$(du -h "$input" | cut -f1)
  /usr/bin/time -f "%e %M" -o "$work/time" "$tracecli" diagnose "$input" --format json >/dev/null 2>"$work/err"
  status=$?
  read -r wall rss < <(tail -1 "$work/time")
  printf '%-13s %6s input: exit %d, %s s, peak RSS %d MB; %s\n' "$case" "$size" "$status" "$wall" \
    $((rss / 1024)) "$(head -c 160 "$work/err" | head -1)"
  rm -f "$input"
done
