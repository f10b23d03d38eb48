"""The installed wheel (Integrations/python/run-tests.sh installs it into a fresh virtual environment whose PATH has
no Swift toolchain): the documented examples run, the library needs no toolchain library, and label, steps, epochs
and daily equal the command line's tables — the same text, digit for digit — on real traces of ../shared/datasets
converted by the command line, read both from the files and from data frames in memory."""
import glob
import os
import re
import shutil
import subprocess
import sys
import tempfile
import unittest
import warnings
import zipfile

import numpy as np
import pandas as pd

import locomotion
from locomotion import _native, _tables

BINARY = os.environ.get("LOCOMOTION_BINARY")
DATASETS = os.environ.get("LOCOMOTION_DATASETS", "")
REPOSITORY = os.environ.get("LOCOMOTION_REPOSITORY", os.path.join(os.path.dirname(__file__), "..", "..", ".."))
# Real traces: a car ride, standing still, walking (us-tm2017, one person), and a second person's walks.
US_TM2017 = ["sensorfile_Damiano_Car_*", "sensorfile_Damiano_Still_*", "sensorfile_Damiano_Walking_*",
             "sensorfile_Elena_Walking_*"]
ZONE = "Europe/Rome"


def tool(*arguments, **options):
    return subprocess.run([BINARY, *arguments], check=True, capture_output=True, text=True, **options).stdout


class Fixture:
    """Temporary folder with the converted real traces, a simulated day with fixes, and the command line's
    tables of each (made once for all the tests)."""
    root = None
    traces = []

    @classmethod
    def make(cls):
        if cls.root:
            return
        cls.root = tempfile.mkdtemp(prefix="locomotion-python-")
        raw = os.path.join(cls.root, "raw")
        os.makedirs(raw)
        for pattern in US_TM2017:
            for path in sorted(glob.glob(os.path.join(DATASETS, "us-tm2017", "raw", pattern)))[:2]:
                shutil.copy(path, raw)
        converted = os.path.join(cls.root, "converted")
        if os.listdir(raw):
            tool("convert", "--from", "us-tm2017", raw, "--output-dir", converted)
        cls.traces = sorted(p for p in glob.glob(os.path.join(converted, "*.csv"))
                            if not p.endswith((".speeds.csv", ".steps.csv", ".fixes.csv")))
        tool("simulate", "--duration", "1800", "--seed", "7", "--output", os.path.join(cls.root, "day.csv"),
             "--fixes", os.path.join(cls.root, "day-fixes.csv"))


def setUpModule():
    if not BINARY:
        raise unittest.SkipTest("LOCOMOTION_BINARY is not set (run Integrations/python/run-tests.sh)")
    Fixture.make()


def tearDownModule():
    if Fixture.root:
        shutil.rmtree(Fixture.root, ignore_errors=True)


class InstallationTests(unittest.TestCase):
    def test_the_installed_package_is_tested_without_a_toolchain(self):
        if os.environ.get("LOCOMOTION_PYTHON_INSTALLED") != "1":
            self.skipTest("not run from run-tests.sh")
        self.assertIn("site-packages", locomotion.__file__)
        self.assertIsNone(shutil.which("swift"), "a Swift toolchain is on PATH")
        self.assertIsNone(shutil.which("swiftc"))
        self.assertNotIn("LD_LIBRARY_PATH", os.environ)

    def test_ldd_lists_no_toolchain_library(self):
        library = os.path.join(os.path.dirname(locomotion.__file__), "liblocomotion.so")
        output = subprocess.run(["ldd", library], check=True, capture_output=True, text=True).stdout
        names = {line.split()[0] for line in output.splitlines() if line.strip()}
        allowed = {"linux-vdso.so.1", "libc.so.6", "libm.so.6", "libstdc++.so.6", "libgcc_s.so.1", "libpthread.so.0", "libz.so.1",
                   "libdl.so.2", "/lib64/ld-linux-x86-64.so.2", "ld-linux-x86-64.so.2"}
        self.assertEqual(names - allowed, set(), output)
        self.assertNotRegex(output, r"swift|Foundation|fftw|icu", output)

    def test_the_wheel_carries_the_licences_and_a_manylinux_tag(self):
        wheel = os.environ.get("LOCOMOTION_WHEEL")
        if not wheel:
            self.skipTest("LOCOMOTION_WHEEL not set")
        self.assertRegex(os.path.basename(wheel), r"^locomotion-[0-9.]+-py3-none-manylinux_2_\d+_x86_64\.whl$")
        with zipfile.ZipFile(wheel) as archive:
            names = archive.namelist()
            metadata = archive.read(next(n for n in names if n.endswith(".dist-info/METADATA"))).decode()
        self.assertIn("License-Expression: Apache-2.0 AND Apache-2.0 WITH Swift-exception AND Unicode-3.0", metadata)
        for licence in ("LICENSE", "LICENSE-swift-runtime.txt", "LICENSE-ICU.txt"):
            self.assertTrue(any(n.endswith(f".dist-info/licenses/{licence}") for n in names), licence)
            self.assertIn(f"License-File: {licence}", metadata)

    def test_auditwheel_agrees_with_the_tag(self):
        wheel = os.environ.get("LOCOMOTION_WHEEL")
        if not wheel or not shutil.which("auditwheel"):
            self.skipTest("auditwheel not installed")
        tag = re.search(r"(manylinux_2_\d+_x86_64)\.whl$", wheel).group(1)
        output = subprocess.run(["auditwheel", "show", wheel], capture_output=True, text=True).stdout
        self.assertRegex(output, rf'consistent with\s+the following platform tag:\s+"{tag}"', output)

    def test_time_zones_work_inside_the_static_library(self):
        # The trap of a static Foundation: without the ICU time-zone code every zone but UTC would be missing.
        day = os.path.join(Fixture.root, "day.csv")
        for zone, offset in (("Europe/Rome", "+01:00"), ("America/New_York", "-05:00"), ("Australia/Lord_Howe", "+11:00"),
                             ("UTC+05:30", "+05:30")):
            epochs = locomotion.epochs(day, time_zone=zone)
            self.assertTrue(epochs["local_start"].str.endswith(offset).all(), zone)
        with self.assertRaisesRegex(ValueError, "unknown time zone 'Mars/Olympus'"):
            locomotion.epochs(day, time_zone="Mars/Olympus")


class CommandLineEqualityTests(unittest.TestCase):
    """Each table as text from the library (from the file, and from the data frame in memory) against the command
    line's output, byte for byte; and the public functions' DataFrames against the command line's CSV parsed."""

    def setUp(self):
        if not Fixture.traces:
            self.skipTest(f"no us-tm2017 traces under {DATASETS}")

    def cases(self):
        return Fixture.traces + [os.path.join(Fixture.root, "day.csv")]

    def check(self, command, table, cli_arguments, options, trace):
        expected = tool(command, trace, *cli_arguments)
        frame = locomotion.read_trace(trace)
        columns = locomotion._columns(frame, "s")
        from_file = _native.call(command, dict(options, path=trace)).text(f"table:{table}")
        from_memory = _native.call(command, dict(options, name=trace), columns).text(f"table:{table}")
        self.assertEqual(from_file, expected, f"{command} {trace} (file)")
        self.assertEqual(from_memory, expected, f"{command} {trace} (data frame)")
        return expected, frame

    def test_label(self):
        for trace in self.cases():
            expected, frame = self.check("label", "activity", [], {}, trace)
            segments = locomotion.label(frame)
            pd.testing.assert_frame_equal(segments, _tables.frame(expected, "activity"), check_exact=True)
            # Every number reads back exactly as written (Python's own float() as the reference).
            written = [line.split(",") for line in expected.splitlines()[1:]]
            self.assertEqual(segments["start"].tolist(), [float(row[0]) for row in written])
            self.assertEqual(segments["end"].tolist(), [float(row[1]) for row in written])

    def test_label_explained_equals_the_json_output(self):
        for trace in self.cases()[:2]:
            expected = tool("label", trace, "--format", "json")
            text = _native.call("label", {"path": trace, "explain": "true"}).text("table:activity")
            self.assertEqual(text, expected, trace)
            explained = locomotion.label(trace, explain=True)
            self.assertEqual(list(explained.columns[:5]), ["start", "end", "activity", "confidence", "rule"])

    def test_steps_and_step_times(self):
        refused = 0
        for trace in self.cases():
            cli = subprocess.run([BINARY, "steps", trace], capture_output=True, text=True)
            if cli.returncode != 0:
                # A trace the command line refuses (too sparse for steps) is refused with the same words.
                self.assertEqual(cli.returncode, 1, cli.stderr)
                with self.assertRaises(locomotion.InputError) as caught:
                    locomotion.steps(trace)
                self.assertIn(str(caught.exception), cli.stderr)
                refused += 1
                continue
            summary = cli.stdout
            events = tool("steps", "--events", trace)
            steps = locomotion.steps(locomotion.read_trace(trace))
            values = dict(line.split("=", 1) for line in summary.splitlines())
            as_table = ",".join(values) + "\n" + ",".join(values.values()) + "\n"
            pd.testing.assert_frame_equal(steps.summary, _tables.frame(as_table, "steps"), check_exact=True)
            self.assertEqual(steps.count, int(values["steps"]))
            expected_times = np.array([float(t) for t in events.splitlines()[1:]])
            np.testing.assert_array_equal(steps.events, expected_times)
            self.assertEqual(len(steps.bouts), int(values["bouts"]))
            self.assertLessEqual(int(steps.bouts["steps"].sum()), steps.count)
        self.assertLess(refused, len(self.cases()) // 2)

    def test_epochs_and_daily(self):
        for trace in self.cases():
            name = os.path.splitext(os.path.basename(trace))[0]
            for command in ("epochs", "daily"):
                expected, frame = self.check(command, command, ["--time-zone", ZONE],
                                             {"time_zone": ZONE, "participant": name}, trace)
                public = getattr(locomotion, command)(frame, time_zone=ZONE, participant=name)
                reference = _tables.frame(expected, command)
                if command == "epochs":  # the file column names the data frame, not the path
                    public["file"] = trace
                pd.testing.assert_frame_equal(public, reference, check_exact=True)

    def test_epochs_with_fixes_from_a_file_and_from_a_data_frame(self):
        day, fixes = os.path.join(Fixture.root, "day.csv"), os.path.join(Fixture.root, "day-fixes.csv")
        expected = tool("daily", day, "--time-zone", ZONE, "--fixes", fixes)
        reference = _tables.frame(expected, "daily")
        self.assertGreater(reference["distance_m"].iloc[0], 0)
        pd.testing.assert_frame_equal(locomotion.daily(day, time_zone=ZONE, fixes=fixes), reference, check_exact=True)
        fix_frame = pd.read_csv(fixes, float_precision="round_trip") if pd.__version__ < "3" else pd.read_csv(fixes)
        from_frame = locomotion.daily(day, time_zone=ZONE, fixes=fix_frame)
        pd.testing.assert_frame_equal(from_frame, reference, check_exact=True)


    def test_label_with_fixes(self):
        day, fixes = os.path.join(Fixture.root, "day.csv"), os.path.join(Fixture.root, "day-fixes.csv")
        expected = tool("label", day, "--fixes", fixes)
        self.assertEqual(_native.call("label", {"path": day, "fixes": fixes}).text("table:activity"), expected)
        pd.testing.assert_frame_equal(locomotion.label(locomotion.read_trace(day), fixes=fixes),
                                      _tables.frame(expected, "activity"), check_exact=True)

    def test_lenient_reading_warns_as_the_command_line(self):
        path = os.path.join(Fixture.root, "one-bad-row.csv")
        trace = locomotion.read_trace(os.path.join(Fixture.root, "day.csv")).iloc[:3000]
        text = trace[["timestamp", "x", "y", "z"]].to_csv(index=False, float_format="%.17g").splitlines()
        text[100] = "not,a,number,row"
        with open(path, "w") as file:
            file.write("\n".join(text) + "\n")
        with self.assertWarnsRegex(locomotion.LocomotionWarning, "one-bad-row.csv:101"):
            locomotion.label(path, lenient=True)

    def test_distance(self):
        fixes = os.path.join(Fixture.root, "day-fixes.csv")
        for arguments, options in (([], {}), (["--details"], {"details": True})):
            expected = tool("distance", fixes, "--time-zone", ZONE, *arguments)
            table = "distance-details" if options else "distance"
            self.assertEqual(_native.call("distance", dict(options, path=fixes, time_zone=ZONE)).text(f"table:{table}"),
                             expected)
            reference = _tables.frame(expected, table)
            pd.testing.assert_frame_equal(locomotion.distance(fixes, time_zone=ZONE, **options), reference, check_exact=True)
            frame = pd.read_csv(fixes, float_precision="round_trip") if pd.__version__ < "3" else pd.read_csv(fixes)
            pd.testing.assert_frame_equal(locomotion.distance(frame, time_zone=ZONE, **options), reference,
                                          check_exact=True)


class TimeZonesTests(unittest.TestCase):
    """time_zones= (a list of (time, zone) pairs, or the map file of --time-zones) on a real recording across a
    flight Europe/Rome → America/New_York landing 2024-03-01T14:00:00Z: Elena's us-tm2017 walk once an hour for 33
    hours from 23:00 in Rome on 29 February, with the positions of a real GPS track (gpxpy's korita-zbevnica, a
    fix every 10 s during each walk), as the command line's TimeZoneMapAnalysisCommandTests. The tables must be
    the command line's under the same map; distance's days daily's."""
    CHANGE = 1_709_301_600.0
    PAIRS = [("2024-02-01T00:00:00+01:00", "Europe/Rome"), ("2024-03-01T14:00:00Z", "America/New_York")]
    folder = None

    @classmethod
    def setUpClass(cls):
        walk_files = glob.glob(os.path.join(DATASETS, "us-tm2017", "raw", "sensorfile_Elena_Walking_1480699817447.csv"))
        gpx = os.path.join(DATASETS, "gpxpy-testfiles", "raw", "korita-zbevnica.gpx")
        if not walk_files or not os.path.exists(gpx):
            raise unittest.SkipTest(f"us-tm2017's Elena walk or gpxpy's korita-zbevnica is not under {DATASETS}")
        rows = []
        with open(walk_files[0], encoding="latin-1") as file:
            for line in file:
                fields = [field.strip() for field in line.split(",")]
                if len(fields) >= 5 and fields[1] == "android.sensor.accelerometer":
                    try:
                        rows.append((float(fields[0]) / 1000, *(float(v) / 9.80665 for v in fields[2:5])))
                    except ValueError:
                        pass
        rows.sort()
        walk = []
        for row in rows:  # one sample per millisecond at most, as the Swift tests read it
            if not walk or row[0] - walk[-1][0] >= 0.001:
                walk.append(row)
        with open(gpx) as file:
            points = [(float(a), float(b)) for a, b in re.findall(r'<trkpt lat="([-0-9.]+)" lon="([-0-9.]+)"', file.read())]
        path = points + points[::-1]
        duration = walk[-1][0] - walk[0][0]
        cls.folder = tempfile.mkdtemp(prefix="locomotion-zones-")
        trace, fixes, position = ["timestamp,x,y,z"], ["timestamp,latitude,longitude,horizontal_accuracy"], 0
        for hour in range(33):
            start = cls.CHANGE - 16 * 3600 + hour * 3600
            trace += [f"{round((t - walk[0][0] + start) * 1000) / 1000!r},{x!r},{y!r},{z!r}" for t, x, y, z in walk]
            time = start + 5
            while time < start + duration:
                latitude, longitude = path[position % len(path)]
                fixes.append(f"{time!r},{latitude!r},{longitude!r},5")
                position += 1
                time += 10
        for name, lines in (("walk.csv", trace), ("walk.fixes.csv", fixes),
                            ("zones.csv", ["participant,time_zone,from", "walk,Europe/Rome,2024-02-01T00:00:00+01:00",
                                           "walk,America/New_York,2024-03-01T14:00:00Z"])):
            with open(os.path.join(cls.folder, name), "w") as file:
                file.write("\n".join(lines) + "\n")

    @classmethod
    def tearDownClass(cls):
        if cls.folder:
            shutil.rmtree(cls.folder, ignore_errors=True)

    def setUp(self):
        # The hourly walks are sampled below 8 Hz: every table call warns that no steps are counted (not checked here).
        caught = warnings.catch_warnings()
        caught.__enter__()
        self.addCleanup(caught.__exit__, None, None, None)
        warnings.simplefilter("ignore", locomotion.LocomotionWarning)

    def path(self, name):
        return os.path.join(self.folder, name)

    def test_tables_under_a_list_and_a_map_are_the_command_lines(self):
        trace, fixes, zones = self.path("walk.csv"), self.path("walk.fixes.csv"), self.path("zones.csv")
        frame = locomotion.read_trace(trace)
        for command in ("epochs", "daily"):
            reference = _tables.frame(tool(command, trace, "--time-zones", zones, "--fixes", fixes), command)
            from_map = getattr(locomotion, command)(trace, time_zones=zones, fixes=fixes)
            pd.testing.assert_frame_equal(from_map, reference, check_exact=True)
            from_list = getattr(locomotion, command)(frame, time_zones=self.PAIRS, fixes=fixes, participant="walk")
            if command == "epochs":  # the file column names the data frame, not the path
                from_list["file"] = trace
            pd.testing.assert_frame_equal(from_list, reference, check_exact=True)
        daily = locomotion.daily(trace, time_zones=zones, fixes=fixes)
        self.assertEqual(list(daily["day"]), ["2024-02-29", "2024-03-01", "2024-03-02"])
        # One zone gives other days: the list is not ignored.
        rome = locomotion.daily(trace, time_zone="Europe/Rome", fixes=fixes)
        self.assertGreater(daily["distance_m"].iloc[1], rome["distance_m"].iloc[1] + 100)

    def test_distance_under_a_list_has_dailys_days(self):
        fixes, zones = self.path("walk.fixes.csv"), self.path("zones.csv")
        daily = locomotion.daily(self.path("walk.csv"), time_zones=zones, fixes=fixes)
        per_day = locomotion.distance(fixes, time_zones=self.PAIRS)
        # The same days; not the same metres: without a trace no moving gate holds fixes back.
        self.assertEqual(list(per_day["day"]), list(daily["day"]))
        self.assertTrue((per_day["distance_m"] > 100).all())
        rome = locomotion.distance(fixes, time_zone="Europe/Rome")
        self.assertGreater(per_day["distance_m"].iloc[1], rome["distance_m"].iloc[1] + 100)
        self.assertAlmostEqual(per_day["distance_m"].sum(), rome["distance_m"].sum(), delta=0.01)
        reference = _tables.frame(tool("distance", fixes, "--time-zones", zones, "--participant", "walk"), "distance")
        pd.testing.assert_frame_equal(locomotion.distance(fixes, time_zones=zones, participant="walk"), reference,
                                      check_exact=True)
        frame = pd.read_csv(fixes)
        pd.testing.assert_frame_equal(locomotion.distance(frame, time_zones=self.PAIRS), reference, check_exact=True)
        # Times as numbers (s), datetimes and Timestamps are the same instants.
        instants = [(1_706_742_000, "Europe/Rome"), (pd.Timestamp("2024-03-01 14:00", tz="UTC").to_pydatetime(), "America/New_York")]
        pd.testing.assert_frame_equal(locomotion.distance(frame, time_zones=instants), reference, check_exact=True)

    def test_bad_zones_and_orders_are_clear_errors(self):
        fixes = self.path("walk.fixes.csv")
        with self.assertRaisesRegex(ValueError, r"time_zones\[1\].*Mars/Olympus"):
            locomotion.distance(fixes, time_zones=[(0, "Europe/Rome"), (10, "Mars/Olympus")])
        with self.assertRaisesRegex(ValueError, r"time_zones\[1\]: 5(\.0+)? s is not after time_zones\[0\]'s 10"):
            locomotion.daily(self.path("walk.csv"), time_zones=[(10, "Europe/Rome"), (5, "America/New_York")])
        with self.assertRaisesRegex(ValueError, "not both"):
            locomotion.daily(self.path("walk.csv"), time_zone="UTC", time_zones=self.PAIRS)
        with self.assertRaisesRegex(ValueError, "empty"):
            locomotion.distance(fixes, time_zones=[])
        with self.assertRaisesRegex(ValueError, r"time_zones\[0\]: expected a \(time, zone\) pair"):
            locomotion.distance(fixes, time_zones=["Europe/Rome"])
        with self.assertRaisesRegex(locomotion.InputError, "participant 'nobody' is not in the time-zone map"):
            locomotion.daily(self.path("walk.csv"), time_zones=self.path("zones.csv"), participant="nobody")
        with self.assertRaisesRegex(ValueError, "participant="):
            locomotion.distance(pd.read_csv(fixes), time_zones=self.path("zones.csv"))


class StreamingTests(unittest.TestCase):
    def test_chunks_and_a_snapshot_give_the_steps_of_the_whole_trace(self):
        day = os.path.join(Fixture.root, "day.csv")
        trace = locomotion.read_trace(day)
        engine = locomotion.MotionEngine(time_zone=ZONE)
        events = []
        for start in range(0, len(trace), 50):
            chunk = trace.iloc[start:start + 50]
            events += engine.push(chunk["timestamp"], chunk["x"], chunk["y"], chunk["z"])
            if start == 20_000:
                engine = locomotion.MotionEngine.restore(engine.snapshot())
        events += engine.finish()
        streamed = np.array([event.time for event in events if event.kind == "step"])
        np.testing.assert_array_equal(streamed, locomotion.steps(trace).events)
        kinds = {event.kind for event in events}
        self.assertTrue({"activity", "step", "bout", "samples_began", "samples_ended"} <= kinds, kinds)

    def test_a_sample_back_in_time_is_an_error(self):
        engine = locomotion.MotionEngine(time_zone="UTC")
        engine.push([0.0, 0.02], [0.0, 0.0], [0.0, 0.0], [1.0, 1.0])
        with self.assertRaises(ValueError):
            engine.push([0.01], [0.0], [0.0], [1.0])

    def test_a_bad_snapshot_is_refused(self):
        with self.assertRaisesRegex(ValueError, "not a snapshot"):
            locomotion.MotionEngine.restore(b"{}")


class ErrorTests(unittest.TestCase):
    def frame(self, times, z=None):
        n = len(times)
        return pd.DataFrame({"timestamp": times, "x": [0.0] * n, "y": [0.0] * n, "z": z or [1.0] * n})

    def test_a_row_back_in_time_names_its_line(self):
        with self.assertRaises(locomotion.InputError) as caught:
            locomotion.label(self.frame([0.0, 0.02, 0.01]))
        self.assertEqual((caught.exception.file, caught.exception.line), ("data frame", 4))
        self.assertIn("before the previous row", caught.exception.problem)

    def test_nan_is_an_error_and_lenient_skips_it(self):
        times = list(np.arange(0, 30, 0.02))
        z = [1.0] * len(times)
        z[100] = float("nan")
        with self.assertRaisesRegex(locomotion.InputError, "data frame:102"):
            locomotion.label(self.frame(times, z))
        self.assertGreater(len(locomotion.label(self.frame(times, z), lenient=True)), 0)

    def test_a_bad_file_names_the_file_and_line(self):
        path = os.path.join(Fixture.root, "bad.csv")
        with open(path, "w") as file:
            file.write("timestamp,x,y,z\n0,0,0,1\n0.02,0,zero,1\n")
        with self.assertRaises(locomotion.InputError) as caught:
            locomotion.label(path)
        self.assertEqual((caught.exception.file, caught.exception.line), (path, 3))
        with self.assertRaises(locomotion.InputError) as missing:
            locomotion.read_trace(os.path.join(Fixture.root, "missing.csv"))
        self.assertIn("missing.csv", str(missing.exception))

    def test_bad_arguments(self):
        frame = self.frame([0.0, 0.02])
        with self.assertRaisesRegex(ValueError, "lacks the column z"):
            locomotion.label(frame.drop(columns="z"))
        with self.assertRaisesRegex(ValueError, "units=furlongs"):
            locomotion.label(frame, units="furlongs")
        with self.assertRaisesRegex(ValueError, "policy=sometimes"):
            locomotion.epochs(frame, time_zone="UTC", policy="sometimes")
        with self.assertRaisesRegex(ValueError, "time_unit"):
            locomotion.label(frame, time_unit="fortnights")

    def test_a_trace_of_one_sample_is_refused_as_by_the_command_line(self):
        with self.assertRaisesRegex(locomotion.InputError, "spans no time"):
            locomotion.label(self.frame([0.0]))


class UnitsAutoTests(unittest.TestCase):
    """units="auto": a real us-tm2017 walk in g, and the same walk written in m/s² at test time (as Android exports),
    from a file and from a data frame. The decision is a LocomotionWarning with the command line's line and the
    result's attrs["units"]; the tables are those of the unit named; neither unit raises InputError."""

    def setUp(self):
        walks = [trace for trace in Fixture.traces if "Walking" in os.path.basename(trace)]
        if not walks:
            self.skipTest(f"no us-tm2017 walk under {DATASETS}")
        self.g = locomotion.read_trace(walks[0])[["timestamp", "x", "y", "z"]]
        self.ms2 = self.g.copy()
        self.ms2[["x", "y", "z"]] *= 9.80665
        self.ms2_path = os.path.join(Fixture.root, "walk-ms2.csv")
        self.ms2.to_csv(self.ms2_path, index=False, float_format="%.17g")

    def test_a_data_frame_in_ms2_is_decided_said_and_read_as_ms2(self):
        with self.assertWarnsRegex(locomotion.LocomotionWarning, r"data frame: read as m/s² \(median \|a\| 9\.\d+ over the first 500 rows\)"):
            auto = locomotion.steps(self.ms2, units="auto")
        named = locomotion.steps(self.ms2, units="ms2")
        self.assertEqual(auto.units, "ms2")
        self.assertIsNone(named.units)
        pd.testing.assert_frame_equal(auto.summary, named.summary, check_exact=True)
        np.testing.assert_array_equal(auto.events, named.events)
        # The decision matters: the same frame read as g (data frames get no unit check) is labelled otherwise.
        with self.assertWarns(locomotion.LocomotionWarning):
            decided = locomotion.label(self.ms2, units="auto")
        pd.testing.assert_frame_equal(decided, locomotion.label(self.ms2, units="ms2"), check_exact=True)
        self.assertFalse(decided.equals(locomotion.label(self.ms2, units="g")))
        segments = locomotion.label(self.g, units="auto")
        self.assertEqual(segments.attrs["units"], "g")
        self.assertAlmostEqual(segments.attrs["units_median"], 1.0, delta=0.5)
        pd.testing.assert_frame_equal(segments, locomotion.label(self.g), check_exact=True)

    def test_a_file_in_ms2_gives_the_command_lines_tables(self):
        for command in ("epochs", "daily"):
            expected = tool(command, self.ms2_path, "--units", "auto", "--time-zone", ZONE)
            with self.assertWarnsRegex(locomotion.LocomotionWarning, re.escape(f"{self.ms2_path}: read as m/s²")):
                table = getattr(locomotion, command)(self.ms2_path, units="auto", time_zone=ZONE)
            self.assertEqual(table.attrs["units"], "ms2")
            pd.testing.assert_frame_equal(table, _tables.frame(expected, command), check_exact=True)
        from_frame = locomotion.daily(self.ms2, units="auto", time_zone=ZONE)
        self.assertEqual(from_frame.attrs["units"], "ms2")
        pd.testing.assert_frame_equal(from_frame, locomotion.daily(self.ms2, units="ms2", time_zone=ZONE), check_exact=True)
        read = locomotion.read_trace(self.ms2_path, units="auto")
        self.assertEqual(read.attrs["units"], "ms2")
        pd.testing.assert_frame_equal(read, locomotion.read_trace(self.ms2_path, units="ms2"), check_exact=True)

    def test_neither_unit_raises_naming_the_rows(self):
        loud = self.g.copy()
        loud[["x", "y", "z"]] *= 3
        with self.assertRaises(locomotion.InputError) as caught:
            locomotion.steps(loud, units="auto")
        self.assertIsInstance(caught.exception, ValueError)
        self.assertEqual((caught.exception.file, caught.exception.line), ("data frame", 2))
        self.assertIn("neither about 1", caught.exception.problem)
        path = os.path.join(Fixture.root, "walk-loud.csv")
        loud.to_csv(path, index=False, float_format="%.17g")
        for call in (locomotion.label, locomotion.read_trace, lambda p, units: locomotion.daily(p, units=units, time_zone=ZONE)):
            with self.assertRaises(locomotion.InputError) as caught:
                call(path, units="auto")
            self.assertEqual((caught.exception.file, caught.exception.line), (path, 2))

    def test_the_engine_refuses_auto_and_named_units_say_nothing(self):
        with self.assertRaisesRegex(ValueError, "units=auto: the engine"):
            locomotion.MotionEngine(time_zone="UTC", units="auto")
        with warnings.catch_warnings():
            warnings.simplefilter("error", locomotion.LocomotionWarning)
            table = locomotion.daily(self.g, time_zone=ZONE)
        self.assertNotIn("units", table.attrs)


class DocumentationTests(unittest.TestCase):
    """The ```python examples of the package README (as installed: the wheel's description) and Docs/python.md run."""

    def run_examples(self, text, source):
        blocks = re.findall(r"```python\n(.*?)```", text, re.S)
        self.assertGreater(len(blocks), 0, source)
        workdir = tempfile.mkdtemp(dir=Fixture.root)
        shutil.copy(os.path.join(Fixture.root, "day.csv"), workdir)
        shutil.copy(os.path.join(Fixture.root, "day-fixes.csv"), workdir)
        for index, block in enumerate(blocks):
            result = subprocess.run([sys.executable, "-c", block], cwd=workdir, capture_output=True, text=True)
            self.assertEqual(result.returncode, 0, f"{source} example {index + 1}:\n{block}\n{result.stderr}")

    def test_readme_examples(self):
        from importlib import metadata
        self.run_examples(metadata.metadata("locomotion").get_payload(), "README (wheel METADATA)")

    def test_r_example(self):
        guide = os.path.join(REPOSITORY, "Docs", "python.md")
        if not shutil.which("Rscript") or not os.path.exists(guide):
            self.skipTest("no Rscript (apt-get install r-base-core r-cran-reticulate)")
        if subprocess.run(["Rscript", "-e", "library(reticulate)"], capture_output=True).returncode != 0:
            self.skipTest("R has no reticulate")
        with open(guide) as file:
            blocks = re.findall(r"```r\n(.*?)```", file.read(), re.S)
        self.assertEqual(len(blocks), 1)
        workdir = tempfile.mkdtemp(dir=Fixture.root)
        shutil.copy(os.path.join(Fixture.root, "day.csv"), workdir)
        result = subprocess.run(["Rscript", "-e", blocks[0]], cwd=workdir, capture_output=True, text=True,
                                env=dict(os.environ, RETICULATE_PYTHON=sys.executable))
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertIn("walking_min", result.stdout)

    def test_python_guide_examples(self):
        guide = os.path.join(REPOSITORY, "Docs", "python.md")
        if not os.path.exists(guide):
            self.skipTest("Docs/python.md not found")
        with open(guide) as file:
            self.run_examples(file.read(), "Docs/python.md")


if __name__ == "__main__":
    unittest.main()
