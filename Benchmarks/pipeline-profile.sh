#!/usr/bin/env bash
# Where the streaming pipeline's time goes, in instructions (load-independent, unlike CPU time on a shared
# machine): valgrind --tool=callgrind counts the instructions of ActivityClassifier and of StepDetector
# pushed one sample at a time over a simulated trace, prints instructions per input sample, and the
# functions with the most instructions (self cost).
# Usage, from anywhere:  Benchmarks/pipeline-profile.sh [DURATION_SECONDS]   (default 1800; ~1 min per stage)
# Needs valgrind (callgrind_annotate); builds the driver (a target of the Benchmarks package) in release.
set -euo pipefail
cd "$(dirname "$0")/.."
duration=${1:-1800}
work=${TMPDIR:-/tmp}/locomotion-pipeline-profile
mkdir -p "$work"
trap 'rm -rf "$work"' EXIT
# The driver is a target of the Benchmarks package; the tool comes from the package it depends on (this checkout),
# so both are built once, in release, in Benchmarks/.build.
swift build -c release --package-path Benchmarks --product pipeline-profile >&2
swift build -c release --package-path Benchmarks --product locomotion >&2
bin=$(swift build -c release --package-path Benchmarks --show-bin-path)
trace="$work/trace.csv"
$bin/locomotion simulate --duration "$duration" --rate 50 --seed 1 --output "$trace"
samples=$(($(wc -l < "$trace") - 1))
echo "# $duration s simulated at 50 Hz: $samples samples"
for stage in activity steps; do
    function=profiled$(echo "${stage:0:1}" | tr a-z A-Z)${stage:1}
    valgrind --tool=callgrind --toggle-collect="*${function}*" --callgrind-out-file="$work/$stage.out" \
        "$bin/pipeline-profile" "$trace" "$stage" > /dev/null 2> "$work/$stage.log"
    total=$(callgrind_annotate "$work/$stage.out" | awk '/PROGRAM TOTALS/ { gsub(",", "", $1); print $1 }')
    echo
    echo "## $stage: $(awk -v t="$total" -v n="$samples" 'BEGIN { printf "%.0f", t / n }') instructions per input sample"
    callgrind_annotate "$work/$stage.out" | sed -n '/file:function/,$p' | sed -n '3,18p' |
        sed -E 's|/[^ ]*/Sources/||; s| \[[^]]*\]$||' | awk -v n="$samples" '{
            ir = $1; gsub(",", "", ir); $1 = sprintf("%7.1f/sample", ir / n); print }' | cut -c1-160
done
