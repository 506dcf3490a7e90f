#!/usr/bin/env bash
# Fuzzes tracecli's readers with libFuzzer (AddressSanitizer and LeakSanitizer on).
#
#   Scripts/fuzz.sh [SECONDS]     each target runs SECONDS (default 60)
#
# Targets (FuzzTesting/, a package of its own so `swift test` skips it): FuzzJSONLines (a JSON
# Lines trace through `diagnose`: the reader, the summary, the cause graph and every findings
# rule), FuzzJSONLineModes (each line through the object scanner's plain mode, as the reader
# reads it, and through its strict mode alone: both must agree), FuzzXCTrace (an xctrace export
# through `summarize`), FuzzBudget (a budget file through the budget reader and --tighten). Each
# starts from the shipped fixtures and a dictionary of tokens (FuzzTesting/Dictionaries). Prints
# libFuzzer's `Done N runs` per target; exits 1 on a crash, a leak or a hang (a run over 10 s),
# keeping the input in FuzzTesting/FailCases/TARGET/ to become a fixture and a regression test.
set -uo pipefail

seconds=${1:-60}
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
fuzz="$root/FuzzTesting"
swift=$(command -v swift || echo /opt/swift/usr/bin/swift)

echo "fuzz: building the targets (swift build -c release, -sanitize=fuzzer,address)" >&2
if ! (cd "$fuzz" && "$swift" build -c release -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library -Xswiftc -enable-testing >&2); then
  echo "fuzz: the targets did not build" >&2
  exit 1
fi
bin=$(cd "$fuzz" && "$swift" build -c release --show-bin-path)

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
status=0
run() {
  local target=$1 seeds=$2 maxlen=$3
  local corpus="$work/$target" artifacts="$work/$target-artifacts/"
  mkdir -p "$corpus" "$artifacts"
  cp $seeds "$corpus"/ 2>/dev/null
  "$bin/$target" "$corpus" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len="$maxlen" \
    -dict="$fuzz/Dictionaries/$target.dict" -artifact_prefix="$artifacts" -print_final_stats=0 \
    >"$work/$target.log" 2>&1
  local code=$?
  local done_line
  done_line=$(grep -E '^Done [0-9]+ runs' "$work/$target.log" | tail -1)
  if [ "$code" -ne 0 ] || ls "$artifacts" | grep -q .; then
    status=1
    mkdir -p "$fuzz/FailCases/$target"
    cp "$artifacts"* "$fuzz/FailCases/$target/" 2>/dev/null
    echo "$target: FAILED (exit $code); inputs kept in FuzzTesting/FailCases/$target/" >&2
    grep -E 'ERROR|SUMMARY|Fatal|panic|timeout' "$work/$target.log" | head -5 >&2
  else
    echo "$target: ${done_line:-no summary line}"
  fi
}
run FuzzJSONLines "$root/Fixtures/traces/*.jsonl $root/Fixtures/traces/ci/*.jsonl $root/Fixtures/traces/malformed/*" 65536
run FuzzJSONLineModes "$root/Fixtures/traces/*.jsonl $root/Fixtures/traces/ci/*.jsonl $root/Fixtures/traces/malformed/*" 4096
run FuzzXCTrace "$root/Fixtures/xctrace/*.xml $root/Fixtures/xctrace/more/*.xml $root/Fixtures/xctrace/xcode27/*.xml $root/Fixtures/xctrace/time-profile/*.xml $root/Fixtures/xctrace/malformed/*" 65536
run FuzzBudget "$root/Fixtures/budgets/*.json" 8192
exit $status
