#!/usr/bin/env bash
# What a change to the activity classifier costs per input sample (issue 24, cycling: <= 15 ns per sample at 50 Hz):
# the same driver (the Benchmarks package's activity-benchmark: the classifier pushed one sample at a time, streaming
# `lagged` as on a phone, and the rule-only and `full` variants) built against this checkout and against a baseline
# checkout (e.g. main's), run alternately in the same minutes (paired rounds), and callgrind's instructions per input
# sample of each (load-independent).
# Usage, from anywhere:  BASELINE_REF=main Benchmarks/classifier-versus.sh [TRACE.csv ...]
#   BASELINE_REF=<commit>: the baseline exported with `git archive` into
#       ${TMPDIR:-/tmp}/locomotion-baselines/, kept between runs;
#   BASELINE_CHECKOUT=/path/to/older/checkout: that checkout (built in Benchmarks/.build-baseline, as pipeline.sh's).
#   default trace: a simulated 2 h day at 50 Hz (`locomotion simulate --duration 7200 --rate 50 --seed 1`)
#   ROUNDS=7 (default 5) rounds of both builds, alternating which goes first; CALLGRIND=0 skips the counts.
# Needs valgrind (callgrind_annotate) for the instruction counts.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -n "${BASELINE_BUILD:-}" ]; then
    echo "BASELINE_BUILD is gone: set BASELINE_REF (a commit) or BASELINE_CHECKOUT (an older checkout's folder)" >&2
    exit 2
fi
rounds=${ROUNDS:-5}
work=${TMPDIR:-/tmp}/locomotion-classifier-versus
mkdir -p "$work"
if [ -n "${BASELINE_CHECKOUT:-}" ]; then
    baseline=$(cd "$BASELINE_CHECKOUT" && pwd)
    baseline_scratch=Benchmarks/.build-baseline
    baseline_name="checkout $baseline ($(git -C "$baseline" rev-parse --short HEAD 2>/dev/null || echo 'not a git checkout'))"
elif [ -n "${BASELINE_REF:-}" ]; then
    commit=$(git rev-parse --short "$BASELINE_REF^{commit}")
    # The baseline's sources, exported once per commit into a folder shared by carry.sh and classifier-versus.sh
    # (its build folder is kept beside them between runs).
    baseline=${TMPDIR:-/tmp}/locomotion-baselines/$commit
    baseline_scratch=$baseline.build
    baseline_name=$commit
    [ "$BASELINE_REF" = "$commit" ] || baseline_name="$BASELINE_REF ($commit)"
    if [ ! -d "$baseline/Sources" ]; then
        rm -rf "$baseline.partial" && mkdir -p "$baseline.partial"
        git archive "$commit" | tar -x -C "$baseline.partial"
        mv "$baseline.partial" "$baseline"
    fi
else
    echo "set BASELINE_REF (a commit, e.g. main) or BASELINE_CHECKOUT (an older checkout's folder)" >&2
    exit 2
fi
# Traces and figures of this run; the exported baseline and its build stay for the next run.
runs=$work/run-$$
mkdir -p "$runs"
trap 'rm -rf "$runs"' EXIT
echo "# machine: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs), $(nproc) cores;" \
    "load average $(cut -d' ' -f1-3 /proc/loadavg) (at start); commit $(git rev-parse --short HEAD) against $baseline_name"
# This checkout's driver and tool, in release, in Benchmarks/.build (shared with the other runners); the same driver
# against the baseline's library.
swift build -c release --package-path Benchmarks --product activity-benchmark >&2
swift build -c release --package-path Benchmarks --product locomotion >&2
bin=$(swift build -c release --package-path Benchmarks --show-bin-path)
ln -sf "$bin/activity-benchmark" "$runs/this"
baseline_build=(env LOCOMOTION_PACKAGE_PATH="$baseline" swift build -c release --package-path Benchmarks
    --scratch-path "$baseline_scratch")
"${baseline_build[@]}" --product activity-benchmark >&2
ln -sf "$("${baseline_build[@]}" --show-bin-path)/activity-benchmark" "$runs/baseline"

traces=("$@")
if [ ${#traces[@]} -eq 0 ]; then
    "$bin/locomotion" simulate --duration 7200 --rate 50 --seed 1 --output "$runs/simulated-2h-50Hz.csv"
    traces=("$runs/simulated-2h-50Hz.csv")
fi
for trace in "${traces[@]}"; do
    echo
    echo "## $(basename "$trace")"
    : > "$runs/rounds"
    for round in $(seq "$rounds"); do
        order=(this baseline)
        [ $((round % 2)) -eq 0 ] && order=(baseline this)
        for build in "${order[@]}"; do
            "$runs/$build" "$trace" 1 | awk -v b="$build" '$1 ~ /_ns_per_sample$/ && $1 !~ /minus/ { print b "_" $1, $3 }' \
                >> "$runs/rounds"
        done
    done
    echo "# figure (ns per input sample, CPU)	min	median	max	(over $rounds rounds)"
    for name in $(awk '{ print $1 }' "$runs/rounds" | sort -u); do
        awk -v n="$name" '$1 == n { print $2 }' "$runs/rounds" | sort -g | awk -v n="$name" '
            { v[NR] = $1 } END { m = NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
                                 printf "%s\t%.1f\t%.1f\t%.1f\n", n, v[1], m, v[NR] }'
    done
    # Paired differences, round by round (this − baseline), for the streaming classifier.
    paste <(awk '$1 == "this_lagged_ns_per_sample" { print $2 }' "$runs/rounds") \
          <(awk '$1 == "baseline_lagged_ns_per_sample" { print $2 }' "$runs/rounds") |
        awk '{ print $1 - $2 }' | sort -g | awk '{ v[NR] = $1 } END {
            m = NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
            printf "lagged_this_minus_baseline_ns_per_sample\t%.1f\t%.1f\t%.1f\n", v[1], m, v[NR] }'
    if [ "${CALLGRIND:-1}" != 0 ] && command -v valgrind > /dev/null; then
        for build in this baseline; do
            valgrind --tool=callgrind --toggle-collect='*profiledClassifier*' --callgrind-out-file="$runs/$build.out" \
                "$runs/$build" "$trace" profile lagged > "$runs/$build.txt" 2> "$runs/$build.log"
            samples=$(awk '$1 == "samples" { print $2 }' "$runs/$build.txt")
            total=$(callgrind_annotate "$runs/$build.out" | awk '/PROGRAM TOTALS/ { gsub(",", "", $1); print $1 }')
            echo "${build}_lagged_instructions_per_sample	$(awk -v t="$total" -v n="$samples" 'BEGIN { printf "%.1f", t / n }')"
        done
    fi
    echo "# load average $(cut -d' ' -f1-3 /proc/loadavg) (after)"
done
