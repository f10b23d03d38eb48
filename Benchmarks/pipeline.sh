#!/usr/bin/env bash
# Pipeline benchmark (issue 9): `locomotion label` on a simulated 50 Hz day vs the same pipeline in
# pandas+numpy+scipy (Benchmarks/reference_pipeline.py) on the same file in the same run, then CSV
# parsing throughput, in-memory and streaming ns/sample, allocations per sample, and scaling with length.
# Usage, from anywhere:  Benchmarks/pipeline.sh [DURATIONS_SECONDS...]   (default: 3600 86400)
# e.g. Benchmarks/pipeline.sh 3600 86400 604800 for the 7-day point (2.5 GB of CSV in $TMPDIR).
# Needs python3 with numpy, scipy and pandas (pip install pandas), GNU time (/usr/bin/time), a C compiler.
# Traces go to ${TMPDIR:-/tmp}/locomotion-pipeline and are deleted at the end.
set -euo pipefail
cd "$(dirname "$0")/.."
durations=("$@")
[ ${#durations[@]} -gt 0 ] || durations=(3600 86400)
work=${TMPDIR:-/tmp}/locomotion-pipeline
mkdir -p "$work"
trap 'rm -rf "$work"' EXIT

echo "# machine: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
swift build -c release --product locomotion >&2
bin=.build/release
objects=$(ls $bin/LocomotionIO.build/*.o $bin/Locomotion.build/*.o $bin/LocomotionDSP.build/*.o)
swiftc -O -I $bin/Modules -I Sources/CFFTW Benchmarks/Pipeline/main.swift Benchmarks/Support/BenchmarkSupport.swift $objects $(pkg-config --libs fftw3 2>/dev/null || echo -lfftw3) \
    -o "$work/pipeline-benchmark" >&2
# malloc counter read by the benchmark through the symbol locomotion_malloc_calls.
cat > "$work/count.c" <<'C'
#include <stddef.h>
unsigned long long locomotion_malloc_calls = 0;
extern void *__libc_malloc(size_t);
void *malloc(size_t size) { locomotion_malloc_calls++; return __libc_malloc(size); }
C
cc -shared -fPIC -O2 -o "$work/count.so" "$work/count.c"
python=(env -u OPENBLAS_CORETYPE -u OPENBLAS_L2_SIZE OMP_NUM_THREADS=1 OPENBLAS_NUM_THREADS=1 python3)

for duration in "${durations[@]}"; do
    trace="$work/trace-$duration.csv"
    $bin/locomotion simulate --duration "$duration" --rate 50 --seed 1 --output "$trace"
    bytes=$(stat -c %s "$trace")
    echo
    echo "## ${duration} s at 50 Hz: $(($(wc -l < "$trace") - 1)) rows, $((bytes / 1000000)) MB"
    # Batch label, both sides: user+sys CPU seconds (the machine is shared; wall time also shown) and peak RSS.
    /usr/bin/time -f "locomotion_label_cpu_s\t%U %S\nlocomotion_label_wall_s\t%e\nlocomotion_label_peak_rss_MB\t%M" \
        -o "$work/time-swift" $bin/locomotion label "$trace" > "$work/segments-swift.csv"
    /usr/bin/time -f "reference_label_cpu_s\t%U %S\nreference_label_wall_s\t%e\nreference_label_peak_rss_MB\t%M" \
        -o "$work/time-python" "${python[@]}" Benchmarks/reference_pipeline.py "$trace" "$work/segments-python.csv" \
        > "$work/python-figures"
    figures=$(cat "$work/time-swift" "$work/time-python" | awk -F'\t' '
        /cpu_s/ { split($2, t, " "); $2 = t[1] + t[2] } /rss/ { $2 = $2 / 1024 } { printf "%s\t%s\n", $1, $2 }')
    printf '%s\n' "$figures"
    sed -n 's/^reference_label_\(windows\|segments\)/reference_\1/p' "$work/python-figures"
    echo "locomotion_segments	$(($(wc -l < "$work/segments-swift.csv") - 1))"
    printf '%s\n' "$figures" | awk -F'\t' '{ v[$1] = $2 } END {
        printf "ratio_cpu_reference_over_locomotion\t%.2f\n", v["reference_label_cpu_s"] / v["locomotion_label_cpu_s"]
        printf "ratio_wall_reference_over_locomotion\t%.2f\n", v["reference_label_wall_s"] / v["locomotion_label_wall_s"]
        printf "locomotion_label_ns_per_row\t%.1f\n", v["locomotion_label_cpu_s"] * 1e9 / ('"$duration"' * 50) }'
    LD_PRELOAD="$work/count.so" "$work/pipeline-benchmark" "$trace" 2
    rm -f "$trace"
done
