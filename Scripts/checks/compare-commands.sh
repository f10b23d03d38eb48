#!/usr/bin/env bash
# Compares two builds of the whole command-line tool: every command (label, steps, replay, evaluate, summarize,
# plot, epochs, daily, distance with and without --trace, and several inputs at once) on the same inputs, stdout,
# stderr, exit status and every file written must be byte-identical. Used when the commands' wiring changes.
#
#   Scripts/checks/compare-commands.sh OLD_BINARY NEW_BINARY
#
# Inputs: the bundled sample day with its fixes; every 6th us-tm2017 recording and every 8th Oxford step-counter
# recording, converted by OLD from ../shared/datasets (skipped with a message when absent); the GSDC phone fixes
# (distance); a simulated 6 h day with fixes; a simulated 2 h day cut 10 min before its fixes end (fixes after the
# last sample); the sample day on standard input and under a name without .csv (its format found from the content). Times in UTC. Work goes to $COMMANDS_COMPARE_WORK (default /tmp/locomotion-commands-compare).
# Prints the number of cases and the differing ones; exit status 1 when any differs.
set -uo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
old="$1"; new="$2"
datasets="${LOCOMOTION_DATASETS:-$root/../shared/datasets}"
sample="$root/Datasets/sample"
work="${COMMANDS_COMPARE_WORK:-/tmp/locomotion-commands-compare}"
rm -rf "$work" && mkdir -p "$work/sim" && cd "$work"
export TZ=UTC
traces=("$sample/day.csv")
if [ -d "$datasets/us-tm2017" ]; then
    "$old" convert --from us-tm2017 "$datasets/us-tm2017" -o conv/ustm --quiet > /dev/null
    "$old" convert --from oxford-step-counter "$datasets/oxford-step-counter/raw" -o conv/oxford --quiet > /dev/null
    "$old" convert --from gsdc2021-mtv-nmea "$datasets/gsdc2021-mtv-nmea" -o conv/gsdc --quiet > /dev/null
    while read -r trace; do traces+=("$work/$trace"); done < <(
        ls conv/ustm/*.csv | grep -v speeds | awk 'NR % 6 == 1'; ls conv/oxford/*.csv | grep -v steps.csv | awk 'NR % 8 == 1')
else
    echo "no datasets at $datasets: the sample day and simulated traces only" >&2
fi
"$old" simulate --duration 21600 --seed 3 --start 1700000000 --output sim/six.csv --fixes sim/six-fixes.csv
"$old" simulate --duration 7200 --seed 5 --start 1700100000 --output sim/cut-full.csv --fixes sim/cut-fixes.csv
head -n $(($(wc -l < sim/cut-full.csv) - 30000)) sim/cut-full.csv > sim/cut.csv && rm sim/cut-full.csv
traces+=("$work/sim/six.csv" "$work/sim/cut.csv")
cp "$sample/day.csv" sim/day-copy.txt  # a trace whose format comes from its content (TraceInput)

compare() {
    local binary="$1" out="$2"
    run() {  # NAME ARGS…: stdout, stderr, exit status and the files written, in out/NAME/
        local name="$1"; shift
        mkdir -p "$out/$name"
        (cd "$out/$name" && "$binary" "$@" > stdout 2> stderr; echo $? > status)
    }
    for trace in "${traces[@]}"; do
        local name fixes=() fixesFile=""
        name="$(basename "$trace" .csv)"
        for candidate in "${trace%.csv}-fixes.csv" "${trace%.csv}.fixes.csv"; do
            [ -f "$candidate" ] && fixesFile="$candidate" && fixes=(--fixes "$candidate")
        done
        run "$name.label" label "$trace" "${fixes[@]}"
        run "$name.label-json" label "$trace" --format json "${fixes[@]}"
        run "$name.steps" steps "$trace"
        run "$name.steps-events" steps "$trace" --events --format json
        run "$name.steps-ungated" steps "$trace" --no-activity-gate
        run "$name.replay" replay "$trace" "${fixes[@]}" --summary summary.json --events events.jsonl
        run "$name.replay-text" replay "$trace" "${fixes[@]}" --format json
        if head -1 "$trace" | grep -q label; then
            run "$name.replay-labels" replay "$trace" --activity-from-labels --label-confidence high \
                --summary summary.json --events events.jsonl
            run "$name.evaluate" evaluate "$trace"
        fi
        run "$name.summarize" summarize "$trace" "${fixes[@]}" --time-zone UTC
        run "$name.summarize-json" summarize "$trace" "${fixes[@]}" --time-zone UTC --format json
        run "$name.plot" plot "$trace" "${fixes[@]}" --time-zone UTC -o chart.svg
        run "$name.plot-range" plot "$trace" "${fixes[@]}" --time-zone UTC --from +60 --to +900 --width 800 -o chart.svg
        run "$name.epochs" epochs "$trace" "${fixes[@]}" --time-zone UTC
        run "$name.daily" daily "$trace" "${fixes[@]}" --time-zone UTC
        if [ -n "$fixesFile" ]; then
            run "$name.distance" distance "$fixesFile" --time-zone UTC
            run "$name.distance-trace" distance "$fixesFile" --trace "$trace" --time-zone UTC
            run "$name.distance-trace-on-foot" distance "$fixesFile" --trace "$trace" --time-zone UTC --moving on-foot --format json
        fi
    done
    run_in() {  # NAME INPUT ARGS…: as run, with standard input read from INPUT
        local name="$1" input="$2"; shift 2
        mkdir -p "$out/$name"
        (cd "$out/$name" && "$binary" "$@" < "$input" > stdout 2> stderr; echo $? > status)
    }
    run_in day.label-stdin "${traces[0]}" label - --fixes "$sample/day-fixes.csv"
    run_in day.steps-stdin "${traces[0]}" steps -
    run_in day.summarize-stdin "${traces[0]}" summarize - --time-zone UTC
    run day.label-txt label "$work/sim/day-copy.txt"
    for fixes in conv/gsdc/*.fixes.csv; do
        [ -f "$fixes" ] && run "$(basename "$fixes" .csv).distance" distance "$work/$fixes" --time-zone UTC
    done
    if [ ${#traces[@]} -ge 5 ]; then
        run many.label label "${traces[@]:1:4}"
        run many.steps steps "${traces[@]:1:4}"
        run many.summarize summarize "${traces[@]:1:3}" --time-zone UTC --format json
        run many.replay replay "${traces[@]:1:3}" --summary s.jsonl
    fi
}
compare "$old" old
compare "$new" new
cases=$(ls old | wc -l)
if diff -rq old new > diff.txt; then
    echo "$cases cases: every output byte-identical"
else
    echo "$cases cases; differences:"
    cat diff.txt
    exit 1
fi
