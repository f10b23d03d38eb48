#!/usr/bin/env bash
# The Python module's speed (issue 29), against the command line in the same run, same machine, same build
# configuration (release, the Swift FFT: the wheel's): `locomotion.label(df)` on a simulated 24 h at 50 Hz already in
# memory against `locomotion label day.csv` (the CLI's wall time, reading the CSV), and the cost of pushing a
# 1-second chunk (50 samples) to `locomotion.MotionEngine`: per push, and the call overhead — per push minus the
# engine's own work on the same samples (the whole hour pushed in one call). Every timed figure: min / median / max
# over ROUNDS rounds (default 5), CLI and Python alternating.
#   Benchmarks/python.sh [SECONDS]        (default 86400)
set -euo pipefail
cd "$(dirname "$0")/.."
duration=${1:-86400}
rounds=${ROUNDS:-5}
scratch=.build-wheel
./Scripts/ci/build-wheel.sh >/dev/null
nice swift build -c release --disable-default-traits --product locomotion --scratch-path "$scratch" >/dev/null
cli=$(swift build -c release --disable-default-traits --scratch-path "$scratch" --show-bin-path)/locomotion
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$cli" simulate --duration "$duration" --seed 29 --output "$work/day.csv" >/dev/null
echo "# machine: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs), $(nproc) cores; load average $(cut -d' ' -f1-3 /proc/loadavg)"
echo "# trace: $duration s at 50 Hz, $(($(wc -l < "$work/day.csv") - 1)) samples, $(du -m "$work/day.csv" | cut -f1) MB of CSV"
LOCOMOTION_LIBRARY="$scratch/wheel/liblocomotion.so" PYTHONPATH=Integrations/python \
    python3 Benchmarks/python_bench.py "$cli" "$work/day.csv" "$rounds"
