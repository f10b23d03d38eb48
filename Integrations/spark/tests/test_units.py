"""Unit tests of the parts of locomotion_spark that need no Spark: participant patterns, table parsing, and one
participant run through the real binary (LOCOMOTION_BINARY)."""

import contextlib
import datetime
import decimal
import io
import json
import os
import re
import subprocess
import tempfile
import unittest

from locomotion_spark import runner
from locomotion_spark.job import (COMPANION_SUFFIXES, check_time_zones, expanded_braces,
                                  first_undecodable_glob_match, first_undecodable_trace, glob_reaches_hidden,
                                  header_names, is_aware_table, is_folder_trace, local_first_line, parse_arguments,
                                  plan, settings_of, signature_settings)
from locomotion_spark.participants import ParticipantPattern, base_name, is_valid_participant, name_relation
from locomotion_spark.tables import TABLES, parse_table

BINARY = os.environ.get("LOCOMOTION_BINARY")


RULES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "../../../Tests/Shared/participant-rules.json")


class ParticipantRulesTests(unittest.TestCase):
    """The cases of Tests/Shared/participant-rules.json, which the Swift tests run too
    (Tests/LocomotionIOTests/Inputs/ParticipantRulesTests.swift): one rule on both sides."""

    @classmethod
    def setUpClass(cls):
        with open(RULES, encoding="utf-8") as handle:
            cls.rules = json.load(handle)

    def test_patterns(self):
        for case in self.rules["patterns"]:
            with self.subTest(pattern=case["pattern"], path=case["path"]):
                self.assertEqual(ParticipantPattern(case["pattern"]).participant(case["path"]), case["participant"])

    def test_glob_matches(self):
        """Hadoop's globStatus matches a leading '.' with * and ? (as fnmatch does, here standing in for it: seen on
        PySpark 4, `c/*` listed `c/.h`); the job keeps what the shell gives the tool (the Swift suite runs bash)."""
        import fnmatch
        cases = [case for case in self.rules["globMatches"] if "pattern" in case]
        self.assertGreaterEqual(len(cases), 7)
        for case in cases:
            with self.subTest(pattern=case["pattern"]):
                parts = case["pattern"].split("/")
                candidates = sorted({"/".join(file.split("/")[:len(parts)]) for file in case["files"]})
                hadoop = [path for path in candidates if len(path.split("/")) == len(parts)
                          and all(fnmatch.fnmatchcase(name, glob) for name, glob in zip(path.split("/"), parts))]
                kept = [path for path in hadoop if not glob_reaches_hidden(case["pattern"], "file:/data/" + path)]
                self.assertEqual(kept, sorted(case["matches"]))

    def test_invalid_patterns(self):
        for pattern in self.rules["invalidPatterns"]:
            with self.subTest(pattern=pattern), self.assertRaises(ValueError):
                ParticipantPattern(pattern)

    def test_base_names(self):
        for case in self.rules["baseNames"]:
            with self.subTest(path=case["path"]):
                self.assertEqual(base_name(case["path"]), case["name"])

    def test_participant_names(self):
        for case in self.rules["participantNames"]:
            with self.subTest(name=case["name"]):
                self.assertEqual(is_valid_participant(case["name"]), case["valid"])

    def test_folder_listing(self):
        for case in self.rules["folderListing"]:
            with self.subTest(path=case["path"]):
                self.assertEqual(is_folder_trace(case["path"]), case["trace"])

    def test_name_relations(self):
        self.assertGreater(len(self.rules["nameRelations"]), 8)
        for case in self.rules["nameRelations"]:
            with self.subTest(first=case["first"], second=case["second"]):
                self.assertEqual(name_relation(case["first"], case["second"]), case["relation"])
                self.assertEqual(name_relation(case["second"], case["first"]), case["relation"])

    def test_equivalent_participants_are_refused(self):
        """Every equivalent pair of the cases as two participants' folders: refused, naming both, never merged."""
        pairs = [case for case in self.rules["nameRelations"] if case["relation"] == "equivalent"]
        self.assertGreaterEqual(len(pairs), 4)
        for case in pairs:
            uris = [f"file:/c/{case['first']}/1.csv", f"file:/c/{case['second']}/2.csv"]
            with self.subTest(uris=uris), self.assertRaisesRegex(SystemExit, "normalisation") as raised:
                plan(job_arguments("--participant-from", "{participant}/*.csv"), ListedFileSystems(uris), "digest")
            self.assertIn(uris[0], str(raised.exception))
            self.assertIn(uris[1], str(raised.exception))

    def test_every_companion_suffix_has_a_case(self):
        listed = {case["path"].lower() for case in self.rules["folderListing"] if not case["trace"]}
        for suffix in COMPANION_SUFFIXES:
            self.assertTrue(any(path.endswith(suffix) for path in listed), suffix)


@unittest.skipUnless(os.environ.get("LOCOMOTION_SPARK_INSTALLED"), "run-tests.sh tests the package installed with pip")
class InstalledPackageTests(unittest.TestCase):
    def test_the_installed_package_is_tested_not_the_source_tree(self):
        import importlib.metadata
        import locomotion_spark

        source = os.path.realpath(os.path.join(os.path.dirname(__file__), ".."))
        installed = os.path.dirname(os.path.realpath(locomotion_spark.__file__))
        self.assertFalse(installed.startswith(source + os.sep), installed)
        self.assertEqual(importlib.metadata.version("locomotion-spark"), locomotion_spark.__version__)
        script = subprocess.run(["locomotion-spark-submit-path"], check=True, capture_output=True, text=True).stdout.strip()
        self.assertEqual(script, os.path.join(installed, "submit.py"))
        self.assertTrue(os.path.isfile(script))


class FakeFileSystems:
    """Two participants' traces, as `FileSystems` lists them (uri, length, modification time); no companions."""

    def expand(self, argument):
        return [(f"file:/cohort/{p}/day.csv", 1000, 1700000000000) for p in ("p1", "p2")]

    def status(self, uri):
        return None

    def first_line(self, uri):
        return "timestamp,x,y,z"


class ListedFileSystems:
    """Given traces, as `FileSystems` lists them; no companions."""

    def __init__(self, uris):
        self.uris = uris

    def expand(self, argument):
        return [(uri, 1000, 1700000000000) for uri in self.uris]

    def status(self, uri):
        return None

    def first_line(self, uri):
        return "timestamp,x,y,z"


def job_arguments(*options):
    return parse_arguments(["/c", "--time-zone", "UTC", "--output", "/tables", *options])


class SameNamedTracesTests(unittest.TestCase):
    """Without --participant-from each file is its own participant, named after the file; two files of one name in
    different folders were merged into one participant and read as one recording (the tool keeps them apart)."""

    def test_same_named_traces_of_different_folders_are_refused(self):
        for names in (["p1/day.csv", "p2/day.csv"], ["a/x.csv", "b/c/x.csv", "d/y.csv"], ["p1/day.csv", "p2/day.CSV"]):
            uris = [f"hdfs://nn:8020/cohort/{name}" for name in names]
            with self.subTest(names=names):
                if len({base_name(uri) for uri in uris}) == len(uris):
                    self.assertEqual(len(plan(job_arguments(), ListedFileSystems(uris), "digest")), len(uris))
                    continue
                with self.assertRaisesRegex(SystemExit, "--participant-from") as raised:
                    plan(job_arguments(), ListedFileSystems(uris), "digest")
                clashing = [uri for uri in uris if base_name(uri) == base_name(uris[1])]
                for uri in clashing:
                    self.assertIn(uri, str(raised.exception))

    def test_one_participant_or_a_pattern_keeps_grouping(self):
        uris = ["file:/c/p1/day.csv", "file:/c/p2/day.csv"]
        self.assertEqual(set(plan(job_arguments("--participant-from", "{participant}/*.csv"), ListedFileSystems(uris), "d")), {"p1", "p2"})
        self.assertEqual(plan(job_arguments("--participant", "all"), ListedFileSystems(uris), "d")["all"]["traces"], uris)


AWARE_HEADER = "_id,timestamp,device_id,double_values_0,double_values_1,double_values_2,accuracy,label"


class HeaderFileSystems(ListedFileSystems):
    """Given traces with given first lines."""

    def __init__(self, headers):
        super().__init__(sorted(headers))
        self.headers = headers

    def first_line(self, uri):
        return self.headers[uri]

    def status(self, uri):
        return (5000, 1700000000001) if uri.endswith("locations.csv") else None


class AwareTablePlanTests(unittest.TestCase):
    """Which inputs the job splits by device_id: AWARE accelerometer tables, found by their header as the tool finds
    them, unless the participants are named or another layout is given; refused beside other traces, as the tool
    refuses them."""

    def test_the_header_rule_of_the_tool(self):
        for line, table in ((AWARE_HEADER, True), ('\ufeff"timestamp" , "DEVICE_ID",double_values_0\r\n', True),
                            ("timestamp,device_id,double_latitude,double_longitude", False),
                            ("timestamp,x,y,z", False), ("", False), ("timestamp,device_id2,double_values_0", False)):
            with self.subTest(line=line):
                self.assertEqual(is_aware_table(line), table)
        self.assertEqual(header_names(' a ,"B",""'), ["a", "b", ""])

    def test_tables_are_one_unit_split_by_the_tool(self):
        headers = {"file:/s/accelerometer.csv.gz": AWARE_HEADER, "file:/s/more/accelerometer-2.csv": AWARE_HEADER}
        groups = plan(job_arguments("--fixes", "file:/s/locations.csv"), HeaderFileSystems(headers), "digest")
        self.assertEqual(list(groups), ["accelerometer.csv"])
        unit = groups["accelerometer.csv"]
        self.assertTrue(unit["split"])
        self.assertEqual(unit["traces"], sorted(headers))
        self.assertEqual(unit["companions"], ["file:/s/locations.csv"])
        # Its signature follows the files and the settings, as a participant's does.
        again = plan(job_arguments("--fixes", "file:/s/locations.csv"), HeaderFileSystems(headers), "digest")
        self.assertEqual(again["accelerometer.csv"]["signature"], unit["signature"])
        other = plan(job_arguments("--fixes", "file:/s/locations.csv", "--epoch", "30"), HeaderFileSystems(headers), "digest")
        self.assertNotEqual(other["accelerometer.csv"]["signature"], unit["signature"])
        self.assertNotEqual(plan(job_arguments(), HeaderFileSystems(headers), "digest")["accelerometer.csv"]["signature"],
                            unit["signature"])

    def test_named_participants_or_another_layout_read_a_table_as_one_trace(self):
        headers = {"file:/s/p1/accelerometer.csv": AWARE_HEADER, "file:/s/p2/accelerometer.csv": AWARE_HEADER}
        named = plan(job_arguments("--participant-from", "{participant}/*.csv"), HeaderFileSystems(headers), "d")
        self.assertEqual(set(named), {"p1", "p2"})
        self.assertFalse(any(group.get("split") for group in named.values()))
        with self.assertRaisesRegex(SystemExit, "--participant-from"):  # two files of one name, as before
            plan(job_arguments("--layout", "canonical"), HeaderFileSystems(headers), "d")

    def test_tables_beside_other_traces_are_refused(self):
        headers = {"file:/s/accelerometer.csv": AWARE_HEADER, "file:/s/p.csv": "timestamp,x,y,z"}
        with self.assertRaisesRegex(SystemExit, "accelerometer.csv is an AWARE table .* but file:/s/p.csv is not"):
            plan(job_arguments(), HeaderFileSystems(headers), "d")

    def test_fixes_belong_to_one_participant_or_to_tables(self):
        headers = {"file:/s/a.csv": "timestamp,x,y,z", "file:/s/b.csv": "timestamp,x,y,z"}
        with self.assertRaisesRegex(SystemExit, "--fixes belongs to one participant"):
            plan(job_arguments("--fixes", "file:/s/locations.csv"), HeaderFileSystems(headers), "d")
        one = plan(job_arguments("--fixes", "file:/s/locations.csv", "--participant", "p"), HeaderFileSystems(headers), "d")
        self.assertEqual(one["p"]["companions"], ["file:/s/locations.csv"])

    def test_local_first_lines_gzipped_or_not(self):
        with tempfile.TemporaryDirectory() as folder:
            import gzip

            plain, packed = os.path.join(folder, "a.csv"), os.path.join(folder, "a.csv.gz")
            with open(plain, "w") as handle:
                handle.write(AWARE_HEADER + "\n1,2,d,0,0,1,3,\n")
            with gzip.open(packed, "wt") as handle:
                handle.write(AWARE_HEADER + "\n1,2,d,0,0,1,3,\n")
            self.assertTrue(is_aware_table(local_first_line(plain)))
            self.assertTrue(is_aware_table(local_first_line(packed)))
            with open(packed, "wb") as handle:
                handle.write(b"not gzip")
            self.assertEqual(local_first_line(packed), "")
            self.assertEqual(local_first_line(os.path.join(folder, "absent.csv")), "")


class SignatureTests(unittest.TestCase):
    """The manifest signature that makes a re-run skip a participant: it must change with the binary's content and
    the options, and must not change with the binary's path."""

    def signatures(self, binary, *options):
        arguments = parse_arguments(["/cohort", "--participant-from", "{participant}/*.csv", "--time-zone", "UTC",
                                     "--output", "/tables", "--locomotion", binary, *options])
        return {p: group["signature"] for p, group in plan(arguments, FakeFileSystems(), runner.binary_digest(binary)).items()}

    def test_the_binary_content_not_its_path(self):
        with tempfile.TemporaryDirectory() as folder:
            paths = [os.path.join(folder, name) for name in ("old", "moved", "new")]
            for path, content in zip(paths, (b"build 1", b"build 1", b"build 2")):
                with open(path, "wb") as handle:
                    handle.write(content)
            old, moved, new = (self.signatures(path) for path in paths)
            self.assertEqual(set(old), {"p1", "p2"})
            self.assertNotEqual(old["p1"], old["p2"])  # their files differ
            self.assertEqual(old, moved)  # the same binary elsewhere: skipped on a re-run
            for participant in old:
                self.assertNotEqual(old[participant], new[participant])  # a rebuilt binary: computed again
            self.assertNotEqual(old["p1"], self.signatures(paths[0], "--epoch", "30")["p1"])
            # Another set of tables is another run (a run without bouts/ is not complete for one that asks for them);
            # the order and repetition of --also are not.
            bouts = self.signatures(paths[0], "--also", "bouts")
            self.assertNotEqual(old["p1"], bouts["p1"])
            both = self.signatures(paths[0], "--also", "bouts", "--also", "participants")
            self.assertNotEqual(bouts["p1"], both["p1"])
            self.assertEqual(both, self.signatures(paths[0], "--also", "participants", "--also", "bouts", "--also", "bouts"))

    def test_the_time_zone_map_content(self):
        """A changed --time-zones file computes everything again; the same content under the same name does not."""
        with tempfile.TemporaryDirectory() as folder:
            binary = os.path.join(folder, "locomotion")
            with open(binary, "wb") as handle:
                handle.write(b"build 1")

            def signatures(content, *options):
                arguments = parse_arguments(["/cohort", "--participant-from", "{participant}/*.csv", "--output", "/t",
                                             "--locomotion", binary, "--time-zones", "hdfs://nn/zones.csv", *options])
                return {p: group["signature"] for p, group in plan(arguments, FakeFileSystems(), "digest", content).items()}

            rome = b"participant,time_zone,from\np1,Europe/Rome,0\n"
            self.assertEqual(signatures(rome), signatures(rome))
            self.assertNotEqual(signatures(rome)["p1"], signatures(rome.replace(b"Rome", b"Paris"))["p1"])
            self.assertNotEqual(signatures(rome)["p1"], signatures(rome, "--time-zone", "UTC")["p1"])

    def test_a_missing_binary_is_named(self):
        with self.assertRaisesRegex(FileNotFoundError, "/nonexistent/locomotion"):
            runner.binary_digest("/nonexistent/locomotion")


class ReadingOptionsTests(unittest.TestCase):
    """The options of the tool's reading side that the job passes on: --time-unit, --columns, --time-zones."""

    def test_a_zone_map_or_a_zone_is_required(self):
        self.assertIsNone(parse_arguments(["/c", "--time-zones", "z.csv", "--output", "/t"]).time_zone)
        with self.assertRaises(SystemExit), contextlib.redirect_stderr(io.StringIO()) as stderr:
            parse_arguments(["/c", "--output", "/t"])
        self.assertIn("--time-zones", stderr.getvalue())
        for option in (["--time-unit", "minutes"], ["--units", "auto-ish"]):
            with self.subTest(option=option), self.assertRaises(SystemExit), contextlib.redirect_stderr(io.StringIO()):
                job_arguments(*option)

    def test_the_tool_gets_the_reading_options(self):
        arguments = parse_arguments(["/c", "--time-zones", "hdfs://nn/z.csv", "--output", "/t", "--time-unit", "ms",
                                     "--columns", "timestamp=t,x=a,y=b,z=c", "--units", "ms2"])
        tool = runner.tool_arguments(settings_of(arguments, b"zones"), "/scratch/z.csv")
        self.assertNotIn("--time-zone", tool)  # every participant must then be in the map: the tool says so
        for option, value in (("--time-zones", "/scratch/z.csv"), ("--time-unit", "ms"),
                              ("--columns", "timestamp=t,x=a,y=b,z=c"), ("--units", "ms2")):
            self.assertEqual(tool[tool.index(option) + 1], value)
        plain = runner.tool_arguments(settings_of(job_arguments()))
        self.assertEqual(plain[:2], ["--time-zone", "UTC"])
        self.assertFalse({"--time-zones", "--time-unit", "--columns"} & set(plain))


    def test_layout_and_repeat_gaps_go_to_the_tool_and_only_then_into_the_signature(self):
        tool = runner.tool_arguments(settings_of(job_arguments("--layout", "aware", "--repeat-gaps", "0")))
        self.assertEqual(tool[tool.index("--layout") + 1], "aware")
        self.assertEqual(tool[tool.index("--repeat-gaps") + 1], "0.0")   # 0 turns the aware preset off
        plain = job_arguments()
        self.assertFalse({"--layout", "--repeat-gaps"} & set(runner.tool_arguments(settings_of(plain))))
        # Not given, they leave the signature of an existing output folder as it was.
        self.assertFalse({"layout", "repeat_gaps"} & set(signature_settings(plain, "digest")))
        self.assertNotEqual(signature_settings(plain, "digest"),
                            signature_settings(job_arguments("--repeat-gaps", "60"), "digest"))
        with self.assertRaises(SystemExit), contextlib.redirect_stderr(io.StringIO()):
            job_arguments("--layout", "csv")

    @unittest.skipUnless(BINARY, "LOCOMOTION_BINARY is not set")
    def test_the_tool_takes_them(self):
        # --units auto too: the tool decides g or m/s² per file.
        # A header-only trace: the tool's input error (exit 1), not a usage error (exit 2), with the options passed.
        folder = tempfile.mkdtemp()
        self.addCleanup(lambda: subprocess.run(["rm", "-rf", folder], check=False))
        trace = os.path.join(folder, "p.csv")
        with open(trace, "w") as file:
            file.write("timestamp,x,y,z\n")
        tool = runner.tool_arguments(settings_of(job_arguments("--layout", "canonical", "--repeat-gaps", "60",
                                                               "--units", "auto")))
        result = subprocess.run([BINARY, "daily", trace, "--participant=p", *tool], capture_output=True, text=True)
        self.assertEqual(result.returncode, 1, result.stderr)

class TableTests(unittest.TestCase):
    def test_tables_on_request(self):
        """The tables the job writes when asked, as the tool's `daily --also` does; the others are refused."""
        self.assertEqual(runner.tables_of({}), ["epochs", "daily", "segments"])
        self.assertEqual(runner.tables_of({"also": ["bouts", "participants"]}),
                         ["epochs", "daily", "segments", "participants", "bouts"])
        self.assertEqual(set(TABLES), {"epochs", "daily", "segments", "participants", "bouts"})
        self.assertEqual(job_arguments("--also", "bouts").also, ["bouts"])
        for table in ("epochs", "segments", "daily", "errors"):
            with self.subTest(table=table), self.assertRaises(SystemExit), contextlib.redirect_stderr(io.StringIO()):
                job_arguments("--also", table)
        with self.assertRaisesRegex(ValueError, "errors"):
            runner.tables_of({"also": ["errors"]})

    def test_parse_types_and_nulls(self):
        header = ",".join(name for name, _ in TABLES["segments"])
        rows = parse_table("segments", f"{header}\n\"a,b.csv\",p,1.5,2,walking,high\nx,p,3,,unknown,low\n",
                           files={"a,b.csv": "file:/a,b.csv"})
        self.assertEqual(rows, [("file:/a,b.csv", "p", 1.5, 2.0, "walking", "high"), ("x", "p", 3.0, None, "unknown", "low")])

    def test_formula_neutralisation_is_undone(self):
        """The tool writes a text cell that begins like a formula with a leading `'` (for spreadsheets); the job's
        Parquet holds the names themselves, so that the participant column names the partition the job manages."""
        header = ",".join(name for name, _ in TABLES["segments"])
        for name in ("=1+2", "+41", "-dash", "@SUM(A1)", "\tx"):
            with self.subTest(name=name):
                quoted = "'" + name
                text = f"{header}\n\"{quoted}/day.csv\",\"{quoted}\",1,2,walking,high\n"
                rows = parse_table("segments", text, files={f"{name}/day.csv": f"hdfs://c/{name}/day.csv"}, participant=name)
                self.assertEqual(rows, [(f"hdfs://c/{name}/day.csv", name, 1.0, 2.0, "walking", "high")])
        # A file name that begins with `'` of its own is left as it is.
        rows = parse_table("segments", f"{header}\n'x.csv,p,1,2,walking,high\n", files={"x.csv": "wrong"})
        self.assertEqual(rows[0][0], "'x.csv")

    def test_wrong_header_is_refused(self):
        with self.assertRaises(ValueError):
            parse_table("segments", "start,end,activity,confidence\n1,2,walking,high\n")


class UndecodableNameTests(unittest.TestCase):
    """A local folder holding a trace or folder whose name is not UTF-8: Hadoop's local listing leaves it out without
    a word (the job read the others and exited 0), so the job looks with bytes and stops naming it, `\\xNN` for
    each bad byte, as the tool's folder walk does (Docs/reliability.md, Round 5). The sequences of the tool's
    FileNameTests: Latin-1, a lone continuation byte, a truncated sequence, an overlong form, a surrogate, a 5-byte
    form, 0xFF."""

    SEQUENCES = [b"caf\xe9", b"a\x80b", b"a\xe2\x82", b"\xc0\xaf", b"\xed\xa0\x80", b"\xf8\x88\x80\x80\x80", b"\xff"]

    @staticmethod
    def escaped(raw):
        return "".join(chr(b) if b < 0x80 else f"\\x{b:02X}" for b in raw)

    def folder(self, entries):
        root = tempfile.mkdtemp()
        self.addCleanup(lambda: subprocess.run(["rm", "-rf", root], check=False))
        for entry in entries:
            path = os.path.join(os.fsencode(root), entry)
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "wb") as file:
                file.write(b"timestamp,x,y,z\n")
        return root

    def test_a_trace_or_folder_not_utf8_is_named(self):
        for sequence in self.SEQUENCES:
            with self.subTest(sequence=sequence):
                root = self.folder([b"P01/ok.csv", b"P01/" + sequence + b".csv"])
                self.assertEqual(first_undecodable_trace(root), f"{root}/P01/{self.escaped(sequence)}.csv")
                root = self.folder([b"P01/ok.csv", sequence + b"/day.csv"])
                self.assertEqual(first_undecodable_trace(root), f"{root}/{self.escaped(sequence)}")

    def test_a_glob_over_local_files_names_them_too(self):
        for sequence in self.SEQUENCES:
            with self.subTest(sequence=sequence):
                root = self.folder([b"P01/ok.csv", b"P01/" + sequence + b".csv"])
                self.assertEqual(first_undecodable_glob_match(f"{root}/*/*.csv"), f"{root}/P01/{self.escaped(sequence)}.csv")
                self.assertEqual(first_undecodable_glob_match(f"{root}/P01/*"), f"{root}/P01/{self.escaped(sequence)}.csv")
                self.assertIsNone(first_undecodable_glob_match(f"{root}/P01/ok*.csv"))
                root = self.folder([b"P01/ok.csv", sequence + b"/day.csv"])
                self.assertEqual(first_undecodable_glob_match(f"{root}/*/day.csv"), f"{root}/{self.escaped(sequence)}")
        root = self.folder([b"P01/ok.csv", b"P01/.caf\xe9.csv", b".caf\xe9/day.csv"])
        self.assertIsNone(first_undecodable_glob_match(f"{root}/*/*.csv"))

    def test_a_glob_with_braces_is_expanded_first(self):
        # Hadoop expands {a,b} before matching: a bad name reached only through an alternative is named too.
        root = self.folder([b"P01/ok.csv", b"P02/caf\xe9.csv", b"P03/caf\xe9.csv"])
        self.assertEqual(first_undecodable_glob_match(f"{root}/{{P01,P02}}/*.csv"), f"{root}/P02/caf\\xE9.csv")
        self.assertEqual(first_undecodable_glob_match(f"{root}/P0{{1,{{2,3}}}}/c*"), f"{root}/P02/caf\\xE9.csv")
        self.assertIsNone(first_undecodable_glob_match(f"{root}/{{P01,P04}}/*.csv"))
        self.assertEqual(expanded_braces("a/{b,c{1,2}}/{x,y}.csv"),
                         ["a/b/x.csv", "a/b/y.csv", "a/c1/x.csv", "a/c1/y.csv", "a/c2/x.csv", "a/c2/y.csv"])
        self.assertEqual(expanded_braces("a{b"), ["a{b"])
        with self.assertRaises(SystemExit):
            expanded_braces("{a,b}" * 13)   # 8192 patterns

    def test_hidden_names_and_non_traces_are_passed_by(self):
        root = self.folder([b"P01/ok.csv", b"P01/." + b"caf\xe9.csv", b".caf\xe9/day.csv", b"P01/caf\xe9.txt",
                            b"P01/caf\xe9.fixes.csv", "P01/Zoë.csv".encode()])
        self.assertIsNone(first_undecodable_trace(root))

    @unittest.skipUnless(BINARY, "LOCOMOTION_BINARY is not set")
    def test_the_same_name_as_the_tool(self):
        root = self.folder([b"P01/ok.csv", b"P01/caf\xe9.csv"])
        result = subprocess.run([BINARY, "epochs", root, "--time-zone", "UTC", "--participant-from", "{participant}/*.csv"],
                                capture_output=True, check=False)
        self.assertEqual(result.returncode, 1, result.stderr)
        self.assertIn(first_undecodable_trace(root).encode(), result.stderr)

READING_RULES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "../../../Tests/Shared/reading-rules.json")


def iso_text(time, offset):
    """`time` (seconds since 1970, a Decimal of whole milliseconds) as ISO 8601 local time at `offset` (`Z`, `±HH:MM`,
    or empty for none), with milliseconds."""
    minutes = 0
    if len(offset) == 6:
        minutes = (-1 if offset[0] == "-" else 1) * (int(offset[1:3]) * 60 + int(offset[4:6]))
    milliseconds = int(time * 1000) + minutes * 60_000
    moment = datetime.datetime(1970, 1, 1) + datetime.timedelta(milliseconds=milliseconds)
    return moment.strftime("%Y-%m-%dT%H:%M:%S") + f".{milliseconds % 1000:03d}" + offset


def reading_case_text(case, acceleration):
    """The trace of a case of Tests/Shared/reading-rules.json: timestamps first + i * step as exact decimals (as ISO
    8601 text with `iso`, some rows' time replaced with `replace`), the case's own acceleration where it has one."""
    first, step = decimal.Decimal(case["first"]), decimal.Decimal(case["step"])
    row = case.get("row", "{t},{x},{y},{z}")
    x, y, z = (repr(value) for value in case.get("acceleration", acceleration))
    replace = case.get("replace", {})
    lines = [case.get("header", "timestamp,x,y,z")]
    for index in range(case["rows"]):
        time = first + index * step
        text = replace.get(str(index)) or (iso_text(time, case["iso"]) if "iso" in case else str(time))
        lines.append(row.format(t=text, x=x, y=y, z=z))
    return "\n".join(lines) + "\n"


@unittest.skipUnless(BINARY, "LOCOMOTION_BINARY is not set")
class ReadingRulesTests(unittest.TestCase):
    """The cases of Tests/Shared/reading-rules.json (timestamp units, collectors' column layouts), which the Swift
    tests run with the library (ReadingRulesTests.swift), run here through the job's runner: one participant's trace
    read by the tool the tasks run, with the job's --time-unit and --columns."""

    @classmethod
    def setUpClass(cls):
        with open(READING_RULES, encoding="utf-8") as handle:
            cls.rules = json.load(handle)

    def check(self, case, units=None):
        with tempfile.TemporaryDirectory() as folder:
            trace = os.path.join(folder, "trace.csv")
            with open(trace, "w", encoding="utf-8") as handle:
                handle.write(reading_case_text(case, self.rules["acceleration"]))
            settings = dict(RunnerTests.SETTINGS, time_zone="UTC", companion_fixes=False,
                            time_unit=case.get("timeUnit"), columns=case.get("columns"), units=units)
            rows = list(runner.run_participant("p", ["hdfs://nn/p/trace.csv"], settings, local_files=[trace]))
        errors = [row for table, row in rows if table == "errors"]
        if case["unit"] is None:
            self.assertEqual(len(errors), 1, rows[:2])
            _, _, status, message = errors[0]
            self.assertEqual(status, 1)
            self.assertIn(f"hdfs://nn/p/trace.csv:{case['line']}:", message)
            self.assertIn(case["refusal"], message)
        else:
            self.assertFalse(errors)
            columns = [name for name, _ in TABLES["daily"]]
            days = [dict(zip(columns, row)) for table, row in rows if table == "daily"]
            self.assertAlmostEqual(days[0]["first_sample"], case["seconds"], delta=0.002)

    def test_timestamp_units(self):
        self.assertGreaterEqual(len(self.rules["timestampUnits"]), 10)
        for case in self.rules["timestampUnits"]:
            with self.subTest(case=case.get("note"), first=case["first"], time_unit=case.get("timeUnit")):
                self.check(case)

    def test_iso_times(self):
        self.assertEqual(iso_text(decimal.Decimal("1699919999.8"), "Z"), "2023-11-13T23:59:59.800Z")
        self.assertEqual(iso_text(decimal.Decimal("1700000000"), "-03:30"), "2023-11-14T18:43:20.000-03:30")
        self.assertGreaterEqual(len(self.rules["isoTimes"]), 6)
        for case in self.rules["isoTimes"]:
            with self.subTest(case=case["note"]):
                self.check(case)

    def test_units_auto(self):
        """--units auto through the job: a trace decided in the right unit is read (the wrong one would fail the
        tool's unit check at rest), |a| in neither range is the tool's refusal."""
        self.assertGreaterEqual(len(self.rules["unitsAuto"]), 4)
        for case in self.rules["unitsAuto"]:
            with self.subTest(case=case["note"]):
                self.check(case, units="auto")

    def test_layouts(self):
        self.assertGreaterEqual(len(self.rules["layouts"]), 6)
        for case in self.rules["layouts"]:
            with self.subTest(layout=case["layout"]):
                self.check(case)


@unittest.skipUnless(BINARY, "LOCOMOTION_BINARY is not set")
class RunnerTests(unittest.TestCase):
    SETTINGS = {"binary": BINARY, "time_zone": "Europe/Berlin", "epoch": 60, "day_start": "00:00",
                "minimum_hours": 10, "policy": "on-foot", "companion_fixes": True}

    def test_rows_equal_the_tool_and_bad_input_is_an_error_row(self):
        with tempfile.TemporaryDirectory() as folder:
            trace = os.path.join(folder, "day.csv")
            subprocess.run([BINARY, "simulate", "--duration", "900", "--seed", "5", "--output", trace,
                            "--fixes", os.path.join(folder, "day.fixes.csv")], check=True)
            rows = list(runner.run_participant("p", [trace], self.SETTINGS))
            daily = subprocess.run([BINARY, "daily", trace, "--participant", "p", *runner.tool_arguments(self.SETTINGS)],
                                   check=True, capture_output=True, text=True).stdout
            self.assertEqual([row for table, row in rows if table == "daily"], parse_table("daily", daily))
            self.assertGreater(sum(1 for table, _ in rows if table == "epochs"), 14)
            self.assertFalse([row for table, row in rows if table == "errors"])

            with open(trace, "a") as handle:
                handle.write("1.0,oops,0,1\n")
            errors = list(runner.run_participant("p", ["hdfs://x/day.csv"], self.SETTINGS, local_files=[trace]))
            self.assertEqual(len(errors), 1)
            table, (participant, files, status, message) = errors[0]
            self.assertEqual((table, participant, files, status), ("errors", "p", ["hdfs://x/day.csv"], 1))
            self.assertIn("hdfs://x/day.csv:", message)

    def test_participants_and_bouts_on_request_equal_the_tool(self):
        """`also`: the participants and bouts tables, row for row as `daily --output-dir … --also` writes them, with
        the file column as the job names the traces; without it, neither table."""
        with tempfile.TemporaryDirectory() as folder:
            traces = []
            for day, seed in enumerate((21, 22)):
                trace = os.path.join(folder, f"day{day}.csv")
                subprocess.run([BINARY, "simulate", "--duration", "1200", "--seed", str(seed), "--start",
                                str(1698364800 + day * 86400 + 8 * 3600), "--output", trace], check=True)
                traces.append(trace)
            uris = [f"hdfs://nn/cohort/p/day{day}.csv" for day in range(2)]
            settings = dict(self.SETTINGS, also=["bouts", "participants"])
            rows = list(runner.run_participant("p", uris, settings, local_files=traces))
            self.assertFalse([row for table, row in rows if table == "errors"], rows[:1])
            tool_tables = os.path.join(folder, "tool")
            subprocess.run([BINARY, "daily", *traces, "--participant", "p", "--output-dir", tool_tables, "--also",
                            "participants", "--also", "bouts", "--quiet", *runner.tool_arguments(self.SETTINGS)], check=True)
            for table in ("participants", "bouts", "daily"):
                with self.subTest(table=table), open(os.path.join(tool_tables, f"p.{table}.csv"), encoding="utf-8") as handle:
                    expected = parse_table(table, handle.read(), files=dict(zip(traces, uris)))
                    self.assertEqual([row for name, row in rows if name == table], expected)
            bouts = [row for table, row in rows if table == "bouts"]
            self.assertGreater(len(bouts), 2)  # the simulated walks
            self.assertEqual({row[0] for row in bouts}, set(uris))  # hdfs: names, not the local copies
            self.assertEqual(len([row for table, row in rows if table == "participants"]), 1)
            plain = {table for table, _ in runner.run_participant("p", uris, self.SETTINGS, local_files=traces)}
            self.assertEqual(plain, {"epochs", "daily", "segments"})

    def test_names_that_begin_like_options_or_formulas(self):
        """A participant `-dash` was taken by the tool for an option ("Missing value") and `=1+2` came back as
        `'=1+2`: every row names the participant as the job does."""
        with tempfile.TemporaryDirectory() as folder:
            trace = os.path.join(folder, "day.csv")
            subprocess.run([BINARY, "simulate", "--duration", "600", "--seed", "7", "--output", trace], check=True)
            for name in ("-dash", "=1+2", "-=1+2", "@x", "+41"):
                with self.subTest(name=name):
                    rows = list(runner.run_participant(name, [trace], dict(self.SETTINGS, also=["participants", "bouts"])))
                    self.assertFalse([row for table, row in rows if table == "errors"], rows[:1])
                    for table, row in rows:
                        columns = [column for column, _ in TABLES[table]]
                        self.assertEqual(row[columns.index("participant")], name)
                        if "file" in columns:
                            self.assertEqual(row[columns.index("file")], trace)

    def test_a_time_zone_map_is_passed_and_its_errors_name_it(self):
        """The map's bytes (read on the driver) are written beside the run and given to the tool: a participant's
        days follow it; the tool's messages about it (file:line:column, a participant absent from it) name the map as
        the job was given it, not the local copy."""
        with tempfile.TemporaryDirectory() as folder:
            trace = os.path.join(folder, "day.csv")
            # 10 min of simulated walking and standing around 23:55 UTC: two UTC days, one day in New York.
            subprocess.run([BINARY, "simulate", "--duration", "600", "--seed", "8", "--start", "1709337300", "--output",
                            trace], check=True)
            name = "hdfs://nn/study/zones.csv"
            rapids = b"device_id,tzcode,timestamp\np,America/New_York,1706742000000\n"
            settings = dict(self.SETTINGS, time_zone=None, time_zones={"name": name, "content": rapids})
            rows = list(runner.run_participant("p", [trace], settings))
            self.assertFalse([row for table, row in rows if table == "errors"], rows[:1])
            days = [row[1] for table, row in rows if table == "daily"]
            self.assertEqual(days, ["2024-03-01"])
            utc = [row[1] for table, row in runner.run_participant("p", [trace], dict(self.SETTINGS, time_zone="UTC"))
                   if table == "daily"]
            self.assertEqual(utc, ["2024-03-01", "2024-03-02"])

            bad = dict(settings, time_zones={"name": name, "content": b"participant,time_zone,from\np,Europe/Rome,0\np,CET,10\n"})
            (table, (_, _, status, message)), = runner.run_participant("p", [trace], bad)
            self.assertEqual((table, status), ("errors", 1))
            self.assertIn(f"{name}:3:2: unknown time zone 'CET'", message)
            (table, (_, _, status, message)), = runner.run_participant("q", [trace], settings)
            self.assertEqual((table, status), ("errors", 1))
            self.assertIn(f"{name}: participant 'q' is not in the time-zone map", message)
            fallback = list(runner.run_participant("q", [trace], dict(settings, time_zone="UTC")))
            self.assertEqual([row[1] for table, row in fallback if table == "daily"], utc)
            # The driver's check before any task: the tool's message about the map, or None for a map it accepts.
            self.assertIsNone(runner.time_zones_problem(settings))
            self.assertIsNone(runner.time_zones_problem(dict(self.SETTINGS, time_zones=None)))
            problem = runner.time_zones_problem(bad)
            self.assertIn(f"{name}:3:2: unknown time zone 'CET'", problem)
            with self.assertRaisesRegex(SystemExit, "unknown time zone 'CET'"):
                check_time_zones(bad)

    def test_aware_tables_whole_failures_and_messages(self):
        """run_tables: a table refused as a whole (an empty device_id) is one errors row named after the table;
        a participant's failure is filed under it with the messages naming its device_id."""
        with tempfile.TemporaryDirectory() as folder:
            table = os.path.join(folder, "accelerometer.csv")
            rows = ["timestamp,device_id,double_values_0,double_values_1,double_values_2"]
            rows += [f"{1709280000000 + index * 20},{device},0.1,0.2,9.8" for index in range(3000) for device in ("a", "b")]
            rows[8] = rows[8].replace(",b,", ",,")  # line 9
            with open(table, "w") as handle:
                handle.write("\n".join(rows) + "\n")
            settings = dict(self.SETTINGS, units="ms2")
            out = list(runner.run_tables("accelerometer", ["hdfs://x/accelerometer.csv"], settings, local_files=[table]))
            self.assertEqual(len(out), 1, out)
            kind, (name, files, status, message) = out[0]
            self.assertEqual((kind, name, files, status), ("errors", "accelerometer", ["hdfs://x/accelerometer.csv"], 1))
            self.assertIn("hdfs://x/accelerometer.csv:9:2: the device_id is empty", message)
        stderr = ("locomotion: t.csv:9:4: the field is not a finite number (device_id a b)\n"
                  "locomotion: t.csv:12:1: timestamp 5 of device_id a is earlier than its previous row's 6\n"
                  "locomotion: 2 of 3 participants failed (messages above); the results of the others were written\n")
        self.assertEqual(runner.messages_about("a b", stderr, ["a", "a b"]), "locomotion: t.csv:9:4: the field is not a finite number (device_id a b)")
        self.assertEqual(runner.messages_about("a", stderr, ["a", "a b"]), "locomotion: t.csv:12:1: timestamp 5 of device_id a is earlier than its previous row's 6")
        self.assertNotIn("participants failed", runner.messages_about("c", stderr))

    def test_missing_binary_is_an_error_row(self):
        settings = dict(self.SETTINGS, binary="/nonexistent/locomotion")
        rows = list(runner.run_participant("p", ["a.csv"], settings))
        self.assertEqual(rows[0][0], "errors")
        self.assertIn("FileNotFoundError", rows[0][1][3])


if __name__ == "__main__":
    unittest.main()
