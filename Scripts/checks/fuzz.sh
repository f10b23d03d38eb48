#!/usr/bin/env bash
# Fuzzes Locomotion's readers with libFuzzer + AddressSanitizer, one target per reader.
#
#   Scripts/checks/fuzz.sh [SECONDS_PER_TARGET] [TARGET...]      (default: 150 s each, every target)
#
# Builds the Fuzz/ package (release, -sanitize=fuzzer,address), seeds each target's working corpus
# from the small valid files in Fuzz/Corpus/<Target>/, runs it in one process for the given time
# and prints, per target: executions, corpus size, coverage, and any crash / leak / timeout / OOM
# input found. Working corpora and findings go to $FUZZ_WORK (default /tmp/locomotion-fuzz), never
# into the repository. Exit status: 0 when every target ran clean, 1 when anything was found.
#
# A finding is a crash (trap, sanitizer report, broken invariant), an input that takes more than
# 10 s (a hang), or one that needs more than 2 GB. Reproduce one with
#   Fuzz/.build/release/<Target> <file>
# and turn it into a regression test (Tests/LocomotionIOTests/Reliability/).
set -euo pipefail

root="$(cd "$(dirname "$0")/../.." && pwd)"
seconds="${1:-150}"
shift || true
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
    targets=()
    for dir in "$root"/Fuzz/Sources/Fuzz*; do
        name="$(basename "$dir")"
        [ "$name" = FuzzSupport ] || targets+=("$name")
    done
fi
work="${FUZZ_WORK:-/tmp/locomotion-fuzz}"

echo "building fuzz targets (release, -sanitize=fuzzer,address)…" >&2
mkdir -p "$work"
# SwiftPM keeps the build description of the path dependency (the root package) and does not see
# source files added to it since; dropping the description makes it rescan (objects stay cached).
rm -f "$root/Fuzz/.build/release.yaml"
(cd "$root/Fuzz" && swift build -c release -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library \
    > "$work/build.log" 2>&1) || { grep -v "Cannot export local symbol" "$work/build.log" >&2; exit 2; }

# Large reader buffers (1 MiB per reader) make ASan's quarantine the bottleneck (≈4x fewer
# executions), so it is off: overflows, leaks and traps are still caught; use-after-free of a
# freed block is not (set ASAN_OPTIONS to override).
export ASAN_OPTIONS="${ASAN_OPTIONS:-quarantine_size_mb=0:detect_leaks=1}"
# Leaks in third-party code (listed, with the reason, in the file) are not findings.
export LSAN_OPTIONS="${LSAN_OPTIONS:-suppressions=$root/Fuzz/lsan-suppressions.txt:print_suppressions=0}"

status=0
printf '%-22s %8s %10s %12s %9s %s\n' target seconds executions "corpus(n/B)" coverage findings
for target in "${targets[@]}"; do
    binary="$root/Fuzz/.build/release/$target"
    [ -x "$binary" ] || { echo "no fuzz target $target" >&2; status=1; continue; }
    dir="$work/$target"
    mkdir -p "$dir/corpus" "$dir/artifacts"
    cp -n "$root/Fuzz/Corpus/$target/"* "$dir/corpus/" 2>/dev/null || true
    dictionary=()
    case "$target" in
        FuzzTraceReader) dictionary=(-dict="$root/Fuzz/Dictionaries/trace.dict") ;;
        FuzzFixCSVReader) dictionary=(-dict="$root/Fuzz/Dictionaries/fix-csv.dict") ;;
        FuzzGPXReader) dictionary=(-dict="$root/Fuzz/Dictionaries/gpx.dict") ;;
        FuzzNMEAReader) dictionary=(-dict="$root/Fuzz/Dictionaries/nmea.dict") ;;
    esac
    [ ${#dictionary[@]} -gt 0 ] && [ ! -f "${dictionary[0]#-dict=}" ] && dictionary=()
    log="$dir/fuzz.log"
    set +e
    "$binary" "$dir/corpus" "${dictionary[@]}" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
        -max_len=8192 -print_final_stats=1 -artifact_prefix="$dir/artifacts/" >"$log" 2>&1
    code=$?
    set -e
    executions="$(grep -aoE 'stat::number_of_executed_units: *[0-9]+' "$log" | grep -oE '[0-9]+$' || echo '?')"
    coverage="$(grep -aE '#[0-9]+.*(DONE|pulse|NEW|REDUCE)' "$log" | tail -1 | grep -oE 'cov: [0-9]+' | grep -oE '[0-9]+' || echo '?')"
    files="$(find "$dir/corpus" -type f | wc -l)"
    bytes="$(find "$dir/corpus" -type f -printf '%s\n' | awk '{s+=$1} END {print s+0}')"
    findings="$(find "$dir/artifacts" -type f \( -name 'crash-*' -o -name 'leak-*' -o -name 'timeout-*' -o -name 'oom-*' \) | sort)"
    if [ $code -ne 0 ] || [ -n "$findings" ]; then
        status=1
        summary="EXIT $code; $(echo "$findings" | tr '\n' ' ')"
    else
        summary="none"
    fi
    printf '%-22s %8s %10s %12s %9s %s\n' "$target" "$seconds" "$executions" "$files/$bytes" "$coverage" "$summary"
    if [ $code -ne 0 ]; then
        grep -aE 'ERROR|invariant broken|Fatal error|SUMMARY' "$log" | head -5 >&2 || true
        echo "  log: $log" >&2
    fi
done
exit $status
