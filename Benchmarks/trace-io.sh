#!/usr/bin/env bash
# Trace I/O benchmark: simulate a 24 h, 50 Hz day (4.26 M rows), then time
# LocomotionIO's streaming and batch readers and the CSV writer (release build,
# best of 3), against pandas' C parser on the same file in the same run.
# Usage: Benchmarks/trace-io.sh [DURATION_SECONDS]   (needs pandas: pip install pandas); ends with the streaming
# figure on the same rows without their label column (short rows).
set -euo pipefail
cd "$(dirname "$0")/.."
duration=${1:-86400}
work=${TMPDIR:-/tmp}/locomotion-trace-io
mkdir -p "$work"
# The driver is a target of the Benchmarks package; the tool comes from the package it depends on (this checkout),
# so both are built once, in release, in Benchmarks/.build.
swift build -c release --package-path Benchmarks --product trace-io-benchmark >&2
swift build -c release --package-path Benchmarks --product locomotion >&2
bin=$(swift build -c release --package-path Benchmarks --show-bin-path)
/usr/bin/time -f "simulate duration_s=$duration user_s=%U sys_s=%S wall_s=%e max_rss_KB=%M" \
  $bin/locomotion simulate --duration "$duration" --seed 1 --output "$work/day.csv" --fixes "$work/day-fixes.csv"
echo "trace_bytes=$(stat -c %s "$work/day.csv") rows=$(($(wc -l < "$work/day.csv") - 1))"
"$bin/trace-io-benchmark" "$work/day.csv" 3
python3 Benchmarks/reference_trace_io.py "$work/day.csv" 3
# Short rows: the same day without its label column (timestamp,x,y,z: ~40 bytes a row instead of ~51). The cost of
# parsing is per row, so this is the hardest case for a bytes-per-second figure. Streaming figure only.
cut -d, -f1-4 "$work/day.csv" > "$work/short.csv"
echo "short_trace_bytes=$(stat -c %s "$work/short.csv") rows=$(($(wc -l < "$work/short.csv") - 1))"
"$bin/trace-io-benchmark" "$work/short.csv" 5 stream
rm -f "$work/short.csv"
