#!/usr/bin/env bash
# What the carry detector adds per sample (issue 26: at most 10 ns), on one core (taskset -c 0): the MotionEngine of
# this checkout with its CarryDetector, the same engine with `detectsCarry = false`, a baseline's engine (the same
# driver built against an older checkout: the reference, in the same run), and the detector alone. CPU time per
# sample, min / median / max over ROUNDS interleaved rounds (each a fresh process reading the trace first; parsing is
# not counted); instruction counts from callgrind (load-independent) for the engines and the detector.
# Usage, from anywhere:  Benchmarks/carry.sh [TRACE.csv ...]
#   default: a simulated hour at 50 Hz (`locomotion simulate --duration 3600 --rate 50 --seed 1`) and, when
#   ../shared/datasets is there, a real phone lying still at 200 Hz (hhar-still-phones LG Nexus 4, 72 s).
#   ROUNDS=7 Benchmarks/carry.sh      (default 5)      CALLGRIND=0 to skip the instruction counts
#   BASELINE_REF=9dea276 Benchmarks/carry.sh    the baseline (default main): that commit, exported with `git archive`
#                                               into ${TMPDIR:-/tmp}/locomotion-baselines/, kept between runs
#   BASELINE_CHECKOUT=/path/to/older/checkout Benchmarks/carry.sh    the baseline: that checkout (built in
#                                               Benchmarks/.build-baseline, as pipeline.sh's)
# The driver is the target carry-benchmark of the Benchmarks package; against a baseline without a CarryDetector it
# is built WITHOUT_CARRY (LOCOMOTION_WITHOUT_CARRY=1, read by Benchmarks/Package.swift): its engine runs with its
# defaults, the modes that need the detector are refused.
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${ROUNDS:-5}
work=${TMPDIR:-/tmp}/locomotion-carry-benchmark
mkdir -p "$work"
if [ -n "${MAIN_REF:-}" ]; then
    echo "MAIN_REF is gone: set BASELINE_REF (a commit) or BASELINE_CHECKOUT (an older checkout's folder)" >&2
    exit 2
fi
if [ -n "${BASELINE_CHECKOUT:-}" ]; then
    baseline=$(cd "$BASELINE_CHECKOUT" && pwd)
    baseline_scratch=Benchmarks/.build-baseline
    baseline_name="checkout $baseline ($(git -C "$baseline" rev-parse --short HEAD 2>/dev/null || echo 'not a git checkout'))"
else
    reference=${BASELINE_REF:-main}
    commit=$(git rev-parse --short "$reference^{commit}")
    # The baseline's sources, exported once per commit into a folder shared by carry.sh and classifier-versus.sh
    # (its build folder is kept beside them between runs).
    baseline=${TMPDIR:-/tmp}/locomotion-baselines/$commit
    baseline_scratch=$baseline.build
    baseline_name=$commit
    [ "$reference" = "$commit" ] || baseline_name="$reference ($commit)"
    if [ ! -d "$baseline/Sources" ]; then
        rm -rf "$baseline.partial" && mkdir -p "$baseline.partial"
        git archive "$commit" | tar -x -C "$baseline.partial"
        mv "$baseline.partial" "$baseline"
    fi
fi

echo "# machine: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs), $(nproc) cores; uptime:$(uptime | sed 's/.*up/ up/')"
echo "# commit $(git rev-parse --short HEAD)$(git diff --quiet HEAD -- Sources || echo ' (Sources modified)') against $baseline_name, $(swift --version 2>&1 | head -1)"

# This checkout's driver and tool, in release, in Benchmarks/.build (shared with the other runners).
swift build -c release --package-path Benchmarks --product carry-benchmark >&2
swift build -c release --package-path Benchmarks --product locomotion >&2
bin=$(swift build -c release --package-path Benchmarks --show-bin-path)
# The same driver against the baseline's library.
without_carry=0
if ! grep -rqs 'struct CarryDetector' "$baseline/Sources"; then
    without_carry=1
    echo "# the baseline has no CarryDetector: its driver is built WITHOUT_CARRY"
fi
baseline_build=(env LOCOMOTION_PACKAGE_PATH="$baseline" LOCOMOTION_WITHOUT_CARRY=$without_carry swift build -c release
    --package-path Benchmarks --scratch-path "$baseline_scratch")
"${baseline_build[@]}" --product carry-benchmark >&2
baseline_driver=$("${baseline_build[@]}" --show-bin-path)/carry-benchmark

one_core=()
if command -v taskset > /dev/null; then one_core=(taskset -c 0); else echo "# taskset not found: not pinned" >&2; fi

traces=("$@")
if [ ${#traces[@]} -eq 0 ]; then
    "$bin/locomotion" simulate --duration 3600 --rate 50 --seed 1 --output "$work/simulated-3600-s.csv" > /dev/null
    traces+=("$work/simulated-3600-s.csv")
    still=${LOCOMOTION_DATASETS:-../shared/datasets}/hhar-still-phones/raw/Phoneonback/it-119/LG-Nexus4.csv
    if [ -f "$still" ]; then
        "$bin/locomotion" convert --from hhar-still-phones "$still" --output-dir "$work/hhar" --quiet > /dev/null
        traces+=("$(ls "$work"/hhar/*.csv | head -1)")
    fi
fi

for trace in "${traces[@]}"; do
    echo
    echo "## $(basename "$trace")"
    for mode in baseline engine engine-without-carry detector; do : > "$work/$mode.txt"; done
    for _ in $(seq "$rounds"); do
        "${one_core[@]}" "$baseline_driver" "$trace" engine 1 | awk '$1 == "ns_per_sample" { print $2 }' >> "$work/baseline.txt"
        for mode in engine engine-without-carry detector; do
            "${one_core[@]}" "$bin/carry-benchmark" "$trace" $mode 1 | awk '$1 == "ns_per_sample" { print $2 }' >> "$work/$mode.txt"
        done
    done
    echo "# ns per sample: min / median / max over $rounds rounds"
    for mode in baseline engine engine-without-carry detector; do
        sort -g "$work/$mode.txt" | awk -v m="$mode" '{ v[NR] = $1 } END { printf "%s\t%.1f / %.1f / %.1f\n", m, v[1], v[int((NR + 1) / 2)], v[NR] }'
    done
    # Round-by-round differences (plain awk: no asort), min / median / max.
    spread() { sort -g | awk '{ v[NR] = $1 } END { printf "%.1f / %.1f / %.1f\n", v[1], v[int((NR + 1) / 2)], v[NR] }'; }
    printf "engine - baseline, round by round\t%s\n" "$(paste "$work/engine.txt" "$work/baseline.txt" | awk '{ print $1 - $2 }' | spread)"
    printf "engine - engine without carry, round by round\t%s\n" \
        "$(paste "$work/engine.txt" "$work/engine-without-carry.txt" | awk '{ print $1 - $2 }' | spread)"
    if [ "${CALLGRIND:-1}" != 0 ] && command -v valgrind > /dev/null; then
        for run in "baseline profile-engine" "this profile-engine" "this profile-engine-without-carry" "this profile-detector"; do
            set -- $run
            binary=$bin/carry-benchmark
            [ "$1" = baseline ] && binary=$baseline_driver
            # Only the run itself (reading the trace is not collected; `profiledRun`'s call can be a tail jump).
            collect='*engineRun*'
            [ "$2" = profile-detector ] && collect='*detectorRun*'
            valgrind --tool=callgrind --toggle-collect="$collect" --callgrind-out-file="$work/callgrind.out" \
                "$binary" "$trace" "$2" 1 > "$work/profile.txt" 2> "$work/callgrind.log"
            total=$(callgrind_annotate "$work/callgrind.out" | awk '/PROGRAM TOTALS/ { gsub(",", "", $1); print $1 }')
            samples=$(awk '$1 == "input_samples" { print $2 }' "$work/profile.txt")
            echo "instructions per sample, $1 ${2#profile-}	$(awk -v t="$total" -v n="$samples" 'BEGIN { printf "%.1f", t / n }')"
        done
    fi
done
echo "# uptime at the end:$(uptime | sed 's/.*up/ up/')"
