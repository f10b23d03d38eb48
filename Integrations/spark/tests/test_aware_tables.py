"""The Spark job on AWARE's one accelerometer table for a whole study (issue 25): the job splits it by device_id as
the tool does — the same participants and the same rows as `locomotion epochs` and `locomotion daily` on the same
table — with AWARE's locations table as each device_id's fixes.

The table is written at test time from real recordings: four Oxford walks (../shared/datasets/oxford-step-counter,
Android phones, m/s²) moved to overlap in time, rows of their device_ids interleaved by time, milliseconds, gzipped,
one device_id quoted as database exports write them; the locations table has the positions of real GPS tracks
(../shared/datasets/gpxpy-testfiles), one fix every 10 s over each walk, interleaved too. One device_id goes back in
time once: that participant fails alone (an errors/ row naming it and the table's line), the others are written.
The first run stages the files through Spark (as from HDFS or S3); a re-run with the same files and settings
computes nothing (the participant that failed would fail again). The table exported again with a row without a
device_id is one errors/ row named after it, and the earlier participants keep no rows in that output folder.
Needs: LOCOMOTION_BINARY, java 17+ and pyspark in this Python (Scripts/ci/install-spark.sh).
"""

import gzip
import os
import shutil
import subprocess
import sys
import tempfile
import unittest
import xml.etree.ElementTree as ElementTree

from locomotion_spark.tables import ERRORS, MANIFEST, TABLES, parse_table, spark_schema
from test_cluster import spark_home, submit_script, tool
from test_collectors import read_walk

BINARY = os.environ.get("LOCOMOTION_BINARY", "")
DATASETS = os.environ.get("LOCOMOTION_DATASETS", os.path.join(os.path.dirname(__file__), "../../../../shared/datasets"))
OXFORD = os.path.join(DATASETS, "oxford-step-counter", "raw", "optimisation", "data")
GPX = os.path.join(DATASETS, "gpxpy-testfiles", "raw")
# device_id (as the table writes it) → the walk it carries, its start's offset (s) and its GPS track.
DEVICES = [
    ("4b1f6c2e-0c1d-4a57-9d7e-000000000001", "Samsung_Dario_Hard_FrontPocket_1", 0.0, "korita-zbevnica"),
    ('"9d2e7a41-5b3c-4e8f-a1b2-000000000002"', "Samsung_Carmelo_Hard_InHand_1", 7.3, "cerknicko-jezero"),
    ("c7a8e3f0-2d4b-4c6a-8e9f-000000000003", "Samsung_Dario_Hard_InHand_1", 13.9, "around-visnjan-with-car"),
    ("e0d1c2b3-a4f5-4e6d-8c7b-000000000004", "Samsung_Carmelo_Hard_BackPocket_1", 21.1, "korita-zbevnica"),
]
BACKWARDS = 3  # this device's 100th row is moved after its 130th: its time goes back there
START_MS = 1_709_280_000_000  # 2024-03-01T08:00:00Z
HEADER = "timestamp,device_id,double_values_0,double_values_1,double_values_2,accuracy,label\n"
LOCATIONS_HEADER = "timestamp,device_id,double_latitude,double_longitude,double_bearing,double_speed,double_altitude,provider,accuracy\n"

state = {}


def participant(device):
    """The participant a device_id names (the tool's rule: CSV quotes undone)."""
    return device.strip('"')


def track(name):
    """(latitude, longitude) of a GPX file's track points, in order."""
    points = []
    for element in ElementTree.parse(os.path.join(GPX, name + ".gpx")).iter():
        if element.tag.endswith("trkpt"):
            points.append((float(element.get("lat")), float(element.get("lon"))))
    return points


def make_tables(folder):
    """accelerometer.csv.gz and locations.csv.gz: every device's rows interleaved by time."""
    rows, fixes = [], []
    for index, (device, walk, offset, gpx) in enumerate(DEVICES):
        samples = read_walk(walk)
        start = START_MS + round(offset * 1000)
        own = [(start + t, index, f"{start + t},{device},{x!r},{y!r},{z!r},3,\n") for t, x, y, z in samples]
        if index == BACKWARDS:
            # The 100th row's text moved to the 130th place (the places keep their times in the interleaving).
            texts = [text for _, _, text in own]
            texts.insert(130, texts.pop(100))
            own = [(key, index, text) for (key, _, _), text in zip(own, texts)]
        rows.extend(own)
        for position, (latitude, longitude) in enumerate(track(gpx)):
            time = start + 5_000 + position * 10_000
            if time >= start + samples[-1][0]:
                break
            fixes.append((time, index, f"{time},{device},{latitude!r},{longitude!r},0,0,300,gps,5\n"))
    rows.sort(key=lambda row: (row[0], row[1]))
    fixes.sort(key=lambda row: (row[0], row[1]))
    accelerometer = os.path.join(folder, "study", "accelerometer.csv.gz")
    locations = os.path.join(folder, "locations.csv.gz")
    os.makedirs(os.path.dirname(accelerometer))
    with gzip.open(accelerometer, "wt", encoding="utf-8") as handle:
        handle.write(HEADER + "".join(text for _, _, text in rows))
    with gzip.open(locations, "wt", encoding="utf-8") as handle:
        handle.write(LOCATIONS_HEADER + "".join(text for _, _, text in fixes))
    return accelerometer, locations


def submit(inputs, output, *options):
    command = [os.path.join(spark_home(), "bin", "spark-submit"), "--master", "local[2]",
               "--conf", "spark.ui.enabled=false", "--conf", f"spark.pyspark.python={sys.executable}",
               submit_script(), inputs, "--locomotion", BINARY, "--output", output, *options]
    completed = subprocess.run(command, env=dict(os.environ, PYSPARK_PYTHON=sys.executable), capture_output=True, text=True)
    if completed.returncode != 0:
        raise AssertionError(f"spark-submit failed ({completed.returncode}):\n{completed.stderr[-3000:]}")
    # spark-submit passes the Python driver's standard error on to its standard output.
    lines = (completed.stdout + completed.stderr).splitlines()
    return "\n".join(line for line in lines if line.startswith("locomotion-spark:"))


def setUpModule():
    if not BINARY or not os.access(BINARY, os.X_OK):
        raise unittest.SkipTest("LOCOMOTION_BINARY is not an executable locomotion binary")
    if not os.path.isdir(OXFORD) or not os.path.isdir(GPX):
        raise unittest.SkipTest(f"{OXFORD} or {GPX} is absent: the tables are made from their recordings")
    work = tempfile.mkdtemp(prefix="locomotion-spark-aware-")
    state["work"] = work
    accelerometer, locations = make_tables(work)
    state["accelerometer"], state["locations"] = accelerometer, locations
    options = ["--time-zone", "UTC", "--units", "ms2", "--fixes", locations]
    state["options"] = options
    # The folder, as a study's export folder is given: its one table is found and split. The first run copies the
    # table and the locations table to the task through Spark (as from HDFS or S3), the re-run reads them in place.
    state["first"] = submit(os.path.join(work, "study"), os.path.join(work, "out"), *options, "--stage-inputs", "always")
    state["again"] = submit(os.path.join(work, "study"), os.path.join(work, "out"), *options)
    # The tables as written, and the tool's on the same table: the tests below compare them.
    shutil.copytree(os.path.join(work, "out"), os.path.join(work, "out-written"))
    state["tool"] = {table: tool(table, accelerometer, *options, "--quiet", check=False, capture_output=True)
                     for table in ("epochs", "daily")}
    # The table exported again with a row that names nobody: the tool refuses it as a whole. The job computes it
    # again (its size changed) into the same folder: one errors/ row named after the table, and the participants of
    # the earlier run keep no rows (their tables would be of another export).
    with gzip.open(accelerometer, "rt", encoding="utf-8") as handle:
        lines = handle.read().split("\n")
    fields = lines[40].split(",")
    fields[1] = ""
    lines[40] = ",".join(fields)
    with gzip.open(accelerometer, "wt", encoding="utf-8") as handle:
        handle.write("\n".join(lines))
    state["broken"] = submit(os.path.join(work, "study"), os.path.join(work, "out"), *options)
    from pyspark.sql import SparkSession

    state["reader"] = (SparkSession.builder.master("local[1]").config("spark.ui.enabled", "false")
                       .config("spark.ui.showConsoleProgress", "false")
                       .config("spark.sql.sources.partitionColumnTypeInference.enabled", "false").getOrCreate())


def tearDownModule():
    if "reader" in state:
        state["reader"].stop()
    if "work" in state and os.environ.get("LOCOMOTION_KEEP_SPARK_TEST") is None:
        shutil.rmtree(state["work"], ignore_errors=True)


def spark_rows(dataset, output="out-written"):
    columns = {"errors": ERRORS, "manifest": MANIFEST}.get(dataset) or TABLES[dataset]
    folder = os.path.join(state["work"], output, dataset)
    if not os.path.isdir(folder):
        return []
    frame = state["reader"].read.schema(spark_schema(columns)).parquet(folder)
    return [tuple(row[name] for name, _ in columns) for row in frame.collect()]


class AwareTableTests(unittest.TestCase):
    def test_the_job_gives_the_tools_rows(self):
        """Every row of epochs/ and daily/ equals the tool's on the same table (`locomotion epochs|daily TABLE`),
        distances from the locations table included; the participant that went back in time is in neither."""
        uri = "file:" + state["accelerometer"]
        for table in ("epochs", "daily"):
            with self.subTest(table=table):
                completed = state["tool"][table]
                self.assertEqual(completed.returncode, 1, completed.stderr)  # the one participant that failed
                local = parse_table(table, completed.stdout)
                if table == "epochs":
                    local = [(uri if row[0] == state["accelerometer"] else row[0],) + row[1:] for row in local]
                names = [name for name, _ in TABLES[table]]
                participants = {row[names.index("participant")] for row in local}
                self.assertEqual(participants, {participant(device) for device, *_ in DEVICES[:BACKWARDS]})
                self.assertGreater(sum(row[names.index("steps")] or 0 for row in local), 300, "the recordings are walks")
                self.assertGreater(sum(row[names.index("distance_m")] or 0 for row in local), 100, "the tracks move")
                self.assertEqual(sorted(spark_rows(table), key=repr), sorted(local, key=repr))

    def test_a_participant_going_back_in_time_fails_alone(self):
        errors = spark_rows("errors")
        self.assertEqual([row[0] for row in errors], [participant(DEVICES[BACKWARDS][0])])
        name, files, status, message = errors[0]
        self.assertEqual((files, status), (["file:" + state["accelerometer"]], 1))
        self.assertIn(f"device_id {participant(DEVICES[BACKWARDS][0])}", message)
        self.assertIn("file:" + state["accelerometer"] + ":", message)  # file:line, named as the job names it
        self.assertNotIn(participant(DEVICES[0][0]), message)

    def test_the_manifest_and_a_re_run(self):
        """The participants written are in the manifest with the table and the locations table; the same files and
        settings again compute nothing."""
        manifest = spark_rows("manifest")
        self.assertEqual({row[0] for row in manifest}, {participant(device) for device, *_ in DEVICES[:BACKWARDS]})
        for row in manifest:
            self.assertEqual(row[2], ["file:" + state["accelerometer"], "file:" + state["locations"]])
        self.assertIn("1 AWARE table, split by device_id in one task (to compute)", state["first"])
        self.assertIn("3 participants written, 1 failed", state["first"])
        self.assertIn("(complete from an earlier run)", state["again"])

    def test_a_table_refused_as_a_whole(self):
        """An empty device_id (line 41) stops the tool before any participant: one errors/ row named after the table,
        naming file:line:column; the participants of the earlier export keep no rows."""
        errors = spark_rows("errors", "out")
        self.assertEqual([row[0] for row in errors], ["accelerometer.csv"])
        _, files, status, message = errors[0]
        self.assertEqual((files, status), (["file:" + state["accelerometer"]], 1))
        self.assertIn("file:" + state["accelerometer"] + ":41:2: the device_id is empty", message)
        for dataset in ("epochs", "daily", "segments", "manifest"):
            with self.subTest(dataset=dataset):
                self.assertEqual(spark_rows(dataset, "out"), [])
        self.assertIn("0 participants written, 1 failed", state["broken"])


if __name__ == "__main__":
    unittest.main()
