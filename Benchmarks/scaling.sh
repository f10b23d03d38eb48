#!/usr/bin/env bash
# Scaling of `locomotion label` (issue 9):
#  1. time and peak memory against trace length: 1 h, 24 h and 7 days at 50 Hz (linear time, flat memory);
#  2. one 24 h file on one core (taskset -c 0) and on two (parsing on a second thread overlaps the classifier),
#     with Benchmarks/reference_pipeline.py (pandas + numpy + scipy) on the same file for comparison;
#  3. throughput over many files (24 one-hour traces) with 1 and 2 cores: `label --jobs N` when this build
#     has it, else one process per file through `xargs -P N`.
# Every figure is the minimum over ROUNDS runs (default 3) of wall time and, separately, of CPU time
# (user + sys from GNU time); peak RSS is the maximum. On a shared machine wall time measures the
# neighbours too: compare CPU time for cost, and wall time only between runs taken together.
#
# Usage, from anywhere:  Benchmarks/scaling.sh [HOURS...]     (default: 1 24 168)
#   e.g. Benchmarks/scaling.sh 1 24   to skip the 7-day trace (1.5 GB of CSV in $TMPDIR, deleted at the end)
#   ROUNDS=5 FILES=48 Benchmarks/scaling.sh
# Needs GNU time (/usr/bin/time) and taskset (util-linux).
set -euo pipefail
cd "$(dirname "$0")/.."
hours=("$@")
[ ${#hours[@]} -gt 0 ] || hours=(1 24 168)
rounds=${ROUNDS:-3}
files=${FILES:-24}
work=${TMPDIR:-/tmp}/locomotion-scaling
mkdir -p "$work"
trap 'rm -rf "$work"' EXIT

echo "# machine: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "# $(swift --version 2>&1 | head -1)"
swift build -c release --product locomotion >&2
tool=.build/release/locomotion
start=1699920000  # 2023-11-14T00:00:00Z

# A trace of H hours at 50 Hz: one simulated day per seed, concatenated (as Benchmarks/memory.sh does);
# shorter than a day: one compressed day.
simulate() {
    local hours=$1 output=$2
    if [ "$hours" -lt 24 ]; then
        "$tool" simulate --duration $((hours * 3600)) --rate 50 --seed 1 --output "$output"
        return
    fi
    "$tool" simulate --duration 86400 --rate 50 --seed 1 --start $start --output "$output"
    for ((day = 1; day < hours / 24; day++)); do
        "$tool" simulate --duration 86400 --rate 50 --seed $((day + 1)) --start $((start + day * 86400)) \
            --output - | tail -n +2 >> "$output"
    done
}

# measure NAME COMMAND...: min wall, min CPU (user+sys), max RSS over $rounds runs, stdout discarded.
measure() {
    local name=$1
    shift
    local best_wall=1e9 best_cpu=1e9 peak=0
    for ((round = 0; round < rounds; round++)); do
        /usr/bin/time -f "%e %U %S %M" -o "$work/time" "$@" > /dev/null
        read -r wall user sys rss < "$work/time"
        best_wall=$(awk -v a="$best_wall" -v b="$wall" 'BEGIN { print (b < a ? b : a) }')
        best_cpu=$(awk -v a="$best_cpu" -v b="$user" -v c="$sys" 'BEGIN { print (b + c < a ? b + c : a) }')
        peak=$(awk -v a="$peak" -v b="$rss" 'BEGIN { print (b > a ? b : a) }')
    done
    printf '%s\t%s\t%s\t%s\n' "$name" "$best_wall" "$best_cpu" "$(awk -v k="$peak" 'BEGIN { printf "%.1f", k * 1024 / 1e6 }')"
}

echo
echo "## 1. label against trace length (min of $rounds; MB = 10^6 bytes)"
printf 'trace\trows\tfile_MB\twall_s\tcpu_s\tcpu_ns_per_row\tpeak_rss_MB\n'
for h in "${hours[@]}"; do
    trace="$work/trace-${h}h.csv"
    simulate "$h" "$trace"
    rows=$(($(wc -l < "$trace") - 1))
    mb=$(awk -v b="$(stat -c %s "$trace")" 'BEGIN { printf "%.0f", b / 1e6 }')
    measure "label" "$tool" label "$trace" | while IFS=$'\t' read -r _ wall cpu rss; do
        printf '%sh\t%s\t%s\t%s\t%s\t%.0f\t%s\n' "$h" "$rows" "$mb" "$wall" "$cpu" \
            "$(awk -v c="$cpu" -v r="$rows" 'BEGIN { print c * 1e9 / r }')" "$rss"
    done
    if [ "$h" = 24 ]; then
        echo
        echo "## 2. one 24 h file: one core against two (min of $rounds)"
        printf 'run\twall_s\tcpu_s\tpeak_rss_MB\n'
        measure "1 core (taskset -c 0)" taskset -c 0 "$tool" label "$trace"
        measure "2 cores" "$tool" label "$trace"
        # CPU per thread (parser vs classifier), from perf samples: the 2-core wall time is bounded below by the
        # larger share, whatever the load.
        if command -v perf > /dev/null && perf record -F 999 -o "$work/perf.data" "$tool" label "$trace" > /dev/null 2>&1; then
            perf script -i "$work/perf.data" -F tid,ip,sym 2> /dev/null | awk -v hz=999 '
                { samples[$1]++; if ($3 ~ /TraceRowScanner/) reader[$1] = 1 }
                END { for (t in samples) printf "thread\t%s\t%.2f s CPU\n", (t in reader ? "reader" : "classifier/main"), samples[t] / hz }' \
                | sort -k3 -r | awk -F'\t' '$3 + 0 >= 0.05'
        fi
        # The same pipeline in pandas + numpy + scipy (single-threaded; BLAS threads pinned to 1).
        if python3 -c 'import pandas, scipy' 2> /dev/null; then
            measure "pandas+scipy reference, 1 core (taskset -c 0)" taskset -c 0 env OMP_NUM_THREADS=1 \
                OPENBLAS_NUM_THREADS=1 python3 Benchmarks/reference_pipeline.py "$trace"
            measure "pandas+scipy reference, 2 cores" env OMP_NUM_THREADS=1 OPENBLAS_NUM_THREADS=1 \
                python3 Benchmarks/reference_pipeline.py "$trace"
        else
            echo "# (no pandas/scipy: reference skipped; pip install pandas scipy)"
        fi
        echo
        echo "## 1. (continued)"
        printf 'trace\trows\tfile_MB\twall_s\tcpu_s\tcpu_ns_per_row\tpeak_rss_MB\n'
    fi
    if [ "$h" -ge 168 ]; then rm -f "$trace"; fi
done

echo
echo "## 3. many files: $files one-hour traces (seeds 1…$files), min of $rounds"
list="$work/files.txt"
: > "$list"
for ((seed = 1; seed <= files; seed++)); do
    "$tool" simulate --duration 3600 --rate 50 --seed $seed --output "$work/hour-$seed.csv"
    echo "$work/hour-$seed.csv" >> "$list"
done
rows=$(cat $(cat "$list") | wc -l)
rows=$((rows - files))
mb=$(du -cb $(cat "$list") | tail -1 | awk '{ printf "%.0f", $1 / 1e6 }')
echo "# $rows rows, $mb MB in all"
printf 'run\twall_s\tcpu_s\tpeak_rss_MB\n'
if "$tool" label --help 2>&1 | grep -q -- '--jobs'; then
    measure "label --jobs 1, 1 core (taskset -c 0)" taskset -c 0 "$tool" label --jobs 1 $(cat "$list")
    measure "label --jobs 1, 2 cores" "$tool" label --jobs 1 $(cat "$list")
    measure "label --jobs 2, 2 cores" "$tool" label --jobs 2 $(cat "$list")
else
    echo "# (this build has no label --jobs: one process per file through xargs)"
    measure "xargs -P 1, 1 core (taskset -c 0)" taskset -c 0 xargs -a "$list" -P 1 -n 1 "$tool" label
    measure "xargs -P 1, 2 cores" xargs -a "$list" -P 1 -n 1 "$tool" label
    measure "xargs -P 2, 2 cores" xargs -a "$list" -P 2 -n 1 "$tool" label
fi
