#!/usr/bin/env bash
# Pipeline benchmark (issues 9 and 17): `locomotion label` on a simulated 50 Hz day against the same pipeline
# in pandas+numpy+scipy (Benchmarks/reference_pipeline.py), run alternately on the same file (paired rounds),
# then CSV parsing on 1 and 2 cores against its limit (reading the bytes alone), the in-memory and streaming
# cost per sample, allocations per sample. Every timed figure: min / median / max over ROUNDS rounds.
# Usage, from anywhere:  Benchmarks/pipeline.sh [DURATIONS_SECONDS...]   (default: 86400)
#   ROUNDS=7 Benchmarks/pipeline.sh 3600 86400     (ROUNDS ≥ 5; default 5)
#   BASELINE=/path/to/older/locomotion Benchmarks/pipeline.sh   (also times that build's label in each round:
#                                                                before/after in the same minutes)
#   BASELINE_CHECKOUT=/path/to/older/checkout Benchmarks/pipeline.sh
#       (also builds this package's in-memory and streaming driver against that checkout's library, in
#        Benchmarks/.build-baseline, and runs it alternately with this build's, one round each, ROUNDS times:
#        paired before/after per-sample figures)
# Needs python3 with numpy, scipy and pandas (pip install pandas), GNU time (/usr/bin/time), a C compiler (the malloc counter);
# taskset (util-linux) for the one-core rows.
# Traces go to ${TMPDIR:-/tmp}/locomotion-pipeline and are deleted at the end.
set -euo pipefail
cd "$(dirname "$0")/.."
durations=("$@")
[ ${#durations[@]} -gt 0 ] || durations=(86400)
rounds=${ROUNDS:-5}
[ "$rounds" -ge 5 ] || { echo "ROUNDS must be at least 5" >&2; exit 2; }
work=${TMPDIR:-/tmp}/locomotion-pipeline
mkdir -p "$work"
trap 'rm -rf "$work"' EXIT

machine() {
    echo "# machine: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs), $(nproc) cores," \
        "$(free -g | awk '/Mem:/ { print $2 }') GB; load average $(cut -d' ' -f1-3 /proc/loadavg) ($1)"
}
machine "at start"
# The driver is a target of the Benchmarks package; the tool comes from the package it depends on (this checkout),
# so both are built once, in release, in Benchmarks/.build.
swift build -c release --package-path Benchmarks --product pipeline-benchmark >&2
swift build -c release --package-path Benchmarks --product locomotion >&2
bin=$(swift build -c release --package-path Benchmarks --show-bin-path)
# malloc counter read by the benchmark through the symbol locomotion_malloc_calls.
cat > "$work/count.c" <<'C'
#include <stddef.h>
unsigned long long locomotion_malloc_calls = 0;
extern void *__libc_malloc(size_t);
void *malloc(size_t size) { locomotion_malloc_calls++; return __libc_malloc(size); }
C
cc -shared -fPIC -O2 -o "$work/count.so" "$work/count.c"
if [ -n "${BASELINE_BUILD:-}" ]; then
    echo "BASELINE_BUILD is gone: set BASELINE_CHECKOUT to the older checkout (its folder, not its build folder)" >&2
    exit 2
fi
if [ -n "${BASELINE_CHECKOUT:-}" ]; then
    LOCOMOTION_PACKAGE_PATH=$(cd "$BASELINE_CHECKOUT" && pwd) swift build -c release --package-path Benchmarks \
        --scratch-path Benchmarks/.build-baseline --product pipeline-benchmark >&2
    baseline_driver=$(LOCOMOTION_PACKAGE_PATH=$(cd "$BASELINE_CHECKOUT" && pwd) swift build -c release \
        --package-path Benchmarks --scratch-path Benchmarks/.build-baseline --show-bin-path)/pipeline-benchmark
fi
python=(env -u OPENBLAS_CORETYPE -u OPENBLAS_L2_SIZE OMP_NUM_THREADS=1 OPENBLAS_NUM_THREADS=1 python3)
one_core=()
command -v taskset > /dev/null && one_core=(taskset -c 0)

# `NAME min median max` of the values of the rows `NAME value` of file $1.
spread() {
    awk -v name="$2" '$1 == name { print $2 }' "$1" | sort -g | awk -v name="$2" '
        { v[NR] = $1 } END { m = NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
                             printf "%s\t%.3f\t%.3f\t%.3f\n", name, v[1], m, v[NR] }'
}

for duration in "${durations[@]}"; do
    trace="$work/trace-$duration.csv"
    $bin/locomotion simulate --duration "$duration" --rate 50 --seed 1 --output "$trace"
    bytes=$(stat -c %s "$trace")
    rows=$(($(wc -l < "$trace") - 1))
    echo
    echo "## ${duration} s at 50 Hz: $rows rows, $((bytes / 1000000)) MB; $rounds paired rounds"
    echo "# figure	min	median	max"
    # Paired rounds: locomotion on 2 cores, on 1 core, then the reference, one after the other on the same file.
    : > "$work/rounds"
    for round in $(seq "$rounds"); do
        [ -z "${BASELINE:-}" ] || /usr/bin/time -f "baseline2 $round %e %U %S %M" -a -o "$work/rounds" \
            "$BASELINE" label "$trace" > /dev/null
        /usr/bin/time -f "label2 $round %e %U %S %M" -a -o "$work/rounds" $bin/locomotion label "$trace" \
            > "$work/segments-swift.csv"
        [ ${#one_core[@]} -eq 0 ] || /usr/bin/time -f "label1 $round %e %U %S %M" -a -o "$work/rounds" \
            "${one_core[@]}" $bin/locomotion label "$trace" > /dev/null
        /usr/bin/time -f "reference $round %e %U %S %M" -a -o "$work/rounds" "${python[@]}" \
            Benchmarks/reference_pipeline.py "$trace" "$work/segments-python.csv" > "$work/python-figures"
    done
    # Per round: wall, CPU (user + sys), peak RSS, and the paired ratios reference / locomotion.
    awk '{ wall[$1, $2] = $3; cpu[$1, $2] = $4 + $5; rss[$1, $2] = $6 / 1024; n = $2 }
        END { for (r = 1; r <= n; r++) {
            print "label_2cores_wall_s", wall["label2", r]; print "label_2cores_cpu_s", cpu["label2", r]
            if (("label1", r) in wall) { print "label_1core_wall_s", wall["label1", r]
                                         print "ratio_wall_1core", wall["reference", r] / wall["label1", r] }
            print "reference_wall_s", wall["reference", r]; print "reference_cpu_s", cpu["reference", r]
            print "ratio_wall_2cores", wall["reference", r] / wall["label2", r]
            print "ratio_cpu", cpu["reference", r] / cpu["label2", r]
            print "label_peak_rss_MB", rss["label2", r]; print "reference_peak_rss_MB", rss["reference", r]
            if (("baseline2", r) in wall) { print "baseline_label_2cores_wall_s", wall["baseline2", r]
                                            print "baseline_label_2cores_cpu_s", cpu["baseline2", r] } } }' \
        "$work/rounds" > "$work/derived"
    for name in label_2cores_wall_s label_2cores_cpu_s label_1core_wall_s reference_wall_s reference_cpu_s \
                ratio_wall_2cores ratio_wall_1core ratio_cpu label_peak_rss_MB reference_peak_rss_MB \
                baseline_label_2cores_wall_s baseline_label_2cores_cpu_s; do
        grep -q "^$name " "$work/derived" && spread "$work/derived" "$name"
    done
    echo "locomotion_segments	$(($(wc -l < "$work/segments-swift.csv") - 1))"
    sed -n 's/^reference_label_\(windows\|segments\)/reference_\1/p' "$work/python-figures"
    LD_PRELOAD="$work/count.so" "$bin/pipeline-benchmark" "$trace" "$rounds" | tee "$work/figures"
    if [ -n "${BASELINE_CHECKOUT:-}" ]; then
        # Paired rounds: the baseline build's driver, then this build's, one round each.
        : > "$work/paired"
        for round in $(seq "$rounds"); do
            "$baseline_driver" "$trace" 1 pipeline | awk '$1 ~ /_per_sample$/ { print "baseline_" $1, $3 }' >> "$work/paired"
            "$bin/pipeline-benchmark" "$trace" 1 pipeline | awk '$1 ~ /_per_sample$/ { print "after_" $1, $3 }' >> "$work/paired"
        done
        echo "# paired with BASELINE_CHECKOUT=$BASELINE_CHECKOUT (one round each, alternately; CPU time, ns per sample)"
        for name in memory_ns_per_sample memory_activity_ns_per_sample memory_steps_ns_per_sample streaming_ns_per_sample; do
            spread "$work/paired" "baseline_$name"
            spread "$work/paired" "after_$name"
        done
    fi
    # What stands between each figure and its limit (from the figures above).
    awk -v rows="$rows" -F'\t' '$1 !~ /^#/ { median[$1] = $3 }
        END {
            parse = rows * median["csv_ns_per_row"] / 1e9
            activity = rows * median["memory_activity_ns_per_sample"] / 1e9
            printf "# limits (medians):\n"
            printf "#   parsing on one core: %.0f MB/s of the %.0f MB/s that reading the bytes alone takes (%.0f%%)\n",
                median["csv_MB_per_s"], median["read_only_MB_per_s"], 100 * median["csv_MB_per_s"] / median["read_only_MB_per_s"]
            printf "#   label: parsing %.2f s + classifier %.2f s of CPU; on 2 cores its wall time cannot go below the\n", parse, activity
            printf "#   larger of the two (%.2f s: the classifier is one thread) nor below half their sum (%.2f s)\n",
                (parse > activity ? parse : activity), (parse + activity) / 2
        }' "$work/figures"
    rm -f "$trace"
done
machine "at end"
