#!/usr/bin/env bash
# Peak resident memory of the command-line tool on long traces: the readers stream, so
# labelling a 24 h, 50 Hz trace (4.32 M rows) and a 7-day one must stay ≤ 64 MB resident, and so
# must the commands that also read the day's location fixes (issue 18: `summarize --fixes` and
# `plot --fixes` on 7 days at 50 Hz).
#
#   Benchmarks/memory.sh [DAYS...]        (default: 1 7)
#   MEMORY_COMMANDS="label" Benchmarks/memory.sh 7   (only some commands)
#
# Commands (default: all): label, steps, replay (the trace alone); summarize (`--fixes`), plot
# (`--fixes`, SVG to /dev/null), distance (the fixes with `--trace`).
#
# Builds the release tool, writes each trace and its fixes with `locomotion simulate` (one
# simulated day per seed, days concatenated) to $MEMORY_WORK (default /tmp/locomotion-memory; the
# 7-day trace is about 1.5 GB and is deleted afterwards), then runs each command under
# `/usr/bin/time -v` and prints its peak resident set size, its run time and its throughput. A
# command this build lacks is listed as "not available". Exit status 1 when any run exceeds the limit.
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
days=("$@")
[ ${#days[@]} -eq 0 ] && days=(1 7)
work="${MEMORY_WORK:-/tmp/locomotion-memory}"
limit_mb=64
read -r -a commands <<< "${MEMORY_COMMANDS:-label steps replay summarize plot distance}"

[ -x /usr/bin/time ] || { echo "needs GNU time: apt-get install time" >&2; exit 2; }
echo "building release…" >&2
(cd "$root" && swift build -c release --product locomotion > "${TMPDIR:-/tmp}/locomotion-memory-build.log" 2>&1) \
    || { cat "${TMPDIR:-/tmp}/locomotion-memory-build.log" >&2; exit 2; }
tool="$root/.build/release/locomotion"
mkdir -p "$work"
trap 'rm -rf "$work"' EXIT

status=0
printf '%-6s %-8s %12s %10s %12s %10s %8s %s\n' days command rows file_MB peak_RSS_MB seconds "Mrow/s" result
for count in "${days[@]}"; do
    trace="$work/trace-${count}d.csv"
    fixes="$work/fixes-${count}d.csv"
    day_fixes="$work/day-fixes.csv"
    start=1699920000  # 2023-11-14T00:00:00Z
    for ((day = 0; day < count; day++)); do
        if [ $day -eq 0 ]; then
            "$tool" simulate --duration 86400 --seed $((day + 1)) --start $((start + day * 86400)) --output - \
                --fixes "$day_fixes" > "$trace"
            cp "$day_fixes" "$fixes"
        else
            "$tool" simulate --duration 86400 --seed $((day + 1)) --start $((start + day * 86400)) --output - \
                --fixes "$day_fixes" | tail -n +2 >> "$trace"
            tail -n +2 "$day_fixes" >> "$fixes"
        fi
    done
    rows=$(($(wc -l < "$trace") - 1))
    size_mb=$(awk -v b="$(stat -c %s "$trace")" 'BEGIN { printf "%.0f", b / 1e6 }')
    for command in "${commands[@]}"; do
        log="$work/time-$command-$count.txt"
        set +e
        case "$command" in
            summarize) arguments=(summarize "$trace" --fixes "$fixes") ;;
            plot) arguments=(plot "$trace" --fixes "$fixes" --output /dev/null) ;;
            distance) arguments=(distance "$fixes" --trace "$trace") ;;
            *) arguments=("$command" "$trace") ;;
        esac
        /usr/bin/time -v "$tool" "${arguments[@]}" > /dev/null 2> "$log"
        code=$?
        set -e
        if grep -q "not available yet" "$log"; then
            printf '%-6s %-8s %12s %10s %12s %10s %8s %s\n' "$count" "$command" "$rows" "$size_mb" - - - "not available in this build"
            continue
        fi
        rss_kb=$(grep "Maximum resident set size" "$log" | grep -oE '[0-9]+$')
        elapsed=$(grep "Elapsed (wall clock)" "$log" | grep -oE '[0-9:.]+$' | awk -F: '{ s = 0; for (i = 1; i <= NF; i++) s = s * 60 + $i; print s }')
        rss_mb=$(awk -v k="$rss_kb" 'BEGIN { printf "%.1f", k * 1024 / 1e6 }')  # MB = 10^6 bytes
        rate=$(awk -v r="$rows" -v s="$elapsed" 'BEGIN { printf "%.2f", (s > 0 ? r / s / 1e6 : 0) }')
        result="ok"
        if [ $code -ne 0 ]; then result="exit $code: $(grep -m1 'locomotion:' "$log" || true)"; status=1; fi
        if awk -v m="$rss_mb" -v l="$limit_mb" 'BEGIN { exit !(m > l) }'; then result="OVER ${limit_mb} MB"; status=1; fi
        printf '%-6s %-8s %12s %10s %12s %10s %8s %s\n' "$count" "$command" "$rows" "$size_mb" "$rss_mb" "$elapsed" "$rate" "$result"
    done
    rm -f "$trace" "$fixes" "$day_fixes"
done
exit $status
