#!/usr/bin/env bash
# What one MotionEngine costs a collector app (issue 16), on one core (taskset -c 0): CPU time per hour of 50 Hz
# input for an app awake all day (every input pushed) and for one woken every 15 minutes (snapshot decoded, batch
# processed, snapshot encoded at each wake-up), next to the four stages fed directly (what the engine adds); the
# memory an engine holds; the snapshot's size as JSON and as a binary property list, and the CPU time to encode
# and decode one. Timed figures: min / median / max over ROUNDS interleaved rounds (CPU time, not wall time: the
# machine is shared). Instruction counts from callgrind (load-independent) for the traces of at most 2 hours.
# Usage, from anywhere:  Benchmarks/engine.sh [TRACE.csv[:FIXES.csv] ...]
#   default: simulated days at 50 Hz with their fixes (`locomotion simulate --rate 50 --seed 1`, 1 h and 24 h),
#   and, when ../shared/datasets is there, a real phone walk (Oxford Samsung_Jamie_Hard_InHand_1: 145 s at 100 Hz,
#   no fixes; its per-hour figures are for an hour of 100 Hz input).
#   ROUNDS=7 Benchmarks/engine.sh      (ROUNDS ≥ 5; default 5)      CALLGRIND=0 to skip the instruction counts
# Needs taskset (util-linux) for the one-core pinning; valgrind for the instruction counts.
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${ROUNDS:-5}
[ "$rounds" -ge 5 ] || { echo "ROUNDS must be at least 5" >&2; exit 2; }
work=${TMPDIR:-/tmp}/locomotion-engine-benchmark
mkdir -p "$work"
trap 'rm -rf "$work"' EXIT

machine() {
    echo "# machine: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs), $(nproc) cores," \
        "$(free -g | awk '/Mem:/ { print $2 }') GB; uptime:$(uptime | sed 's/.*up/ up/') ($1)"
}
machine "at start"
echo "# commit $(git rev-parse --short HEAD)$(git diff --quiet HEAD -- Sources || echo ' (Sources modified)'), $(swift --version 2>&1 | head -1)"
# The driver is a target of the Benchmarks package; the tool comes from the package it depends on (this checkout),
# so both are built once, in release, in Benchmarks/.build.
swift build -c release --package-path Benchmarks --product engine-benchmark >&2
swift build -c release --package-path Benchmarks --product locomotion >&2
bin=$(swift build -c release --package-path Benchmarks --show-bin-path)
# Heap in use for the memory figures, read by the benchmark through the symbol locomotion_heap_in_use.
cat > "$work/heap.c" <<'C'
#include <malloc.h>
double locomotion_heap_in_use(void) { return (double) mallinfo2().uordblks; }
C
cc -shared -fPIC -O2 -o "$work/heap.so" "$work/heap.c"
one_core=()
if command -v taskset > /dev/null; then one_core=(taskset -c 0); else echo "# taskset not found: not pinned" >&2; fi

traces=("$@")
if [ ${#traces[@]} -eq 0 ]; then
    for duration in 3600 86400; do
        $bin/locomotion simulate --duration $duration --rate 50 --seed 1 --output "$work/simulated-$duration-s.csv" \
            --fixes "$work/simulated-$duration-s.fixes.csv" > /dev/null
        traces+=("$work/simulated-$duration-s.csv:$work/simulated-$duration-s.fixes.csv")
    done
    oxford=${LOCOMOTION_DATASETS:-../shared/datasets}/oxford-step-counter/raw/optimisation/data/Samsung_Jamie_Hard_InHand_1
    if [ -d "$oxford" ]; then
        $bin/locomotion convert --from oxford-step-counter "$oxford" --output-dir "$work/oxford" --quiet > /dev/null
        traces+=("$(ls "$work"/oxford/*.csv | grep -v '\.steps\.csv$' | head -1)")
    else
        echo "# $oxford not found: no real trace (set LOCOMOTION_DATASETS)"
    fi
fi

for entry in "${traces[@]}"; do
    trace=${entry%%:*}
    fixes=-
    [ "$entry" = "$trace" ] || fixes=${entry#*:}
    echo
    echo "## $(basename "$trace")$([ "$fixes" = - ] || echo " with $(basename "$fixes")")"
    "${one_core[@]}" "$bin/engine-benchmark" "$trace" "$fixes" "$rounds"
    LD_PRELOAD="$work/heap.so" "${one_core[@]}" "$bin/engine-benchmark" "$trace" "$fixes" 1 memory
    if [ "${CALLGRIND:-1}" != 0 ] && command -v valgrind > /dev/null; then
        span=$(awk -F, 'NR == 2 { first = $1 } END { print $1 - first }' "$trace")
        if awk -v s="$span" 'BEGIN { exit !(s <= 7200) }'; then
            # Only the engine's pass (reading the trace is not collected).
            valgrind --tool=callgrind --toggle-collect='*profiledEngineRun*' --callgrind-out-file="$work/callgrind.out" \
                "$bin/engine-benchmark" "$trace" "$fixes" 1 profile > "$work/profile.txt" 2> "$work/callgrind.log"
            total=$(callgrind_annotate "$work/callgrind.out" | awk '/PROGRAM TOTALS/ { gsub(",", "", $1); print $1 }')
            samples=$(awk '$1 == "input_samples" { print $2 }' "$work/profile.txt")
            echo "callgrind_instructions_per_sample	$(awk -v t="$total" -v n="$samples" 'BEGIN { printf "%.0f", t / n }')"
            echo "callgrind_instructions_per_hour	$(awk -v t="$total" -v s="$span" 'BEGIN { printf "%.3g", t / s * 3600 }')"
        fi
    fi
    machine "after this trace"
done
