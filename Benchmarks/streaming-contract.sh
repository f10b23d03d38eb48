#!/usr/bin/env bash
# Instructions per input of the two ways a stage can hand over its outputs (Docs: the Locomotion catalog's
# "Streaming stages" article): a closure (`push(_:emit:)`) or an array the caller passes (`push(_:into:)`, reused
# or fresh per call), at one output per input (a resampler) and one per 25 inputs (a step detector, a gate).
# Counts from callgrind (load-independent); the program's start-up (the `none` run) is subtracted.
#
#   Benchmarks/streaming-contract.sh        (needs valgrind)
# The stage (Sources/StreamingContractStage, cross-module optimisation off) and the driver
# (Sources/StreamingContractBenchmark) are targets of the Benchmarks package, built here in release.
set -euo pipefail
cd "$(dirname "$0")"
swift build -c release --product streaming-contract-benchmark >&2
bench="$(swift build -c release --show-bin-path)/streaming-contract-benchmark"
count() { valgrind --tool=callgrind --callgrind-out-file=/dev/null "$bench" "$@" 2>&1 | awk '/Collected/ { print $4 }'; }
base=$(count none 1)
printf '%-8s %-22s %s\n' period mode instructions_per_input
for period in 1 25; do
    for mode in closure reuse fresh; do
        total=$(count "$mode" "$period")
        printf '%-8s %-22s %.1f\n' "$period" "$mode" "$(echo "($total - $base) / 1000000" | bc -l)"
    done
done
