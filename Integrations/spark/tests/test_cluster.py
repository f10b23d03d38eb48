"""The Spark job on a real cluster of processes: a standalone master and one worker on localhost, the job
submitted with spark-submit on real traces (../shared/datasets/us-tm2017) and simulated participant-weeks, every
row of its Parquet compared with `locomotion epochs` / `locomotion daily` run locally by the same binary.

Needs: LOCOMOTION_BINARY (the tool), java 17+ and pyspark in this Python (Scripts/ci/install-spark.sh).
The cluster is stopped whatever happens (tearDownModule, and on SIGTERM/SIGINT).
"""

import atexit
import csv
import glob
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import unittest
import urllib.request

from locomotion_spark.tables import ERRORS, TABLES, parse_table, spark_schema

BINARY = os.environ.get("LOCOMOTION_BINARY", "")
DATASETS = os.environ.get("LOCOMOTION_DATASETS", os.path.join(os.path.dirname(__file__), "../../../../shared/datasets"))
SOURCE_SUBMIT = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "locomotion_spark", "submit.py")
ZONE = "Europe/Berlin"
PATTERN = "{participant}/*.csv"
# us-tm2017 users: two with a few sessions each, one whose sessions span days, one whose files overlap in time
# (the tool refuses the participant: an errors/ row).
REAL_USERS = ("Elena", "andreacasalena", "FrancescoP", "Damiano")
SIMULATED = {"sim1": 11, "sim2": 12, "sim3": 13}  # participant -> seed
SIM_FIRST_DAY = 1698364800  # 2023-10-27T00:00:00Z: the week holds Berlin's fall-back day (2023-10-29, 25 h)

state = {}


def spark_home():
    import pyspark

    return os.path.dirname(pyspark.__file__)


def free_port():
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def tool(*arguments, check=True, **kwargs):
    return subprocess.run([BINARY, *arguments], check=check, text=True, **kwargs)


def make_cohort(root):
    """Real and simulated participants in `root/PARTICIPANT/*.csv`, and one participant with a corrupt file."""
    raw = os.path.join(root, "..", "raw-us-tm2017")
    os.makedirs(raw)
    real = 0
    for user in REAL_USERS:
        for path in sorted(glob.glob(os.path.join(DATASETS, "us-tm2017", "raw", f"sensorfile_{user}_*.csv"))):
            shutil.copy(path, raw)
            real += 1
    if real:
        converted = os.path.join(root, "..", "converted")
        tool("convert", "--from", "us-tm2017", raw, "--output-dir", converted, stdout=subprocess.DEVNULL)
        for path in glob.glob(os.path.join(converted, "us-tm2017_*.csv")):
            user = os.path.basename(path).split("_")[1]
            os.makedirs(os.path.join(root, user), exist_ok=True)
            shutil.move(path, os.path.join(root, user, os.path.basename(path)))
    for participant, seed in SIMULATED.items():
        folder = os.path.join(root, participant)
        os.makedirs(folder)
        for day in range(7):
            start = SIM_FIRST_DAY + day * 86400 + 6 * 3600 + seed * 60
            name = os.path.join(folder, f"day{day}")
            tool("simulate", "--duration", "1200", "--seed", str(seed * 10 + day), "--start", str(start),
                 "--output", name + ".csv", "--fixes", name + ".fixes.csv")
    broken = os.path.join(root, "broken")
    os.makedirs(broken)
    tool("simulate", "--duration", "300", "--seed", "3", "--output", os.path.join(broken, "a.csv"))
    with open(os.path.join(broken, "a.csv")) as handle:
        lines = handle.readlines()
    lines[100] = "not,a,number,row\n"
    with open(os.path.join(broken, "a.csv"), "w") as handle:
        handle.writelines(lines)
    return real


def local_tables(root, folder):
    """`locomotion epochs` over the cohort (one combined CSV) and `locomotion daily --output-dir … --also
    segments --also participants --also bouts`, parsed; file paths as the job names them (file: URIs)."""
    common = [root, "--participant-from", PATTERN, "--time-zone", ZONE, "--companion-fixes", "--jobs", "2", "--quiet"]
    completed = tool("epochs", *common, check=False, capture_output=True)
    assert completed.returncode == 1, completed.stderr  # the broken and overlapping participants fail
    tables = {"epochs": parse_table("epochs", completed.stdout)}
    completed = tool("daily", *common, "--output-dir", folder, "--also", "segments", "--also", "participants",
                     "--also", "bouts", check=False, capture_output=True)
    assert completed.returncode == 1, completed.stderr
    for table in ("daily", "segments", "participants", "bouts"):
        tables[table] = [row for path in sorted(glob.glob(os.path.join(folder, f"*.{table}.csv")))
                         for row in parse_table(table, open(path).read())]
    for table in ("epochs", "segments", "bouts"):
        tables[table] = [("file:" + os.path.abspath(row[0]),) + row[1:] for row in tables[table]]
    return tables


def start_cluster(work):
    home = spark_home()
    environment = dict(os.environ, SPARK_HOME=home, SPARK_LOCAL_IP="127.0.0.1", SPARK_LOG_DIR=os.path.join(work, "logs"),
                       SPARK_WORKER_DIR=os.path.join(work, "worker"), PYSPARK_PYTHON=sys.executable)
    port, ui = free_port(), free_port()
    spark_class = os.path.join(home, "bin", "spark-class")
    logs = open(os.path.join(work, "cluster.log"), "w")
    processes = [subprocess.Popen([spark_class, "org.apache.spark.deploy.master.Master", "--host", "127.0.0.1",
                                   "--port", str(port), "--webui-port", str(ui)],
                                  stdout=logs, stderr=subprocess.STDOUT, env=environment, start_new_session=True)]
    state["processes"] = processes
    master = f"spark://127.0.0.1:{port}"
    processes.append(subprocess.Popen([spark_class, "org.apache.spark.deploy.worker.Worker", master, "--host", "127.0.0.1",
                                       "--cores", "2", "--memory", "2g", "--webui-port", str(free_port()),
                                       "--work-dir", os.path.join(work, "worker")],
                                      stdout=logs, stderr=subprocess.STDOUT, env=environment, start_new_session=True))
    deadline = time.time() + 120
    while time.time() < deadline:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{ui}/json/", timeout=2) as response:
                status = json.load(response)
            if status.get("aliveworkers", 0) >= 1 or any(w.get("state") == "ALIVE" for w in status.get("workers", [])):
                return master, environment
        except OSError:
            pass
        if any(process.poll() is not None for process in processes):
            break
        time.sleep(1)
    raise RuntimeError("the standalone cluster did not start: see " + os.path.join(work, "cluster.log"))


def stop_cluster(*_):
    """Stops the master and the worker (their whole process groups): SIGTERM, then SIGKILL after 20 s."""
    processes = state.pop("processes", [])
    for process in processes:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGTERM)
    deadline = time.time() + 20
    for process in processes:
        try:
            process.wait(timeout=max(0.1, deadline - time.time()))
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()


def submit_script():
    """The script to give spark-submit as Docs/cohorts.md gets it, from the installed package's console script
    `locomotion-spark-submit-path`; the source tree's only where the package is not installed (PYTHONPATH)."""
    console_script = shutil.which("locomotion-spark-submit-path")
    if console_script is None:
        if os.environ.get("LOCOMOTION_SPARK_INSTALLED"):
            raise RuntimeError("locomotion-spark-submit-path is not on the PATH: the package is not installed")
        return SOURCE_SUBMIT
    return subprocess.run([console_script], check=True, capture_output=True, text=True).stdout.strip()


def submit(master, environment, output, *extra, binary=None):
    command = [os.path.join(spark_home(), "bin", "spark-submit"), "--master", master,
               "--conf", "spark.ui.enabled=false", "--conf", f"spark.pyspark.python={sys.executable}",
               "--conf", "spark.executor.memory=1g", state["submit"], state["cohort"], "--participant-from", PATTERN,
               "--time-zone", ZONE, "--companion-fixes", "--locomotion", binary or BINARY, "--output", output, *extra]
    completed = subprocess.run(command, env=environment, capture_output=True, text=True)
    with open(os.path.join(state["work"], "submit.log"), "a") as log:
        log.write(" ".join(command) + "\n" + completed.stdout + completed.stderr)
    if completed.returncode != 0:
        raise AssertionError(f"spark-submit failed ({completed.returncode}):\n{completed.stderr[-3000:]}")
    # spark-submit passes the Python driver's standard error on to its standard output.
    lines = (completed.stdout + completed.stderr).splitlines()
    return "\n".join(line for line in lines if line.startswith("locomotion-spark:"))


def read_parquet(folder, columns):
    """Every row of a Parquet dataset as tuples in `columns` order (the participant partition read as text)."""
    frame = state["reader"].read.schema(spark_schema(columns)).parquet(folder)
    return [tuple(row[name] for name, _ in columns) for row in frame.collect()]


def setUpModule():
    if not BINARY or not os.access(BINARY, os.X_OK):
        raise unittest.SkipTest("LOCOMOTION_BINARY is not an executable locomotion binary")
    work = tempfile.mkdtemp(prefix="locomotion-spark-test-")
    atexit.register(stop_cluster)
    signal.signal(signal.SIGTERM, lambda *_: (stop_cluster(), sys.exit(143)))
    state["work"] = work
    state["cohort"] = os.path.join(work, "cohort")
    os.makedirs(state["cohort"])
    state["real"] = make_cohort(state["cohort"])
    if not state["real"]:
        print(f"note: {DATASETS}/us-tm2017 is absent: real traces skipped, simulated ones only", file=sys.stderr)
    state["local"] = local_tables(state["cohort"], os.path.join(work, "local"))
    state["submit"] = submit_script()
    # The second run is given the same binary at another path: the re-run signature holds its content, not its path.
    moved = os.path.join(work, "bin", "locomotion")
    os.makedirs(os.path.dirname(moved))
    shutil.copy2(BINARY, moved)
    try:
        master, environment = start_cluster(work)
        every_table = ["--also", "participants", "--also", "bouts"]
        state["first"] = submit(master, environment, os.path.join(work, "out"), *every_table)
        state["second"] = submit(master, environment, os.path.join(work, "out"), *every_table, binary=moved)
    finally:
        stop_cluster()
    # Staged inputs (copied through Spark, as from HDFS or S3) and epochs by participant and day, in local mode.
    environment = dict(os.environ, PYSPARK_PYTHON=sys.executable)
    state["staged"] = submit("local[2]", environment, os.path.join(work, "staged"), "--stage-inputs", "always",
                             "--epochs-partition", "participant,day", "--also", "bouts")
    # The same tables computed again without bouts: the earlier run's bouts must not stay behind as this run's.
    shutil.copytree(os.path.join(work, "staged"), os.path.join(work, "again"))
    state["again"] = submit("local[2]", environment, os.path.join(work, "again"), "--overwrite",
                           "--epochs-partition", "participant,day")
    from pyspark.sql import SparkSession

    state["reader"] = (SparkSession.builder.master("local[1]").config("spark.ui.enabled", "false")
                       .config("spark.ui.showConsoleProgress", "false")
                       .config("spark.sql.sources.partitionColumnTypeInference.enabled", "false").getOrCreate())


def tearDownModule():
    stop_cluster()
    if "reader" in state:
        state["reader"].stop()
    if "work" in state and os.environ.get("LOCOMOTION_KEEP_SPARK_TEST") is None:
        shutil.rmtree(state["work"], ignore_errors=True)


class ClusterJobTests(unittest.TestCase):
    def check_tables(self, output, tables=tuple(TABLES)):
        for table in tables:
            columns = TABLES[table]
            with self.subTest(table=table, output=output):
                spark_rows = sorted(read_parquet(os.path.join(state["work"], output, table), columns), key=repr)
                local_rows = sorted(state["local"][table], key=repr)
                self.assertGreater(len(local_rows), 0)
                self.assertEqual(len(spark_rows), len(local_rows))
                self.assertEqual(spark_rows, local_rows)

    def test_cluster_tables_equal_the_local_tables(self):
        self.check_tables("out")
        participants = {row[0] for row in state["local"]["daily"]}
        expected = set(SIMULATED) | ({"Elena", "andreacasalena", "FrancescoP"} if state["real"] else set())
        self.assertEqual(participants, expected)

    def test_failures_are_rows_of_errors_not_a_failed_job(self):
        errors = {row[0]: row for row in read_parquet(os.path.join(state["work"], "out", "errors"), ERRORS)}
        self.assertEqual(set(errors), {"broken"} | ({"Damiano"} if state["real"] else set()))
        participant, files, status, message = errors["broken"]
        self.assertEqual(status, 1)
        self.assertEqual(files, ["file:" + os.path.join(state["cohort"], "broken", "a.csv")])
        self.assertIn(f"file:{state['cohort']}/broken/a.csv:101:1", message)
        if state["real"]:
            self.assertIn("must not overlap in time", errors["Damiano"][3])

    def test_a_second_run_skips_what_is_written(self):
        written = len(SIMULATED) + (3 if state["real"] else 0)
        failed = 1 + (1 if state["real"] else 0)
        self.assertIn(f"{written + failed} to compute, 0 complete", state["first"])
        self.assertIn(f"{written} participants written, {failed} failed", state["first"])
        # Only the participants that failed are tried again; the tables stay as they were.
        self.assertIn(f"{failed} to compute, {written} complete", state["second"])
        self.check_tables("out")

    def test_staged_inputs_and_day_partitions_give_the_same_rows(self):
        self.check_tables("staged", ("epochs", "daily", "segments", "bouts"))
        self.assertFalse(os.path.exists(os.path.join(state["work"], "staged", "participants")))  # not asked for
        days = glob.glob(os.path.join(state["work"], "staged", "epochs", "participant=sim1", "day=*"))
        self.assertEqual(len(days), 7)  # a week of local days, the empty epochs between the files included


    def test_a_run_without_a_table_leaves_none_of_it_behind(self):
        """Computed again without --also bouts over the output of a run with it: the participants computed keep
        no bouts of the earlier run (their partitions are deleted), the other tables are rewritten equal."""
        self.assertIn("0 complete", state["again"])
        self.check_tables("again", ("epochs", "daily", "segments"))
        bouts = os.path.join(state["work"], "again", "bouts")
        self.assertEqual(glob.glob(os.path.join(bouts, "participant=*")), [])
        self.assertGreater(len(glob.glob(os.path.join(state["work"], "staged", "bouts", "participant=*"))), 2)


if __name__ == "__main__":
    unittest.main()
