#!/usr/bin/env bash
# Cohort throughput (issue 15): the per-epoch, per-day and segment tables of a simulated cohort computed
#  1. on one machine: `locomotion daily --also epochs --also segments --output-dir`, --jobs 1 and --jobs 2;
#  2. with the Spark job (Integrations/spark) in local[2];
#  3. with the Spark job on a standalone cluster on this machine (a master and one worker with 2 cores);
# (peak memory against a recording's length: Benchmarks/cohort-memory.sh).
# Every run does the same work per participant (one pass of the tool over its files); Spark adds its own start,
# scheduling and Parquet writing, which is what the comparison measures.
#
# Figures: wall time (min and median over ROUNDS runs, default 3), files/s and MB/s of trace CSV from them, and
# CPU time (median; user + sys of the tool and its children from GNU time; for Spark the JVMs, and for the
# standalone cluster its executors, too). The CPU cost per sample comes from the --jobs 1 run. On a shared machine
# wall time measures the neighbours too: the load average before and after each row is printed.
#
# Usage: Benchmarks/cohort.sh            PARTICIPANTS=20 DAYS=10 HOURS_PER_DAY=1 ROUNDS=3 (the defaults)
# Needs GNU time, Java 17 and PySpark (installed by Scripts/ci/install-spark.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
participants=${PARTICIPANTS:-20}
days=${DAYS:-10}
hours=${HOURS_PER_DAY:-1}
rounds=${ROUNDS:-3}
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
echo "# machine: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs), $(nproc) cores; at $(date -u +%FT%TZ): $(uptime)"
swift build -c release --product locomotion >&2
tool=$PWD/.build/release/locomotion
python=$(./Scripts/ci/install-spark.sh)
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
# Runs "$@" ROUNDS times; prints "min wall s, median wall s, median CPU s, min CPU s, median EXTRA_CPU s" (GNU time: elapsed, user +
# sys). With EXTRA_CPU set to a command, its output (CPU seconds spent outside "$@" during the round, e.g. by the
# standalone cluster's executors) is read before and after each round and the difference added to the round's CPU.
measure() {
    local walls=() cpus=() extras=() before after
    for _ in $(seq 1 "$rounds"); do
        rm -rf "$work/out"
        before=$(${EXTRA_CPU:-echo 0})
        /usr/bin/time -f '%e %U %S' -o "$work/time" "$@" >/dev/null 2>"$work/stderr" || { cat "$work/stderr" >&2; exit 1; }
        after=$(${EXTRA_CPU:-echo 0})
        read -r wall user system < "$work/time"
        walls+=("$wall")
        cpus+=("$(awk -v u="$user" -v s="$system" -v a="$before" -v b="$after" 'BEGIN { print u + s + b - a }')")
        extras+=("$(awk -v a="$before" -v b="$after" 'BEGIN { print b - a }')")
    done
    printf '%s\n' "${walls[@]}" | sort -g > "$work/walls"
    printf '%s\n' "${cpus[@]}" | sort -g > "$work/cpus"
    printf '%s\n' "${extras[@]}" | sort -g > "$work/extras"
    echo "$(head -1 "$work/walls") $(median "$work/walls") $(median "$work/cpus") $(head -1 "$work/cpus") $(median "$work/extras")"
}
median() { awk '{ v[NR] = $1 } END { print (NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2) }' "$1"; }
row() {  # name, load before, then measure's first three figures, and optionally the CPU outside GNU time
    awk -v n="$1" -v l0="$2" -v w="$3" -v wm="$4" -v c="$5" -v x="${6:-}" -v f="$files" -v m="$mb" -v l="$(load)" \
        'BEGIN { printf "| %s | %.1f / %.1f | %.1f%s | %.2f / %.2f | %.1f / %.1f | %s → %s |\n", n, w, wm, c,
                 (x == "" ? "" : sprintf(" (of which the cluster %.1f)", x)), f / w, f / wm, m / w, m / wm, l0, l }'
}

echo
echo "| run | wall s (min / median of $rounds) | CPU s (median) | files/s (min / median wall) | MB/s (min / median wall) | load before → after |"
echo "| --- | ---: | ---: | ---: | ---: | --- |"
l0=$(load); read -r wall1 wallm1 cpu1 cpumin1 _ < <(measure "$tool" daily "$work/cohort" "${common[@]}" --output-dir "$work/out" --also epochs --also segments --jobs 1 --quiet)
row "locomotion --jobs 1" "$l0" "$wall1" "$wallm1" "$cpu1"
l0=$(load); read -r wall2 wallm2 cpu2 _ _ < <(measure "$tool" daily "$work/cohort" "${common[@]}" --output-dir "$work/out" --also epochs --also segments --jobs 2 --quiet)
row "locomotion --jobs 2" "$l0" "$wall2" "$wallm2" "$cpu2"

submit=(spark-submit --conf spark.ui.enabled=false --conf spark.ui.showConsoleProgress=false
        Integrations/spark/locomotion_spark/submit.py "$work/cohort" "${common[@]}" --locomotion "$tool" --output "$work/out")
l0=$(load); read -r wall3 wallm3 cpu3 _ _ < <(measure "${submit[0]}" --master 'local[2]' "${submit[@]:1}")
row "Spark local[2]" "$l0" "$wall3" "$wallm3" "$cpu3"

port=7177; ui=8181
setsid "$spark_home/bin/spark-class" org.apache.spark.deploy.master.Master --host 127.0.0.1 --port $port --webui-port $ui \
    >"$work/master.log" 2>&1 & cluster_pids+=($!)
setsid "$spark_home/bin/spark-class" org.apache.spark.deploy.worker.Worker spark://127.0.0.1:$port --host 127.0.0.1 \
    --cores 2 --memory 4g --webui-port 8182 --work-dir "$work/worker" >"$work/worker.log" 2>&1 & cluster_pids+=($!)
for _ in $(seq 1 120); do
    curl -s "http://127.0.0.1:$ui/json/" 2>/dev/null | grep -q '"aliveworkers" *: *1' && break
    sleep 1
done
# The executors run under the worker, not under GNU time: their CPU is read from the cluster's processes (the
# master's and worker's process groups: utime + stime + the reaped children's cutime + cstime in /proc, whose
# executors and their Python workers and tools are reaped when the application ends) before and after each round.
cluster_cpu() {
    local total=0 pid
    for pid in $(pgrep -g "$(IFS=,; echo "${cluster_pids[*]}")" 2>/dev/null); do
        total=$(awk -v t="$total" '{ print t + $14 + $15 + $16 + $17 }' "/proc/$pid/stat" 2>/dev/null || echo "$total")
    done
    awk -v t="$total" -v hz="$(getconf CLK_TCK)" 'BEGIN { print t / hz }'
}
l0=$(load); read -r wall4 wallm4 cpu4 _ extra4 < <(EXTRA_CPU=cluster_cpu measure "${submit[0]}" --master spark://127.0.0.1:$port "${submit[@]:1}")
row "Spark standalone (1 worker, 2 cores)" "$l0" "$wall4" "$wallm4" "$cpu4" "$extra4"
for pid in "${cluster_pids[@]}"; do kill -- -"$pid" 2>/dev/null || true; done
cluster_pids=()

echo
awk -v c="$cpu1" -v cmin="$cpumin1" -v s="$samples" 'BEGIN {
    per = c / s
    week = 7 * 86400 * 50
    printf "per sample (--jobs 1, all three tables): %.0f ns of CPU (median of the rounds; min %.0f ns)\n", per * 1e9, cmin / s * 1e9
    printf "CPU-hours per 1,000 participant-weeks (24 h a day at 50 Hz, %.2e samples): %.1f\n", 1000 * week, per * 1000 * week / 3600
}'
echo "(CPU: the tool and its children for --jobs; the driver JVM, its executors and their tools for local[2]; the driver"
echo " under GNU time plus the master's and worker's process groups, executors included, for the standalone cluster.)"
if awk -v a="$cpu4" -v b="$cpu1" 'BEGIN { exit !(a < b) }'; then
    echo "warning: the standalone run's CPU ($cpu4 s) is below the tool's alone ($cpu1 s): the executors were not all counted" >&2
fi

echo "# at $(date -u +%FT%TZ): $(uptime)"
echo
echo "Peak memory against the length of a recording: Benchmarks/cohort-memory.sh."
