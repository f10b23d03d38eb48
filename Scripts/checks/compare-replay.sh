#!/usr/bin/env bash
# Compares two builds of `locomotion replay` (e.g. before and after a change to how it reads the trace):
# stdout, stderr, --summary JSON and --events JSON Lines must be byte-identical.
#
#   Scripts/checks/compare-replay.sh OLD_BINARY NEW_BINARY
#
# Inputs: the bundled sample day (with and without its fixes, classifier and --activity-from-labels),
# two us-tm2017 recordings converted by OLD (a walk and a car ride: 2.7 and 4.9 Hz, with gaps) and a
# simulated 4 h day with fixes. Work goes to $REPLAY_COMPARE_WORK (default /tmp/locomotion-replay-compare).
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
old="$1"; new="$2"
datasets="${LOCOMOTION_DATASETS:-$root/../shared/datasets}"
sample="$root/Datasets/sample"
work="${REPLAY_COMPARE_WORK:-/tmp/locomotion-replay-compare}"
rm -rf "$work" && mkdir -p "$work" && cd "$work"
"$old" convert --from us-tm2017 "$datasets/us-tm2017/raw/sensorfile_andrea_Walking_1482005121341.csv" \
    "$datasets/us-tm2017/raw/sensorfile_Claudio_Car_1474820020900.csv" -o us --quiet > /dev/null
walk=us/us-tm2017_andrea_Walking_1482005121341.csv car=us/us-tm2017_Claudio_Car_1474820020900.csv
"$old" simulate --duration 14400 --seed 3 --output sim.csv --fixes sim-fixes.csv
compare() {
    local binary="$1" out="$2"
    mkdir -p "$out"
    run() { local name="$1"; shift; "$binary" replay "$@" > "$out/$name.out" 2> "$out/$name.err" || echo "exit $?" >> "$out/$name.err"; }
    run day "$sample/day.csv"
    run day-fixes "$sample/day.csv" --fixes "$sample/day-fixes.csv"
    run day-fixes-json "$sample/day.csv" --fixes "$sample/day-fixes.csv" --summary "$out/day-fixes.summary.json" \
        --events "$out/day-fixes.events.jsonl" --format json
    run day-labels "$sample/day.csv" --fixes "$sample/day-fixes.csv" --activity-from-labels --policy any-movement
    run day-labels-high "$sample/day.csv" --activity-from-labels --label-confidence high --summary "$out/day-labels-high.summary.json"
    run walk "$walk" --summary "$out/walk.summary.json" --events "$out/walk.events.jsonl"
    run walk-text "$walk"
    run car "$car" --policy any-movement --summary "$out/car.summary.json"
    run car-labels "$car" --activity-from-labels --policy any-movement
    run sim sim.csv --fixes sim-fixes.csv --summary "$out/sim.summary.json" --events "$out/sim.events.jsonl"
    run sim-labels sim.csv --fixes sim-fixes.csv --activity-from-labels --policy on-foot-and-cycling
}
compare "$old" old
compare "$new" new
if diff -r old new > diff.txt; then
    echo "identical: $(ls old | wc -l) outputs of 11 replay runs"
else
    echo "DIFFERENT (see $work/diff.txt)"; head -20 diff.txt; exit 1
fi
