#!/usr/bin/env bash
# What the carry detector adds per sample (issue 26: at most 10 ns), on one core (taskset -c 0): the MotionEngine of
# this tree with its CarryDetector, the same engine with `detectsCarry = false`, main's engine (built from
# `git archive main` in a scratch folder: the reference, in the same run), and the detector alone. CPU time per
# sample, min / median / max over ROUNDS interleaved rounds (each a fresh process reading the trace first; parsing is
# not counted); instruction counts from callgrind (load-independent) for the engines and the detector.
# Usage, from anywhere:  Benchmarks/carry.sh [TRACE.csv ...]
#   default: a simulated hour at 50 Hz (`locomotion simulate --duration 3600 --rate 50 --seed 1`) and, when
#   ../shared/datasets is there, a real phone lying still at 200 Hz (hhar-still-phones LG Nexus 4, 72 s).
#   ROUNDS=7 Benchmarks/carry.sh      (default 5)      CALLGRIND=0 to skip the instruction counts
#   MAIN_REF=other-branch Benchmarks/carry.sh           (default main)
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${ROUNDS:-5}
reference=${MAIN_REF:-main}
work=${TMPDIR:-/tmp}/locomotion-carry-benchmark
mkdir -p "$work"

echo "# machine: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs), $(nproc) cores; uptime:$(uptime | sed 's/.*up/ up/')"
echo "# commit $(git rev-parse --short HEAD)$(git diff --quiet HEAD -- Sources || echo ' (Sources modified)') against $reference $(git rev-parse --short "$reference"), $(swift --version 2>&1 | head -1)"

# Builds the release library of the tree at $1 and links Benchmarks/Carry/main.swift against it into $2 ($3: flags).
build() {
    local tree=$1 output=$2 flags=$3 bin objects=()
    (cd "$tree" && swift build -c release --product locomotion >&2)
    bin=$tree/.build/release
    for module in LocomotionDSP Locomotion LocomotionIO; do
        while IFS= read -r source; do
            object="$bin/$module.build/$(basename "$source").o"
            [ -f "$object" ] && objects+=("$object")
        done < <(find "$tree/Sources/$module" -name '*.swift')
    done
    swiftc -O -g $flags -I "$bin/Modules" -I "$tree/Sources/CFFTW" Benchmarks/Carry/main.swift \
        Benchmarks/Support/BenchmarkSupport.swift "${objects[@]}" \
        $(pkg-config --libs fftw3 2>/dev/null || echo -lfftw3) -o "$output" >&2
}
build "$PWD" "$work/carry-benchmark" "-D CARRY"
# main's sources, exported once per commit (its build folder is kept between runs).
main_tree=$work/main-$(git rev-parse --short "$reference")
if [ ! -d "$main_tree/Sources" ]; then
    mkdir -p "$main_tree"
    git archive "$reference" | tar -x -C "$main_tree"
fi
build "$main_tree" "$work/carry-benchmark-main" ""

one_core=()
if command -v taskset > /dev/null; then one_core=(taskset -c 0); else echo "# taskset not found: not pinned" >&2; fi

traces=("$@")
if [ ${#traces[@]} -eq 0 ]; then
    .build/release/locomotion simulate --duration 3600 --rate 50 --seed 1 --output "$work/simulated-3600-s.csv" > /dev/null
    traces+=("$work/simulated-3600-s.csv")
    still=${LOCOMOTION_DATASETS:-../shared/datasets}/hhar-still-phones/raw/Phoneonback/it-119/LG-Nexus4.csv
    if [ -f "$still" ]; then
        .build/release/locomotion convert --from hhar-still-phones "$still" --output-dir "$work/hhar" --quiet > /dev/null
        traces+=("$(ls "$work"/hhar/*.csv | head -1)")
    fi
fi

for trace in "${traces[@]}"; do
    echo
    echo "## $(basename "$trace")"
    for mode in main engine engine-without-carry detector; do : > "$work/$mode.txt"; done
    for _ in $(seq "$rounds"); do
        "${one_core[@]}" "$work/carry-benchmark-main" "$trace" engine 1 | awk '$1 == "ns_per_sample" { print $2 }' >> "$work/main.txt"
        for mode in engine engine-without-carry detector; do
            "${one_core[@]}" "$work/carry-benchmark" "$trace" $mode 1 | awk '$1 == "ns_per_sample" { print $2 }' >> "$work/$mode.txt"
        done
    done
    echo "# ns per sample: min / median / max over $rounds rounds"
    for mode in main engine engine-without-carry detector; do
        sort -g "$work/$mode.txt" | awk -v m="$mode" '{ v[NR] = $1 } END { printf "%s\t%.1f / %.1f / %.1f\n", m, v[1], v[int((NR + 1) / 2)], v[NR] }'
    done
    # Round-by-round differences (plain awk: no asort), min / median / max.
    spread() { sort -g | awk '{ v[NR] = $1 } END { printf "%.1f / %.1f / %.1f\n", v[1], v[int((NR + 1) / 2)], v[NR] }'; }
    printf "engine - main, round by round\t%s\n" "$(paste "$work/engine.txt" "$work/main.txt" | awk '{ print $1 - $2 }' | spread)"
    printf "engine - engine without carry, round by round\t%s\n" \
        "$(paste "$work/engine.txt" "$work/engine-without-carry.txt" | awk '{ print $1 - $2 }' | spread)"
    if [ "${CALLGRIND:-1}" != 0 ] && command -v valgrind > /dev/null; then
        for run in "main profile-engine" "this profile-engine" "this profile-engine-without-carry" "this profile-detector"; do
            set -- $run
            binary=$work/carry-benchmark
            [ "$1" = main ] && binary=$work/carry-benchmark-main
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
