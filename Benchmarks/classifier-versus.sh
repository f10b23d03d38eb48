#!/usr/bin/env bash
# What a change to the activity classifier costs per input sample (issue 24, cycling: <= 15 ns per sample at 50 Hz):
# the same driver (Benchmarks/Activity/main.swift: the classifier pushed one sample at a time, streaming `lagged`
# as on a phone, and the rule-only and `full` variants) built against this checkout's release build and against a
# baseline release build (e.g. main's), run alternately in the same minutes (paired rounds), and callgrind's
# instructions per input sample of each (load-independent).
# Usage, from anywhere:  BASELINE_BUILD=/path/to/main/.build/release Benchmarks/classifier-versus.sh [TRACE.csv ...]
#   default trace: a simulated 2 h day at 50 Hz (`locomotion simulate --duration 7200 --rate 50 --seed 1`)
#   ROUNDS=7 (default 5) rounds of both builds, alternating which goes first; CALLGRIND=0 skips the counts.
# Needs valgrind (callgrind_annotate) for the instruction counts.
set -euo pipefail
cd "$(dirname "$0")/.."
: "${BASELINE_BUILD:?set BASELINE_BUILD to the release build folder of the baseline}"
rounds=${ROUNDS:-5}
work=${TMPDIR:-/tmp}/locomotion-classifier-versus
mkdir -p "$work"
trap 'rm -rf "$work"' EXIT
echo "# machine: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs), $(nproc) cores;" \
    "load average $(cut -d' ' -f1-3 /proc/loadavg) (at start); commit $(git rev-parse --short HEAD)"
swift build -c release --product locomotion >&2
# The library objects each CLI links (its link list: a file moved to another module leaves a stale object behind).
driver() {
    local build=$1 output=$2
    local objects
    objects=$(grep -E '/(Locomotion|LocomotionDSP|LocomotionIO|LocomotionEvaluation)\.build/' \
        "$build/locomotion.product/Objects.LinkFileList")
    # shellcheck disable=SC2086
    swiftc -O -g -I "$build/Modules" -I Sources/CFFTW Benchmarks/Activity/main.swift \
        Benchmarks/Support/BenchmarkSupport.swift $objects $(pkg-config --libs fftw3 2>/dev/null || echo -lfftw3) \
        -o "$output" >&2
}
driver .build/release "$work/this"
driver "$BASELINE_BUILD" "$work/baseline"

traces=("$@")
if [ ${#traces[@]} -eq 0 ]; then
    .build/release/locomotion simulate --duration 7200 --rate 50 --seed 1 --output "$work/simulated-2h-50Hz.csv"
    traces=("$work/simulated-2h-50Hz.csv")
fi
for trace in "${traces[@]}"; do
    echo
    echo "## $(basename "$trace")"
    : > "$work/rounds"
    for round in $(seq "$rounds"); do
        order=(this baseline)
        [ $((round % 2)) -eq 0 ] && order=(baseline this)
        for build in "${order[@]}"; do
            "$work/$build" "$trace" 1 | awk -v b="$build" '$1 ~ /_ns_per_sample$/ && $1 !~ /minus/ { print b "_" $1, $3 }' \
                >> "$work/rounds"
        done
    done
    echo "# figure (ns per input sample, CPU)	min	median	max	(over $rounds rounds)"
    for name in $(awk '{ print $1 }' "$work/rounds" | sort -u); do
        awk -v n="$name" '$1 == n { print $2 }' "$work/rounds" | sort -g | awk -v n="$name" '
            { v[NR] = $1 } END { m = NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
                                 printf "%s\t%.1f\t%.1f\t%.1f\n", n, v[1], m, v[NR] }'
    done
    # Paired differences, round by round (this − baseline), for the streaming classifier.
    paste <(awk '$1 == "this_lagged_ns_per_sample" { print $2 }' "$work/rounds") \
          <(awk '$1 == "baseline_lagged_ns_per_sample" { print $2 }' "$work/rounds") |
        awk '{ print $1 - $2 }' | sort -g | awk '{ v[NR] = $1 } END {
            m = NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
            printf "lagged_this_minus_baseline_ns_per_sample\t%.1f\t%.1f\t%.1f\n", v[1], m, v[NR] }'
    if [ "${CALLGRIND:-1}" != 0 ] && command -v valgrind > /dev/null; then
        for build in this baseline; do
            valgrind --tool=callgrind --toggle-collect='*profiledClassifier*' --callgrind-out-file="$work/$build.out" \
                "$work/$build" "$trace" profile lagged > "$work/$build.txt" 2> "$work/$build.log"
            samples=$(awk '$1 == "samples" { print $2 }' "$work/$build.txt")
            total=$(callgrind_annotate "$work/$build.out" | awk '/PROGRAM TOTALS/ { gsub(",", "", $1); print $1 }')
            echo "${build}_lagged_instructions_per_sample	$(awk -v t="$total" -v n="$samples" 'BEGIN { printf "%.1f", t / n }')"
        done
    fi
    echo "# load average $(cut -d' ' -f1-3 /proc/loadavg) (after)"
done
