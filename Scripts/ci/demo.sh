#!/usr/bin/env bash
# The README's main job (`make demo`): summarise the bundled sample day, then show each command briefly.
# Uses Datasets/sample/day.csv and day-fixes.csv; when they are absent (a trimmed checkout), simulates the
# same day with `locomotion simulate` into .build/demo/. Needs `swift build -c release --product locomotion`.
set -euo pipefail
cd "$(dirname "$0")/../.."

bin=${LOCOMOTION:-.build/release/locomotion}
if [[ ! -x "$bin" ]]; then
    echo "demo: $bin is not built; run 'make demo' (or 'swift build -c release --product locomotion') first." >&2
    exit 1
fi

trace=Datasets/sample/day.csv
fixes=Datasets/sample/day-fixes.csv
if [[ ! -f "$trace" || ! -f "$fixes" ]]; then
    mkdir -p .build/demo
    trace=.build/demo/day.csv
    fixes=.build/demo/day-fixes.csv
    if [[ ! -f "$trace" || ! -f "$fixes" ]]; then
        echo "demo: no bundled sample in Datasets/sample/; simulating one (seeded, synthetic) into .build/demo/" >&2
        if ! "$bin" simulate --duration 1800 --seed 7 --output "$trace" --fixes "$fixes"; then
            echo "demo: this build cannot simulate a sample day either; nothing to summarise." >&2
            exit 1
        fi
    fi
fi

# Days and clock times in UTC so that the output is the same on every machine (pass another zone with TZ_NAME).
zone=${TZ_NAME:-UTC}
rule() { printf '\n── %s ──\n' "$1"; }
show() { printf '$ %s\n' "$*"; "$@"; }

rule "The sample day (simulated: for demonstration, never for accuracy claims)"
show "$bin" summarize "$trace" --fixes "$fixes" --time-zone "$zone"

rule "The same, one command at a time"
echo "Activity segments (locomotion label), first rows. label reads the accelerometer alone; the summary"
echo "above also used the fixes' speed, which can tell a bike from a bus:"
"$bin" label "$trace" | head -n 6
echo
echo "Steps (locomotion steps):"
"$bin" steps "$trace"
echo
echo "Distance per day (locomotion distance), counting only while the trace says the person moves:"
"$bin" distance "$fixes" --trace "$trace" --time-zone "$zone"
echo
echo "Recording modes (locomotion replay), first rows; its summary goes to stderr:"
"$bin" replay "$trace" --fixes "$fixes" 2>/dev/null | head -n 6

rule "A picture"
mkdir -p .build/demo
"$bin" plot "$trace" --fixes "$fixes" --time-zone "$zone" --output .build/demo/day.svg
echo "Wrote .build/demo/day.svg (open it in a browser; Docs/plot-example.png is the same picture)."
echo
echo "Next: Docs/getting-started.md tours every command; 'make test' runs the tests."
