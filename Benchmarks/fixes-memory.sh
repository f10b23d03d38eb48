#!/usr/bin/env bash
# Peak memory of `locomotion epochs --fixes FILE` against the number of fixes (issue 30: the documented bytes per
# fix, Docs/cohorts.md "Memory"). One still trace of 10 000 s at 1 Hz; fixes at 10 or 100 Hz over the same span
# (100 000 and 1 000 000 of them) as fix CSV, and the million also as GPX. Peak RSS is GNU time's %M (the whole
# process); bytes per fix = (peak with N fixes − peak without fixes) / N.
#
# Usage: Benchmarks/fixes-memory.sh [LOCOMOTION]     (default: builds and uses .build/release/locomotion)
set -euo pipefail
cd "$(dirname "$0")/.."
work=${TMPDIR:-/tmp}/locomotion-fixes-memory
rm -rf "$work"
mkdir -p "$work"
trap 'rm -rf "$work"' EXIT
if [ $# -ge 1 ]; then tool=$1; else swift build -c release --product locomotion >&2; tool=$PWD/.build/release/locomotion; fi
echo "# machine: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs), $(nproc) cores; load $(cut -d' ' -f1-3 /proc/loadavg); $tool"
python3 - "$work" <<'PY'
import datetime, sys
work, t0, span = sys.argv[1], 1_700_000_000, 10_000
with open(f"{work}/trace.csv", "w") as f:
    f.write("timestamp,x,y,z\n")
    f.writelines(f"{t0 + i},0,0,1\n" for i in range(span))
for n in (100_000, 1_000_000):
    step = span / n
    with open(f"{work}/fixes{n}.csv", "w") as f:
        f.write("timestamp,latitude,longitude,horizontal_accuracy\n")
        f.writelines(f"{t0 + i * step:.2f},{47 + i * 1e-7:.7f},{8 + i * 1e-7:.7f},5\n" for i in range(n))
n = 1_000_000
with open(f"{work}/fixes{n}.gpx", "w") as f:
    f.write('<?xml version="1.0" encoding="UTF-8"?>\n<gpx version="1.1" creator="bench"><trk><trkseg>\n')
    for i in range(n):
        time = datetime.datetime.fromtimestamp(t0 + i * span / n, datetime.timezone.utc)
        f.write(f'<trkpt lat="{47 + i * 1e-7:.7f}" lon="{8 + i * 1e-7:.7f}"><time>{time:%Y-%m-%dT%H:%M:%S.%f}Z</time></trkpt>\n')
    f.write("</trkseg></trk></gpx>\n")
PY
rss() {  # peak RSS in KB of "$@" (standard output discarded)
    /usr/bin/time -f '%M' -o "$work/time" "$@" >/dev/null
    cat "$work/time"
}
common=(epochs "$work/trace.csv" --time-zone UTC --quiet)
base=$(rss "$tool" "${common[@]}")
echo
echo "| fixes | file | peak RSS | bytes per fix above no fixes |"
echo "| ---: | --- | ---: | ---: |"
printf '| 0 | | %.1f MB | |\n' "$(echo "$base / 1024" | bc -l)"
for file in fixes100000.csv fixes1000000.csv fixes1000000.gpx; do
    n=${file//[!0-9]/}
    peak=$(rss "$tool" "${common[@]}" --fixes "$work/$file")
    printf '| %d | %s (%.0f MB) | %.1f MB | %.0f |\n' "$n" "${file##*.}" "$(echo "$(stat -c %s "$work/$file") / 1000000" | bc -l)" \
        "$(echo "$peak / 1024" | bc -l)" "$(echo "($peak - $base) * 1024 / $n" | bc -l)"
done
