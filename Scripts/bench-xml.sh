#!/usr/bin/env bash
# Benchmarks `tracecli import xctrace` on a synthetic `xctrace export` of swiftui-updates against
# Python's stdlib XML reader (xml.etree.ElementTree.iterparse) counting rows.
#
#   Scripts/bench-xml.sh [SIZE ...]     SIZE = export size in bytes (default 1000000000; 250M, 1G,
#                                       500k also accepted)
#
# Environment:
#   TRACECLI            tracecli executable (default .build/release/tracecli, built with
#                       `swift build -c release` when missing; a given path is never built)
#   TRACECLI_BENCH_DIR  export cache (default ${TMPDIR:-/tmp}/tracecli-bench); an export is
#                       generated only when its file is missing
#   BENCH_SEED          generator seed (default 1)     BENCH_RUNS  timed runs (default 3)
#   BENCH_SKIP_PYTHON   set to 1 to skip the (slow) iterparse baseline
#   BENCH_XML_SHAPES    the export shapes (default "standard many-groups"): standard has 300
#                       views over 5 modules; many-groups picks each row's module from 7, the
#                       ~2 100 groups of Scripts/bench.sh's many-groups trace
#
# Both readers run pinned to one core (taskset, when present), page cache warm (one untimed
# run first); tracecli runs once more as shipped, on every CPU it may use (with two or more
# it reads the file a chunk ahead on a second thread; iterparse uses one thread either way).
# Prints, per size: MB/s (10^6 bytes per second of wall time, best of the runs; iterparse:
# best of up to three), CPU seconds, peak RSS (/usr/bin/time -f %M of the warm-up run), the
# ratios, and the ids in the export (the intern table: 8 bytes each). Exit status 1 when
# tracecli's event count differs from iterparse's row count or the generator's.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cache=${TRACECLI_BENCH_DIR:-${TMPDIR:-/tmp}/tracecli-bench}
seed=${BENCH_SEED:-1}
runs=${BENCH_RUNS:-3}
gen_version=1 # bump when gen-xml.c changes its output, so cached exports are regenerated

usage() { sed -n '2,25p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; }

sizes=()
for arg in "$@"; do
  case "$arg" in
    -h | --help) usage; exit 0 ;;
    *)
      n=$(awk -v s="$arg" 'BEGIN {
            m = 1; u = toupper(substr(s, length(s)))
            if (u == "K") m = 1e3; else if (u == "M") m = 1e6; else if (u == "G") m = 1e9
            if (m > 1) s = substr(s, 1, length(s) - 1)
            if (s !~ /^[0-9]+(\.[0-9]+)?([eE][0-9]+)?$/) exit 1
            printf "%.0f", s * m }') || { echo "bench-xml: not a size: $arg" >&2; exit 64; }
      sizes+=("$n") ;;
  esac
done
[ ${#sizes[@]} -gt 0 ] || sizes=(1000000000)

# MARK: - Tools

command -v cc >/dev/null || { echo "bench-xml: needs a C compiler (cc) for the generator" >&2; exit 69; }
command -v python3 >/dev/null || { echo "bench-xml: needs python3" >&2; exit 69; }
[ -x /usr/bin/time ] || { echo "bench-xml: needs GNU time at /usr/bin/time (apt-get install time)" >&2; exit 69; }
pin=()
if command -v taskset >/dev/null; then pin=(taskset -c 0); fi

mkdir -p "$root/.build-bench" "$cache"
gen="$root/.build-bench/gen-xml"
if [ ! -x "$gen" ] || [ "$root/Scripts/bench/gen-xml.c" -nt "$gen" ]; then
  echo "bench-xml: compiling the generator -> $gen" >&2
  cc -O2 -o "$gen" "$root/Scripts/bench/gen-xml.c"
fi

if [ -z "${TRACECLI:-}" ]; then
  tracecli="$root/.build/release/tracecli"
  if [ ! -x "$tracecli" ]; then
    echo "bench-xml: building tracecli (swift build -c release)" >&2
    (cd "$root" && swift build -c release --product tracecli >&2)
  fi
else
  tracecli=$TRACECLI
fi
[ -x "$tracecli" ] || { echo "bench-xml: no tracecli executable at $tracecli" >&2; exit 69; }

iterparse='import sys, xml.etree.ElementTree as ET
rows = 0
for event, element in ET.iterparse(sys.argv[1]):
    if element.tag == "row":
        rows += 1
        element.clear()
print(rows)'

# Runs "$@" with GNU time (pinned unless $unpinned is 1); sets wall, cpu, rss and out (its
# standard output).
unpinned=0
measure() {
  local stats prefix=("${pin[@]}")
  [ "$unpinned" = 1 ] && prefix=()
  stats=$(mktemp)
  out=$(/usr/bin/time -o "$stats" -f "%e %U %S %M" "${prefix[@]}" "$@" 2>/dev/null)
  read -r wall user sys rss < "$stats"
  cpu=$(awk -v u="$user" -v s="$sys" 'BEGIN { printf "%.2f", u + s }')
  rm -f "$stats"
}

# Best wall time of $runs runs (after one warm-up whose RSS is kept); sets best, best_cpu, peak, out.
timed() {
  measure "$@"
  peak=$rss
  best=; best_cpu=
  for _ in $(seq "$runs"); do
    measure "$@"
    if [ -z "$best" ] || awk -v a="$wall" -v b="$best" 'BEGIN { exit !(a < b) }'; then
      best=$wall; best_cpu=$cpu
    fi
  done
}

status=0
for size in "${sizes[@]}"; do
for shape in ${BENCH_XML_SHAPES:-standard many-groups}; do
  case "$shape" in
    standard) file="$cache/updates-v$gen_version-s$seed-$size.xml"; shape_arg= ;;
    many-groups) file="$cache/updates-v$gen_version-s$seed-$size-many-groups.xml"; shape_arg=many-groups ;;
    *) echo "bench-xml: unknown shape $shape (standard, many-groups)" >&2; exit 64 ;;
  esac
  rows_file="$file.rows"
  if [ ! -s "$file" ] || [ ! -s "$rows_file" ]; then
    echo "bench-xml: generating $file" >&2
    "$gen" "$size" "$file" "$seed" $shape_arg > "$rows_file"
  fi
  rows=$(cat "$rows_file")
  bytes=$(wc -c < "$file")
  [ -s "$file.ids" ] || grep -o ' id="' "$file" | wc -l > "$file.ids"
  ids=$(cat "$file.ids")
  mb=$(awk -v b="$bytes" 'BEGIN { printf "%.1f", b / 1e6 }')

  echo "## $mb MB $shape export, $rows rows, $ids ids (intern table ≈ $(awk -v i="$ids" 'BEGIN { printf "%.0f", i * 8 / 1e6 }') MB)"
  echo
  echo "| reader | wall s | CPU s | MB/s | peak RSS MB | rows/events |"
  echo "|---|---:|---:|---:|---:|---:|"
  timed "$tracecli" import xctrace "$file" -o /dev/null
  events=$("$tracecli" import xctrace "$file" -o /dev/null 2>&1 | sed -n 's/.*wrote \([0-9]*\) events.*/\1/p')
  t_best=$best
  echo "| tracecli import xctrace (one core) | $best | $best_cpu | $(awk -v b="$bytes" -v t="$best" 'BEGIN { printf "%.0f", b / 1e6 / t }') | $(awk -v k="$peak" 'BEGIN { printf "%.0f", k / 1024 }') | $events |"
  unpinned=1
  timed "$tracecli" import xctrace "$file" -o /dev/null
  unpinned=0
  s_best=$best
  echo "| tracecli import xctrace (as shipped, $(nproc) CPUs) | $best | $best_cpu | $(awk -v b="$bytes" -v t="$best" 'BEGIN { printf "%.0f", b / 1e6 / t }') | $(awk -v k="$peak" 'BEGIN { printf "%.0f", k / 1024 }') | $events |"
  if [ "$events" != "$rows" ]; then
    echo "bench-xml: tracecli wrote $events events for $rows rows" >&2
    status=1
  fi
  if [ "${BENCH_SKIP_PYTHON:-0}" != 1 ]; then
    # Best of up to three runs (the page cache is warm from tracecli's runs; iterparse takes a
    # while, and its own time varies by a third from run to run on this kind of machine).
    best=; best_cpu=
    for _ in $(seq "$(( runs < 3 ? runs : 3 ))"); do
      measure python3 -c "$iterparse" "$file"
      if [ -z "$best" ] || awk -v a="$wall" -v b="$best" 'BEGIN { exit !(a < b) }'; then
        best=$wall; best_cpu=$cpu
      fi
    done
    wall=$best; cpu=$best_cpu
    echo "| python3 iterparse (rows) | $wall | $cpu | $(awk -v b="$bytes" -v t="$wall" 'BEGIN { printf "%.0f", b / 1e6 / t }') | $(awk -v k="$rss" 'BEGIN { printf "%.0f", k / 1024 }') | $out |"
    echo
    echo "tracecli is $(awk -v p="$best" -v t="$t_best" 'BEGIN { printf "%.1f", p / t }')× faster than iterparse on one core, $(awk -v p="$best" -v t="$s_best" 'BEGIN { printf "%.1f", p / t }')× as shipped."
    if [ "$out" != "$rows" ]; then
      echo "bench-xml: iterparse counted $out rows, the generator wrote $rows" >&2
      status=1
    fi
  fi
  echo
done
done
echo "machine: $(nproc) cores, $(uname -sm), $(grep -m1 'model name' /proc/cpuinfo 2>/dev/null | cut -d: -f2 | sed 's/^ //')"
exit $status
