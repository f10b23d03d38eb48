#!/usr/bin/env bash
# Peak memory of `locomotion epochs` and `locomotion daily` against the length of a recording (issue 15: constant
# memory): one simulated participant, 1 day and DAYS days (default 7) of 24 h at 50 Hz, one file per day with its
# companion fixes (NAME.fixes.csv, what `simulate --fixes` and `convert` write), and the same week's fixes as one
# file given with --fixes. Each case runs once per length; peak RSS is GNU time's %M (the whole process: the
# binary, the Swift runtime and every buffer). If memory is constant in the length, the two columns agree.
#
# Usage: Benchmarks/cohort-memory.sh [LOCOMOTION]     (default: builds and uses .build/release/locomotion)
#        DAYS=7 (the long recording)
set -euo pipefail
cd "$(dirname "$0")/.."
days=${DAYS:-7}
work=${TMPDIR:-/tmp}/locomotion-cohort-memory
rm -rf "$work"
mkdir -p "$work"
trap 'rm -rf "$work"' EXIT
if [ $# -ge 1 ]; then tool=$1; else swift build -c release --product locomotion >&2; tool=$PWD/.build/release/locomotion; fi
echo "# machine: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs), $(nproc) cores; load $(cut -d' ' -f1-3 /proc/loadavg); $tool"

first_day=1698364800  # 2023-10-27T00:00:00Z
mkdir -p "$work/p"
for d in $(seq 0 $((days - 1))); do
    "$tool" simulate --duration 86400 --rate 50 --seed $((d + 1)) --start $((first_day + d * 86400)) \
        --output "$work/p/day$d.csv" --fixes "$work/p/day$d.fixes.csv"
done
# The fixes of the first day and of the whole recording as one file each (for --fixes; the header once).
cp "$work/p/day0.fixes.csv" "$work/day0.fixes.csv"
awk 'FNR > 1 || NR == 1' $(for d in $(seq 0 $((days - 1))); do echo "$work/p/day$d.fixes.csv"; done) > "$work/week.fixes.csv"
# The same days as one trace file (does the number of files matter, or the length?).
mkdir -p "$work/one"
cp "$work/p/day0.csv" "$work/one/days1.csv"
{ cat "$work/p/day0.csv"; for d in $(seq 1 $((days - 1))); do tail -n +2 "$work/p/day$d.csv"; done; } > "$work/one/days$days.csv"
traces() { for d in $(seq 0 $(($1 - 1))); do echo "$work/p/day$d.csv"; done; }
size() { cat "$@" | wc -c | awk '{ printf "%.0f MB", $1 / 1e6 }'; }
samples() { echo $(( $(cat "$@" | wc -l) - $# )); }
echo "# 1 day: $(samples $(traces 1)) samples, $(size $(traces 1)) of CSV, $(( $(wc -l < "$work/day0.fixes.csv") - 1 )) fixes ($(size "$work/day0.fixes.csv"));" \
     "$days days: $(samples $(traces "$days")) samples, $(size $(traces "$days")), $(( $(wc -l < "$work/week.fixes.csv") - 1 )) fixes ($(size "$work/week.fixes.csv"))"

rss() {  # peak RSS in MB of "$@" (standard output discarded)
    rm -rf "$work/out"
    /usr/bin/time -f '%M %e' -o "$work/time" "$@" >/dev/null
    awk '{ printf "%.1f MB (%.0f s)", $1 / 1024, $2 }' "$work/time"
}
common=(--participant p --time-zone Europe/Berlin --jobs 1 --quiet)
echo
echo "| case (one file per day unless said) | 1 day | $days days |"
echo "| --- | ---: | ---: |"
row() {  # name, then the command's arguments, FIXES_FILE standing for --fixes with the fixes of the length
    local name=$1; shift
    local cells=()
    for n in 1 "$days"; do
        local arguments=()
        for argument in "$@"; do
            case $argument in
                FIXES_FILE) if [ "$n" = 1 ]; then arguments+=(--fixes "$work/day0.fixes.csv"); else arguments+=(--fixes "$work/week.fixes.csv"); fi ;;
                *) arguments+=("$argument") ;;
            esac
        done
        if [ -n "${ONE_FILE:-}" ]; then
            cells+=("$(rss "$tool" "${arguments[@]}" "$work/one/days$n.csv" "${common[@]}")")
        else
            cells+=("$(rss "$tool" "${arguments[@]}" $(traces "$n") "${common[@]}")")
        fi
    done
    echo "| $name | ${cells[0]} | ${cells[1]} |"
}
row "epochs --output-dir --also daily --also segments, --companion-fixes" epochs --companion-fixes --output-dir "$work/out" --also daily --also segments
row "epochs, combined (standard output), --companion-fixes" epochs --companion-fixes
row "daily, combined (standard output), --companion-fixes" daily --companion-fixes
row "epochs --output-dir --also daily, no fixes" epochs --output-dir "$work/out" --also daily
ONE_FILE=1 row "the same, the days as one trace file" epochs --output-dir "$work/out" --also daily
row "epochs, combined, --epoch 1 (86 400 rows a day)" epochs --epoch 1
row "epochs --output-dir --also daily, --fixes (one file for the whole recording)" epochs FIXES_FILE --output-dir "$work/out" --also daily
row "epochs, combined, --fixes (one file)" epochs FIXES_FILE
