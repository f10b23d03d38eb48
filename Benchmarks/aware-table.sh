#!/usr/bin/env bash
# What splitting AWARE's accelerometer table by device_id costs (issue 25): `locomotion daily` on ONE table of P
# participants, rows interleaved, 5 Hz (AWARE's default), ms, m/s², against the same rows split first into one
# canonical file per participant with awk (what a user did before). Peak RSS is GNU time's %M (the whole
# process); the split keeps 40 KiB per participant in memory and 40 bytes per sample on disk, so the RSS should
# not grow with the rows per participant, and grow by about 40 KiB per participant.
#
# Usage: Benchmarks/aware-table.sh [LOCOMOTION]   (default: builds and uses .build/release/locomotion)
#        ROWS=50000 (rows per participant of the short case; the long case has 4×)
set -euo pipefail
cd "$(dirname "$0")/.."
rows=${ROWS:-50000}
work=${TMPDIR:-/tmp}/locomotion-aware-table
rm -rf "$work"; mkdir -p "$work"
trap 'rm -rf "$work"' EXIT
if [ $# -ge 1 ]; then tool=$1; else swift build -c release --product locomotion >&2; tool=$PWD/.build/release/locomotion; fi
echo "# machine: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs), $(nproc) cores; load $(cut -d' ' -f1-3 /proc/loadavg); $tool"

table() {  # participants, rows each, path: an interleaved AWARE table (walking and still alternate each 10 min)
    python3 - "$1" "$2" "$3" <<'PY'
import math, random, sys
participants, rows, path = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
random.seed(7)
start = 1709280000000
with open(path, "w") as out:
    out.write("timestamp,device_id,double_values_0,double_values_1,double_values_2,accuracy,label\n")
    for i in range(rows):
        walking = (i // 3000) % 2 == 1
        for p in range(participants):
            t = start + i * 200 + p * 7
            z = 9.80665 + (3.0 * math.sin(2 * math.pi * 1.9 * i * 0.2 + p) if walking else 0.0)
            out.write("%d,device-%03d,%.4f,%.4f,%.4f,3,\n" % (t, p, random.gauss(0, 0.3), random.gauss(0, 0.3), z))
PY
}
split_awk() {  # table, folder: one canonical CSV (seconds) per device_id
    mkdir -p "$2"
    awk -F, -v dir="$2" 'NR > 1 { f = dir "/" $2 ".csv"; if (!(f in seen)) { seen[f] = 1; print "timestamp,x,y,z" > f }
                                  printf "%.3f,%s,%s,%s\n", $1 / 1000, $3, $4, $5 > f }' "$1"
}
measure() {  # peak RSS (MB) and seconds of "$@"
    /usr/bin/time -f '%M %e' -o "$work/time" "$@" >/dev/null 2>"$work/stderr" || { cat "$work/stderr" >&2; exit 1; }
    awk '{ printf "%.1f MB | %.1f s", $1 / 1024, $2 }' "$work/time"
}
echo
echo "| participants × rows each (5 Hz) | table | daily on the AWARE table: peak RSS, time | awk split: time | daily on the split canonical files: peak RSS, time |"
echo "| --- | ---: | ---: | ---: | ---: |"
for case in "2 $rows" "2 $((rows * 4))" "16 $rows"; do
    set -- $case
    table "$1" "$2" "$work/aware.csv"
    rm -rf "$work/split"
    start=$(date +%s.%N); split_awk "$work/aware.csv" "$work/split"; awk_s=$(echo "$(date +%s.%N) - $start" | bc)
    size=$(du -m "$work/aware.csv" | cut -f1)
    aware=$(measure "$tool" daily "$work/aware.csv" --units ms2 --time-zone UTC --jobs 1 --quiet)
    canonical=$(measure "$tool" daily "$work"/split/*.csv --units ms2 --time-zone UTC --jobs 1 --quiet)
    echo "| $1 × $2 | $size MB | $aware | $(printf '%.1f' "$awk_s") s | $canonical |"
done
