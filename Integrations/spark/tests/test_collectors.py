"""The Spark job on collectors' exports (issue 25): real walks (../shared/datasets/oxford-step-counter, Android
phones, m/s²) written at test time in each layout — AWARE's table (ms, gzipped), Beiwe's hourly files (ms),
RADAR-base's gzipped hourly files (s, g) — give the same `daily` and `epochs` tables from the job as their canonical
CSV (steps within 1 %, minutes within 0.5), and the same rows as `locomotion` run locally on the same files. A
participant who flies Europe/Rome → America/New_York (`--time-zones`) gets one local day of 30 hours, from the job
as from the tool; a gzip cut short is an errors/ row naming the file.

The job runs with spark-submit in local mode (the cluster's own behaviour is test_cluster's); two submissions, one
with --units g and one with --units ms2, as a study with iOS and Android phones runs it.
Needs: LOCOMOTION_BINARY, java 17+ and pyspark in this Python (Scripts/ci/install-spark.sh).
"""

import datetime
import gzip
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

from locomotion_spark.tables import ERRORS, TABLES, parse_table, spark_schema
from test_cluster import spark_home, submit_script, tool  # one way to find spark-submit and run the tool

BINARY = os.environ.get("LOCOMOTION_BINARY", "")
DATASETS = os.environ.get("LOCOMOTION_DATASETS", os.path.join(os.path.dirname(__file__), "../../../../shared/datasets"))
OXFORD = os.path.join(DATASETS, "oxford-step-counter", "raw", "optimisation", "data")
STANDARD_GRAVITY = 9.80665
PATTERN = "{participant}/*/*"
# Two subjects' walks for the layouts; three more for the flight (other subjects' phones and positions).
LAYOUT_WALKS = {"A": "Samsung_Dario_Hard_FrontPocket_1", "B": "Samsung_Carmelo_Hard_InHand_1"}
FLIGHT_WALKS = ("Samsung_Dario_Hard_InHand_1", "Samsung_Carmelo_Hard_BackPocket_1", "Samsung_Dario_Hard_Purse_1")
# The flight lands at 2024-03-01T14:00:00Z: 15:00 in Rome becomes 09:00 in New York.
CHANGE = 1709301600
FLIGHT_MAP = ("participant,time_zone,from\nflight,Europe/Rome,2024-02-01T00:00:00+01:00\n"
              "flight,America/New_York,2024-03-01T14:00:00Z\n")

state = {}


def read_walk(name):
    """An Oxford walk as (time in ms since 1970, x, y, z in m/s²): the raw rows (ns since boot) in time order, one
    sample per millisecond, moved to start at 0 (the caller shifts it)."""
    rows = []
    with open(os.path.join(OXFORD, name, "accelerometer.csv")) as handle:
        for line in handle:
            fields = line.strip().split(",")
            if len(fields) == 5:
                rows.append((int(fields[0]), float(fields[2]), float(fields[3]), float(fields[4])))
    rows.sort()
    first = rows[0][0]
    samples = []
    for nanoseconds, x, y, z in rows:
        milliseconds = round((nanoseconds - first) / 1e6)
        if not samples or milliseconds > samples[-1][0]:
            samples.append((milliseconds, x, y, z))
    return samples


def shifted(samples, start_ms):
    return [(start_ms + t, x, y, z) for t, x, y, z in samples]


def write(path, text, compress=False):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    if compress:
        with gzip.open(path, "wt", encoding="utf-8") as handle:
            handle.write(text)
    else:
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(text)


def canonical(samples):
    """Locomotion's own CSV: seconds, g."""
    return "timestamp,x,y,z\n" + "".join(
        f"{t / 1000!r},{x / STANDARD_GRAVITY!r},{y / STANDARD_GRAVITY!r},{z / STANDARD_GRAVITY!r}\n" for t, x, y, z in samples)


def by_hour(samples):
    hours = {}
    for sample in samples:
        hours.setdefault(sample[0] // 3_600_000, []).append(sample)
    return sorted(hours.items())


def utc(hour, pattern):
    return datetime.datetime.fromtimestamp(hour * 3600, datetime.timezone.utc).strftime(pattern)


def write_beiwe(folder, samples, scale):
    """Beiwe's `accelerometer/<YYYY-MM-DD HH_MM_SS+00_00>.csv` hourly files: ms, x,y,z divided by `scale`."""
    for hour, rows in by_hour(samples):
        write(os.path.join(folder, "accelerometer", utc(hour, "%Y-%m-%d %H_%M_%S+00_00") + ".csv"),
              "timestamp,UTC time,accuracy,x,y,z\n" + "".join(
                  f"{t},{datetime.datetime.fromtimestamp(t / 1000, datetime.timezone.utc).strftime('%Y-%m-%dT%H:%M:%S.%f')[:-3]},"
                  f"unknown,{x / scale!r},{y / scale!r},{z / scale!r}\n" for t, x, y, z in rows))


def write_radar(folder, samples):
    """RADAR-base's restructured `android_phone_acceleration/<YYYYMMDD_HH00>.csv.gz`: seconds, g."""
    for hour, rows in by_hour(samples):
        write(os.path.join(folder, "android_phone_acceleration", utc(hour, "%Y%m%d_%H00") + ".csv.gz"),
              "key.projectId,key.userId,key.sourceId,value.time,value.timeReceived,value.x,value.y,value.z\n" + "".join(
                  f"study,u,s1,{t / 1000!r},{t / 1000 + 1!r},{x / STANDARD_GRAVITY!r},{y / STANDARD_GRAVITY!r},"
                  f"{z / STANDARD_GRAVITY!r}\n" for t, x, y, z in rows), compress=True)


def write_aware(folder, samples, scale):
    """AWARE's accelerometer table, gzipped: ms, x,y,z divided by `scale` (1 for Android's m/s², g for iOS)."""
    write(os.path.join(folder, "accelerometer", "accelerometer.csv.gz"),
          "_id,timestamp,device_id,double_values_0,double_values_1,double_values_2,accuracy,label\n" + "".join(
              f"{index + 1},{t},d1,{x / scale!r},{y / scale!r},{z / scale!r},3,\n"
              for index, (t, x, y, z) in enumerate(samples)), compress=True)


def make_cohorts(work):
    """Two cohorts as a study with iOS (g) and Android (m/s²) phones has them, `PARTICIPANT/KIND/FILE`. Each walk
    starts 30 s before a whole hour, so that the hourly files split it."""
    g_root, ms2_root = os.path.join(work, "g"), os.path.join(work, "ms2")
    for key, name in LAYOUT_WALKS.items():
        samples = shifted(read_walk(name), (1_700_002_800 + 3570) * 1000 + (0 if key == "A" else 86_400_000))
        write(os.path.join(g_root, f"canonical-{key}", "trace", f"{key}.csv"), canonical(samples))
        write_beiwe(os.path.join(g_root, f"beiwe-ios-{key}"), samples, STANDARD_GRAVITY)
        write_radar(os.path.join(g_root, f"radar-{key}"), samples)
        write_aware(os.path.join(g_root, f"aware-ios-{key}"), samples, STANDARD_GRAVITY)
        write_beiwe(os.path.join(ms2_root, f"beiwe-android-{key}"), samples, 1)
        write_aware(os.path.join(ms2_root, f"aware-android-{key}"), samples, 1)
    # The flight: a walk in Rome's morning, one across the landing, one in New York's evening (01:00 UTC the next day).
    starts = (CHANGE - 7 * 3600, None, CHANGE + 11 * 3600)
    for index, (name, start) in enumerate(zip(FLIGHT_WALKS, starts)):
        samples = read_walk(name)
        if start is None:
            start = CHANGE - samples[-1][0] // 2000  # its middle at the landing
        write(os.path.join(g_root, "flight", "trace", f"walk{index}.csv"), canonical(shifted(samples, start * 1000)))
    write(os.path.join(work, "zones.csv"), FLIGHT_MAP)
    # A gzip cut short: a participant of its own, who fails alone.
    whole = gzip.compress(canonical(shifted(read_walk(LAYOUT_WALKS["A"]), 1_700_000_000_000)).encode())
    os.makedirs(os.path.join(g_root, "cut", "trace"))
    with open(os.path.join(g_root, "cut", "trace", "cut.csv.gz"), "wb") as handle:
        handle.write(whole[: len(whole) // 2])
    return g_root, ms2_root


def submit(cohort, output, *options):
    command = [os.path.join(spark_home(), "bin", "spark-submit"), "--master", "local[2]",
               "--conf", "spark.ui.enabled=false", "--conf", f"spark.pyspark.python={sys.executable}",
               submit_script(), cohort, "--participant-from", PATTERN, "--locomotion", BINARY, "--output", output, *options]
    completed = subprocess.run(command, env=dict(os.environ, PYSPARK_PYTHON=sys.executable), capture_output=True, text=True)
    if completed.returncode != 0:
        raise AssertionError(f"spark-submit failed ({completed.returncode}):\n{completed.stderr[-3000:]}")


def local_tables(cohort, options):
    """`locomotion epochs` and `locomotion daily` over the cohort with the job's options, parsed; file paths as the
    job names them (file: URIs)."""
    tables = {}
    for table in ("epochs", "daily"):
        completed = tool(table, cohort, "--participant-from", PATTERN, "--jobs", "2", "--quiet", *options,
                         check=False, capture_output=True)
        assert completed.returncode in (0, 1), completed.stderr
        rows = parse_table(table, completed.stdout)
        if table == "epochs":
            rows = [("file:" + os.path.abspath(row[0]),) + row[1:] for row in rows]
        tables[table] = rows
    return tables


def setUpModule():
    if not BINARY or not os.access(BINARY, os.X_OK):
        raise unittest.SkipTest("LOCOMOTION_BINARY is not an executable locomotion binary")
    if not os.path.isdir(OXFORD):
        raise unittest.SkipTest(f"{OXFORD} is absent: the collector exports are made from its walks")
    work = tempfile.mkdtemp(prefix="locomotion-spark-collectors-")
    state["work"] = work
    g_root, ms2_root = make_cohorts(work)
    zones = os.path.join(work, "zones.csv")
    g_options = ["--time-zone", "UTC", "--time-zones", zones, "--units", "g"]
    ms2_options = ["--time-zone", "UTC", "--units", "ms2"]
    submit(g_root, os.path.join(work, "out-g"), *g_options)
    submit(ms2_root, os.path.join(work, "out-ms2"), *ms2_options)
    state["local"] = {"g": local_tables(g_root, g_options), "ms2": local_tables(ms2_root, ms2_options)}
    state["g_root"] = g_root
    from pyspark.sql import SparkSession

    state["reader"] = (SparkSession.builder.master("local[1]").config("spark.ui.enabled", "false")
                       .config("spark.ui.showConsoleProgress", "false")
                       .config("spark.sql.sources.partitionColumnTypeInference.enabled", "false").getOrCreate())


def tearDownModule():
    if "reader" in state:
        state["reader"].stop()
    if "work" in state and os.environ.get("LOCOMOTION_KEEP_SPARK_TEST") is None:
        shutil.rmtree(state["work"], ignore_errors=True)


def spark_rows(run, table):
    columns = TABLES[table] if table != "errors" else ERRORS
    frame = state["reader"].read.schema(spark_schema(columns)).parquet(os.path.join(state["work"], f"out-{run}", table))
    return [tuple(row[name] for name, _ in columns) for row in frame.collect()]


def as_dicts(table, rows):
    names = [name for name, _ in TABLES[table]]
    return [dict(zip(names, row)) for row in rows]


class CollectorExportTests(unittest.TestCase):
    def test_the_job_gives_the_tools_rows(self):
        """Every row of both runs equals the tool's on the same files and options (the job runs the same binary)."""
        for run in ("g", "ms2"):
            for table in ("epochs", "daily"):
                with self.subTest(run=run, table=table):
                    local = sorted(state["local"][run][table], key=repr)
                    self.assertGreater(len(local), 0)
                    self.assertEqual(sorted(spark_rows(run, table), key=repr), local)

    def test_each_layout_gives_the_canonical_tables(self):
        """Steps within 1 %, minutes within 0.5, row by row, for every export of both walks."""
        layouts = {"g": ("beiwe-ios", "radar", "aware-ios"), "ms2": ("beiwe-android", "aware-android")}
        checked = 0
        for table in ("daily", "epochs"):
            rows = {}
            for run in ("g", "ms2"):
                for row in as_dicts(table, spark_rows(run, table)):
                    rows.setdefault(row["participant"], []).append(row)
            for key in LAYOUT_WALKS:
                expected = sorted(rows[f"canonical-{key}"], key=lambda row: row["start"])
                self.assertGreater(sum(row["steps"] for row in expected), 100, "the recording is a walk")
                for run, names in layouts.items():
                    for layout in names:
                        with self.subTest(table=table, layout=layout, walk=key):
                            found = sorted(rows.get(f"{layout}-{key}", []), key=lambda row: row["start"])
                            self.assertEqual(len(found), len(expected))
                            for row, reference in zip(found, expected):
                                self.assertEqual((row["day"], row["start"]), (reference["day"], reference["start"]))
                                self.assertLessEqual(abs(row["steps"] - reference["steps"]), 0.01 * reference["steps"])
                                for column in (name for name, _ in TABLES[table] if name.endswith(("_min", "_s"))):
                                    if reference[column] is not None:
                                        limit = 0.5 if column.endswith("_min") else 30
                                        self.assertLessEqual(abs(row[column] - reference[column]), limit, column)
                            checked += 1
        self.assertEqual(checked, 2 * len(LAYOUT_WALKS) * 5)

    def test_a_flight_gives_one_local_day_of_30_hours(self):
        """Rome's morning, the landing, New York's evening (01:00 UTC on the 2nd): one day, 2024-03-01, from the first
        sample in Rome's time to the last in New York's; epochs before the landing at +01:00, after it at -05:00."""
        daily = [row for row in as_dicts("daily", spark_rows("g", "daily")) if row["participant"] == "flight"]
        self.assertEqual([row["day"] for row in daily], ["2024-03-01"])
        day = daily[0]
        # 08:00 in Rome to 20:02 in New York on one date: 18 h elapsed for 12 h of local clock, the day being 30 h long.
        clock = (datetime.datetime.fromisoformat(day["last_local"][:19]) - datetime.datetime.fromisoformat(day["first_local"][:19]))
        self.assertAlmostEqual(day["last_sample"] - day["first_sample"] - clock.total_seconds(), 6 * 3600, delta=1)
        self.assertTrue(day["first_local"].startswith("2024-03-01T08:") and day["first_local"].endswith("+01:00"), day["first_local"])
        self.assertTrue(day["last_local"].startswith("2024-03-01T20:") and day["last_local"].endswith("-05:00"), day["last_local"])
        epochs = [row for row in as_dicts("epochs", spark_rows("g", "epochs")) if row["participant"] == "flight"]
        self.assertEqual({row["day"] for row in epochs}, {"2024-03-01"})
        walked = [row for row in epochs if row["steps"] > 0]
        before = [row for row in walked if row["start"] < CHANGE]
        after = [row for row in walked if row["start"] >= CHANGE]
        self.assertTrue(before and after)
        self.assertTrue(all(row["local_start"].endswith("+01:00") for row in before))
        self.assertTrue(all(row["local_start"].endswith("-05:00") for row in after))
        self.assertTrue(any(row["local_start"].startswith("2024-03-01T14:") for row in before))  # just before landing
        self.assertTrue(any(row["local_start"].startswith("2024-03-01T09:") for row in after))  # just after it
        # In one zone (UTC, the participants absent from the map) the evening walk is another day.
        utc = tool("daily", os.path.join(state["g_root"], "flight"), "--participant", "flight", "--time-zone", "UTC",
                   "--quiet", capture_output=True).stdout
        self.assertEqual([row[1] for row in parse_table("daily", utc)], ["2024-03-01", "2024-03-02"])

    def test_a_gzip_cut_short_is_an_error_row_naming_the_file(self):
        errors = {row[0]: row for row in spark_rows("g", "errors")}
        self.assertEqual(set(errors), {"cut"})
        participant, files, status, message = errors["cut"]
        path = "file:" + os.path.join(state["g_root"], "cut", "trace", "cut.csv.gz")
        self.assertEqual((files, status), ([path], 1))
        self.assertIn(path, message)


if __name__ == "__main__":
    unittest.main()
