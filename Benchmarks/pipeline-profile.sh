#!/usr/bin/env bash
# Where the streaming pipeline's time goes, in instructions (load-independent, unlike CPU time on a shared
# machine): valgrind --tool=callgrind counts the instructions of ActivityClassifier and of StepDetector
# pushed one sample at a time over a simulated trace, prints instructions per input sample, and the
# functions with the most instructions (self cost).
# Usage, from anywhere:  Benchmarks/pipeline-profile.sh [DURATION_SECONDS]   (default 1800; ~1 min per stage)
# Needs valgrind (callgrind_annotate) and the release build (made here).
set -euo pipefail
cd "$(dirname "$0")/.."
duration=${1:-1800}
work=${TMPDIR:-/tmp}/locomotion-pipeline-profile
mkdir -p "$work"
trap 'rm -rf "$work"' EXIT
swift build -c release --product locomotion >&2
bin=.build/release
# The library objects that the CLI links (its link list, not every .o in the build folders: a file moved to another
# module leaves a stale object behind).
objects=$(grep -E '/(Locomotion|LocomotionDSP|LocomotionIO|LocomotionEvaluation)\.build/' $bin/locomotion.product/Objects.LinkFileList)
swiftc -O -g -I $bin/Modules -I Sources/CFFTW Benchmarks/Pipeline/Profile/main.swift $objects \
    $(pkg-config --libs fftw3 2>/dev/null || echo -lfftw3) -o "$work/pipeline-profile" >&2
trace="$work/trace.csv"
$bin/locomotion simulate --duration "$duration" --rate 50 --seed 1 --output "$trace"
samples=$(($(wc -l < "$trace") - 1))
echo "# $duration s simulated at 50 Hz: $samples samples"
for stage in activity steps; do
    function=profiled$(echo "${stage:0:1}" | tr a-z A-Z)${stage:1}
    valgrind --tool=callgrind --toggle-collect="*${function}*" --callgrind-out-file="$work/$stage.out" \
        "$work/pipeline-profile" "$trace" "$stage" > /dev/null 2> "$work/$stage.log"
    total=$(callgrind_annotate "$work/$stage.out" | awk '/PROGRAM TOTALS/ { gsub(",", "", $1); print $1 }')
    echo
    echo "## $stage: $(awk -v t="$total" -v n="$samples" 'BEGIN { printf "%.0f", t / n }') instructions per input sample"
    callgrind_annotate "$work/$stage.out" | sed -n '/file:function/,$p' | sed -n '3,18p' |
        sed -E 's|/[^ ]*/Sources/||; s| \[[^]]*\]$||' | awk -v n="$samples" '{
            ir = $1; gsub(",", "", ir); $1 = sprintf("%7.1f/sample", ir / n); print }' | cut -c1-160
done
