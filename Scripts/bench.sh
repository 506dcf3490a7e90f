#!/usr/bin/env bash
# Benchmarks tracecli on synthetic traces against `cat` and DuckDB.
#
#   Scripts/bench.sh [--validate] [N ...]     N = events per trace (default 1000000 10000000;
#                                             1e6, 10e6, 2M, 500k also accepted)
#
# Environment:
#   TRACECLI           tracecli executable (default .build/release/tracecli, built with
#                      `swift build -c release` when missing; a given path is never built)
#   TRACECLI_BENCH_DIR trace cache (default ${TMPDIR:-/tmp}/tracecli-bench); a trace is
#                      generated only when its file is missing
#   BENCH_SEED         generator seed (default 1)      BENCH_RUNS  timed runs (default 3)
#   BENCH_RATIO_RUNS   alternating rounds of every command for the ratios (default 5)
#   BENCH_SHAPES       trace shapes (default "standard many-groups samples"): standard is
#                      gen-trace.c's own (~300 groups, a cause after 7.5 % of updates); many-groups
#                      has a cause per update and ~2 100 (module, kind, name) groups; samples is
#                      standard with a 1 ms main-thread Time Profiler sample, hitches and hangs
#                      (add-samples.py), for `profile` and `hitches` against `summarize`
#
# Prints one markdown table per size plus the machine facts (and writes them to
# $TRACECLI_BENCH_DIR/report.md). See Scripts/bench/README.md.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
bench="$root/Scripts/bench"
cache=${TRACECLI_BENCH_DIR:-${TMPDIR:-/tmp}/tracecli-bench}
seed=${BENCH_SEED:-1}
runs=${BENCH_RUNS:-3}
gen_version=1 # bump when gen-trace.c changes its output, so cached traces are regenerated
samples_version=2 # likewise for add-samples.py (2: with hitches and hangs)

usage() { sed -n '2,19p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; }

validate=0
sizes=()
for arg in "$@"; do
  case "$arg" in
    -h | --help) usage; exit 0 ;;
    --validate) validate=1 ;;
    *)
      n=$(awk -v s="$arg" 'BEGIN {
            m = 1; u = toupper(substr(s, length(s)))
            if (u == "K") m = 1e3; else if (u == "M") m = 1e6
            if (m > 1) s = substr(s, 1, length(s) - 1)
            if (s !~ /^[0-9]+(\.[0-9]+)?([eE][0-9]+)?$/) exit 1
            printf "%.0f", s * m }') || { echo "bench: not an event count: $arg" >&2; exit 64; }
      sizes+=("$n") ;;
  esac
done
[ ${#sizes[@]} -gt 0 ] || sizes=(1000000 10000000)

# MARK: - Tools

command -v cc >/dev/null || { echo "bench: needs a C compiler (cc) for the generator" >&2; exit 69; }
command -v python3 >/dev/null || { echo "bench: needs python3 (DuckDB and the harness)" >&2; exit 69; }

mkdir -p "$root/.build-bench" "$cache"
gen="$root/.build-bench/gen-trace"
if [ ! -x "$gen" ] || [ "$bench/gen-trace.c" -nt "$gen" ]; then
  echo "bench: compiling the generator -> $gen" >&2
  cc -O2 -ffp-contract=off -o "$gen" "$bench/gen-trace.c"
fi

if [ ! -x /usr/bin/time ] && command -v apt-get >/dev/null && [ "$(id -u)" = 0 ]; then
  echo "bench: installing GNU time for peak RSS (apt-get install time)" >&2
  { apt-get install -y -qq time || { apt-get update -qq && apt-get install -y -qq time; }; } >&2 ||
    echo "bench: could not install GNU time; peak RSS will show as —" >&2
fi

if ! python3 -c 'import duckdb' 2>/dev/null; then
  echo "bench: installing DuckDB for Python (pip install duckdb)" >&2
  python3 -m pip install --quiet duckdb
fi

if [ -z "${TRACECLI:-}" ]; then
  tracecli="$root/.build/release/tracecli"
  if [ ! -x "$tracecli" ]; then
    echo "bench: building tracecli (swift build -c release)" >&2
    swift=$(command -v swift || echo /opt/swift/usr/bin/swift)
    if ! (cd "$root" && "$swift" build -c release --product tracecli >&2); then
      echo "bench: tracecli did not build; its rows will be skipped" >&2
    fi
  fi
else
  tracecli=$TRACECLI
fi
if [ ! -x "$tracecli" ]; then
  echo "bench: no tracecli executable at $tracecli; benchmarking cat and DuckDB only" >&2
fi

# MARK: - Traces

files=()
for n in "${sizes[@]}"; do
for shape in ${BENCH_SHAPES:-standard many-groups samples}; do
  case "$shape" in
    standard) file="$cache/trace-v$gen_version-s$seed-$n.jsonl"; shape_arg= ;;
    many-groups) file="$cache/trace-v$gen_version-s$seed-$n-many-groups.jsonl"; shape_arg=many-groups ;;
    samples) file="$cache/trace-v$gen_version-s$seed-$n-samples$samples_version.jsonl"; shape_arg= ;;
    *) echo "bench: unknown shape $shape (standard, many-groups, samples)" >&2; exit 64 ;;
  esac
  if [ ! -s "$file" ] && [ "$shape" = samples ]; then
    standard="$cache/trace-v$gen_version-s$seed-$n.jsonl"
    [ -s "$standard" ] || "$gen" "$n" "$standard" "$seed"
    echo "bench: generating $file (the standard trace, a 1 ms main-thread sample, hitches and hangs)" >&2
    python3 "$bench/add-samples.py" "$standard" "$file.tmp" "$seed" && mv "$file.tmp" "$file"
  elif [ ! -s "$file" ]; then
    echo "bench: generating $file" >&2
    "$gen" "$n" "$file" "$seed" $shape_arg
  fi
  if [ "$validate" = 1 ]; then
    python3 "$bench/validate-trace.py" "$file" >&2
  fi
  files+=("$file")
done
done

# MARK: - Timing

exec python3 "$bench/harness.py" --tracecli "$tracecli" --runs "$runs" --warmup 1 \
  --ratio-runs "${BENCH_RATIO_RUNS:-5}" \
  --workdir "$cache" --report "$cache/report.md" "${files[@]}"
