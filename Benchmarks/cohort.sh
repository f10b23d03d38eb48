#!/usr/bin/env bash
# Cohort throughput (issue 15): the per-epoch, per-day and segment tables of a simulated cohort computed
#  1. on one machine: `locomotion daily --also epochs --also segments --output-dir`, --jobs 1 and --jobs 2;
#  2. with the Spark job (Integrations/spark) in local[2];
#  3. with the Spark job on a standalone cluster on this machine (a master and one worker with 2 cores);
# and the peak memory of `locomotion epochs` on a 1-hour and a 24-hour trace (constant in the trace's length).
# Every run does the same work per participant (one pass of the tool over its files); Spark adds its own start,
# scheduling and Parquet writing, which is what the comparison measures.
#
# Figures: wall time (min over ROUNDS runs, default 2), files/s and MB/s of trace CSV from it, and CPU time
# (user + sys of the tool and its children from GNU time; for Spark the JVMs too). The CPU cost per sample
# comes from the --jobs 1 run. On a shared machine wall time measures the neighbours too: the load is printed.
#
# Usage: Benchmarks/cohort.sh            PARTICIPANTS=20 DAYS=10 HOURS_PER_DAY=1 ROUNDS=2 (the defaults)
# Needs GNU time, Java 17 and PySpark (installed by Scripts/install-spark.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
participants=${PARTICIPANTS:-20}
days=${DAYS:-10}
hours=${HOURS_PER_DAY:-1}
rounds=${ROUNDS:-2}
work=${TMPDIR:-/tmp}/locomotion-cohort-benchmark
rm -rf "$work"
mkdir -p "$work"
cluster_pids=()
cleanup() {
    for pid in "${cluster_pids[@]}"; do kill -- -"$pid" 2>/dev/null || true; done
    rm -rf "$work"
}
trap cleanup EXIT

load() { cut -d' ' -f1-3 /proc/loadavg; }
echo "# machine: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs), $(nproc) cores, load $(load)"
swift build -c release --product locomotion >&2
tool=$PWD/.build/release/locomotion
python=$(./Scripts/install-spark.sh)
spark_home=$("$python" -c 'import os, pyspark; print(os.path.dirname(pyspark.__file__))')
export PATH="$(dirname "$python"):$PATH" PYSPARK_PYTHON="$python" SPARK_LOCAL_IP=127.0.0.1
echo "# $(swift --version 2>&1 | head -1); PySpark $("$python" -c 'import pyspark; print(pyspark.__version__)'); $(java -version 2>&1 | head -1)"

# The cohort: PARTICIPANTS folders of DAYS files, each HOURS_PER_DAY of a simulated day at 50 Hz (with fixes).
first_day=1698364800
for p in $(seq 1 "$participants"); do
    mkdir -p "$work/cohort/p$p"
    for d in $(seq 0 $((days - 1))); do
        "$tool" simulate --duration $((hours * 3600)) --rate 50 --seed $((p * 100 + d)) \
            --start $((first_day + d * 86400 + 7 * 3600)) \
            --output "$work/cohort/p$p/day$d.csv" --fixes "$work/cohort/p$p/day$d.fixes.csv"
    done
done
files=$((participants * days))
traces=$(find "$work/cohort" -name 'day?.csv' -o -name 'day??.csv' | sort)
bytes=$(cat $traces | wc -c)
samples=$(( $(cat $traces | wc -l) - files ))
mb=$(awk -v b="$bytes" 'BEGIN { printf "%.0f", b / 1e6 }')
echo "# cohort: $participants participants x $days days = $files participant-days of $hours h at 50 Hz: $samples samples, $mb MB of CSV (+ fixes)"

common=(--participant-from '{participant}/*.csv' --time-zone Europe/Berlin --companion-fixes)
# Runs "$@" ROUNDS times; prints "min wall s, min CPU s" (GNU time: elapsed, user + sys).
measure() {
    local best_wall=1e9 best_cpu=1e9
    for _ in $(seq 1 "$rounds"); do
        rm -rf "$work/out"
        /usr/bin/time -f '%e %U %S' -o "$work/time" "$@" >/dev/null 2>"$work/stderr" || { cat "$work/stderr" >&2; exit 1; }
        read -r wall user system < "$work/time"
        best_wall=$(awk -v a="$best_wall" -v b="$wall" 'BEGIN { print (b < a ? b : a) }')
        best_cpu=$(awk -v a="$best_cpu" -v b="$user" -v c="$system" 'BEGIN { print (b + c < a ? b + c : a) }')
    done
    echo "$best_wall $best_cpu"
}
row() {  # name wall cpu
    awk -v n="$1" -v w="$2" -v c="$3" -v f="$files" -v m="$mb" -v l="$(load)" \
        'BEGIN { printf "| %s | %.1f | %.1f | %.2f | %.1f | %s |\n", n, w, c, f / w, m / w, l }'
}

echo
echo "| run | wall s (min of $rounds) | CPU s | files/s | MB/s | load after |"
echo "| --- | ---: | ---: | ---: | ---: | --- |"
read -r wall1 cpu1 < <(measure "$tool" daily "$work/cohort" "${common[@]}" --output-dir "$work/out" --also epochs --also segments --jobs 1 --quiet)
row "locomotion --jobs 1" "$wall1" "$cpu1"
read -r wall2 cpu2 < <(measure "$tool" daily "$work/cohort" "${common[@]}" --output-dir "$work/out" --also epochs --also segments --jobs 2 --quiet)
row "locomotion --jobs 2" "$wall2" "$cpu2"

submit=(spark-submit --conf spark.ui.enabled=false --conf spark.ui.showConsoleProgress=false
        Integrations/spark/locomotion_spark/submit.py "$work/cohort" "${common[@]}" --locomotion "$tool" --output "$work/out")
read -r wall3 cpu3 < <(measure "${submit[0]}" --master 'local[2]' "${submit[@]:1}")
row "Spark local[2]" "$wall3" "$cpu3"

port=7177; ui=8181
setsid "$spark_home/bin/spark-class" org.apache.spark.deploy.master.Master --host 127.0.0.1 --port $port --webui-port $ui \
    >"$work/master.log" 2>&1 & cluster_pids+=($!)
setsid "$spark_home/bin/spark-class" org.apache.spark.deploy.worker.Worker spark://127.0.0.1:$port --host 127.0.0.1 \
    --cores 2 --memory 4g --webui-port 8182 --work-dir "$work/worker" >"$work/worker.log" 2>&1 & cluster_pids+=($!)
for _ in $(seq 1 120); do
    curl -s "http://127.0.0.1:$ui/json/" 2>/dev/null | grep -q '"aliveworkers" *: *1' && break
    sleep 1
done
# The executors run under the worker, not under GNU time: their CPU is read from the cluster's processes
# (utime + stime + the children's cutime + cstime in /proc, clock ticks) and added, averaged over the rounds.
cluster_ticks() {
    local total=0 pid
    for pid in $(pgrep -g "$(IFS=,; echo "${cluster_pids[*]}")" 2>/dev/null); do
        total=$(awk -v t="$total" '{ print t + $14 + $15 + $16 + $17 }' "/proc/$pid/stat" 2>/dev/null || echo "$total")
    done
    echo "$total"
}
ticks_before=$(cluster_ticks)
read -r wall4 cpu4 < <(measure "${submit[0]}" --master spark://127.0.0.1:$port "${submit[@]:1}")
ticks_after=$(cluster_ticks)
cpu4=$(awk -v c="$cpu4" -v a="$ticks_before" -v b="$ticks_after" -v hz="$(getconf CLK_TCK)" -v r="$rounds" \
    'BEGIN { printf "%.1f", c + (b - a) / hz / r }')
row "Spark standalone (1 worker, 2 cores)" "$wall4" "$cpu4"
for pid in "${cluster_pids[@]}"; do kill -- -"$pid" 2>/dev/null || true; done
cluster_pids=()

echo
awk -v c="$cpu1" -v s="$samples" 'BEGIN {
    per = c / s
    week = 7 * 86400 * 50
    printf "per sample (--jobs 1, all three tables): %.0f ns of CPU\n", per * 1e9
    printf "CPU-hours per 1,000 participant-weeks (24 h a day at 50 Hz, %.2e samples): %.0f\n", 1000 * week, per * 1000 * week / 3600
}'
echo "(CPU: the tool and its children for --jobs; the driver JVM, its executors and their tools for local[2]; the driver"
echo " under GNU time plus the master's and worker's processes, executors included, for the standalone cluster.)"

echo
echo "| peak memory of locomotion epochs --output-dir | RSS MB |"
echo "| --- | ---: |"
for length in 3600 86400; do
    "$tool" simulate --duration $length --rate 50 --seed 9 --output "$work/long.csv"
    rm -rf "$work/out"
    /usr/bin/time -f '%M' -o "$work/rss" "$tool" epochs "$work/long.csv" --time-zone UTC --output-dir "$work/out" \
        --also daily --also segments --quiet >/dev/null
    echo "| $((length / 3600)) h at 50 Hz ($(( $(wc -c < "$work/long.csv") / 1000000 )) MB) | $(( $(cat "$work/rss") / 1024 )) |"
done
