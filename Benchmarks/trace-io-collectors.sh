#!/usr/bin/env bash
# Reading collectors' traces (issue 25): the same simulated rows (6 h at 50 Hz, short rows timestamp,x,y,z) as the
# canonical CSV (decimal seconds), as integer epoch milliseconds, and gzipped (-6), each read by the serial streaming
# reader (best of 5). Gzip's figure is in MB/s of the decompressed CSV (the file's size before compression); the
# references are the system's `gzip -dc` and Python's zlib.decompress on the same file (same zlib), in the same run.
# Usage: Benchmarks/trace-io-collectors.sh [DURATION_SECONDS]
set -euo pipefail
cd "$(dirname "$0")/.."
duration=${1:-21600}
work=${TMPDIR:-/tmp}/locomotion-trace-io-collectors
mkdir -p "$work"
swift build -c release --package-path Benchmarks --product trace-io-benchmark >&2
swift build -c release --package-path Benchmarks --product locomotion >&2
bin=$(swift build -c release --package-path Benchmarks --show-bin-path)
"$bin/locomotion" simulate --duration "$duration" --seed 1 --output "$work/day.csv"
cut -d, -f1-4 "$work/day.csv" > "$work/short.csv"
awk -F, 'NR==1{print "timestamp,x,y,z"; next}{printf "%.0f,%s,%s,%s\n", $1*1000, $2, $3, $4}' "$work/day.csv" > "$work/ms.csv"
gzip -6 -k -f "$work/short.csv"
decompressed=$(stat -c %s "$work/short.csv")
echo "decompressed_bytes=$decompressed rows=$(($(wc -l < "$work/short.csv") - 1))"
echo "canonical:"; "$bin/trace-io-benchmark" "$work/short.csv" 5 stream | head -1
echo "milliseconds:"; "$bin/trace-io-benchmark" "$work/ms.csv" 5 stream | head -1
echo "gzip (megabytes below are the compressed file's; divide $decompressed bytes by seconds):"
"$bin/trace-io-benchmark" "$work/short.csv.gz" 5 stream | head -1
/usr/bin/time -f "gzip -dc user_s=%U wall_s=%e" gzip -dc "$work/short.csv.gz" > /dev/null
python3 -c "
import sys, time, zlib
data = open(sys.argv[1], 'rb').read()
best = min((lambda t: (zlib.decompress(data, 31), time.perf_counter() - t)[1])(time.perf_counter()) for _ in range(3))
print(f'python zlib.decompress MB_per_s={int(sys.argv[2]) / best / 1e6:.1f} (zlib {zlib.ZLIB_RUNTIME_VERSION})')
" "$work/short.csv.gz" "$decompressed"
rm -f "$work/day.csv" "$work/ms.csv" "$work/short.csv" "$work/short.csv.gz"
