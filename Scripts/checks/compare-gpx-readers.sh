#!/usr/bin/env bash
# Compares two builds of `locomotion` on real and real-derived GPX: `distance` (default, --no-filters,
# --join-segments) and `convert --from gpx` (the fixes, written exactly) must be byte-identical.
#
#   Scripts/checks/compare-gpx-readers.sh OLD_BINARY NEW_BINARY
#
# The GPX files: the three gpxpy test files in ../shared/datasets/gpxpy-testfiles, and for each GSDC
# 2021 fix file (phone NMEA and SPAN truth, converted with `locomotion convert`) three GPX renderings
# written by Scripts/checks/gpx-variants.py (Strava-like: BOM, CRLF, comments, a processing instruction,
# CDATA, references, both quote styles, prefixed extensions, a segment break; gpxpy-like: a namespace
# prefix on every element with accuracy extensions; waypoints in a Latin-1 file with route points).
# Work goes to $GPX_COMPARE_WORK (default /tmp/locomotion-gpx-compare). Exit 1 on any difference.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
old="$1"; new="$2"
datasets="${LOCOMOTION_DATASETS:-$root/../shared/datasets}"
work="${GPX_COMPARE_WORK:-/tmp/locomotion-gpx-compare}"
rm -rf "$work" && mkdir -p "$work" && cd "$work"
cp "$datasets"/gpxpy-testfiles/raw/*.gpx .
"$old" convert --from gsdc2021-mtv-nmea "$datasets/gsdc2021-mtv-nmea" -o "$work/gsdc" --quiet > /dev/null
for fixes in gsdc/*.fixes.csv; do python3 "$root/Scripts/checks/gpx-variants.py" "$fixes"; done
run() {
    local binary="$1" out="$2"
    mkdir -p "$out"
    for file in *.gpx; do
        for options in "" "--no-filters" "--join-segments"; do
            "$binary" distance $options "$file" > "$out/$file.distance${options// /}.txt" 2>&1 || echo "exit $?" >> "$out/$file.distance${options// /}.txt"
        done
    done
    "$binary" convert --from gpx ./*.gpx -o "$out/converted" --quiet | sed "s|$out/converted|OUT|" > "$out/convert.txt"
}
run "$old" old
run "$new" new
files=$(ls ./*.gpx | wc -l)
if diff -r old new > diff.txt; then
    echo "identical: $files GPX files × 3 distance runs, and convert --from gpx ($(ls old/converted | wc -l) fix CSVs)"
else
    echo "DIFFERENT (see $work/diff.txt)"; head -20 diff.txt; exit 1
fi
