#!/usr/bin/env bash
# What the activity classifier's temporal model costs (issue 14: <= 20 ns per input sample, no allocation in the
# steady state): the classifier pushed one sample at a time with the rule-only model and with the temporal model
# (streaming `lagged`, batch `full`), interleaved in the same rounds; the difference is the temporal layer.
# Prints, per trace: CPU ns/sample of each (min / median / max over ROUNDS), temporal - rules per round,
# allocations of pushes that emitted no update (the steady state) and of those that did, the JSON snapshot size,
# and callgrind instructions per input sample of each model (load-independent).
# Usage, from anywhere:  Benchmarks/activity-temporal.sh [TRACE.csv ...]   (acceleration in g)
#   default: a simulated 2 h day at 50 Hz (`locomotion simulate --duration 7200 --rate 50 --seed 1`)
#   ROUNDS=9 Benchmarks/activity-temporal.sh    (default 7)     CALLGRIND=0 to skip the instruction counts
# Needs a C compiler; valgrind (callgrind_annotate) for the instruction counts.
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${ROUNDS:-7}
work=${TMPDIR:-/tmp}/locomotion-activity-temporal
mkdir -p "$work"
trap 'rm -rf "$work"' EXIT
echo "# machine: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs), $(nproc) cores;" \
    "load average $(cut -d' ' -f1-3 /proc/loadavg) (at start); commit $(git rev-parse --short HEAD)"
# The driver is a target of the Benchmarks package; the tool comes from the package it depends on (this checkout),
# so both are built once, in release, in Benchmarks/.build.
swift build -c release --package-path Benchmarks --product activity-benchmark >&2
swift build -c release --package-path Benchmarks --product locomotion >&2
bin=$(swift build -c release --package-path Benchmarks --show-bin-path)
cat > "$work/count.c" <<'C'
#include <stddef.h>
unsigned long long locomotion_malloc_calls = 0;
extern void *__libc_malloc(size_t);
void *malloc(size_t size) { locomotion_malloc_calls++; return __libc_malloc(size); }
C
cc -shared -fPIC -O2 -o "$work/count.so" "$work/count.c"

traces=("$@")
if [ ${#traces[@]} -eq 0 ]; then
    $bin/locomotion simulate --duration 7200 --rate 50 --seed 1 --output "$work/simulated-2h-50Hz.csv"
    traces=("$work/simulated-2h-50Hz.csv")
fi
for trace in "${traces[@]}"; do
    echo
    echo "## $(basename "$trace")"
    LD_PRELOAD="$work/count.so" "$bin/activity-benchmark" "$trace" "$rounds"
    if [ "${CALLGRIND:-1}" != 0 ] && command -v valgrind > /dev/null; then
        for variant in rules lagged full; do
            valgrind --tool=callgrind --toggle-collect='*profiledClassifier*' --callgrind-out-file="$work/$variant.out" \
                "$bin/activity-benchmark" "$trace" profile "$variant" > "$work/$variant.txt" 2> "$work/$variant.log"
            samples=$(awk '$1 == "samples" { print $2 }' "$work/$variant.txt")
            total=$(callgrind_annotate "$work/$variant.out" | awk '/PROGRAM TOTALS/ { gsub(",", "", $1); print $1 }')
            echo "${variant}_instructions_per_sample	$(awk -v t="$total" -v n="$samples" 'BEGIN { printf "%.1f", t / n }')"
        done
    fi
    echo "# load average $(cut -d' ' -f1-3 /proc/loadavg) (after)"
done
