"""The Spark job: list a cohort's traces on any Hadoop-compatible file system, run `locomotion` on each
participant's files in a task, and write Parquet datasets `epochs/`, `daily/`, `segments/` and `errors/`
(partitioned by participant) under `--output`, and `participants/` and `bouts/` when asked for (`--also`).

    spark-submit "$(locomotion-spark-submit-path)" 'hdfs:///cohort/*/*.csv' \\
        --participant-from '{participant}/*.csv' --time-zone Europe/Zurich --output hdfs:///tables

Traces are read by the tool itself, so the job reads what it reads: `.csv` and `.csv.gz`, timestamps in s, ms, µs
or ns, the columns of Locomotion, AWARE, Beiwe and RADAR-base; `--time-zones FILE` gives participants who travel.
AWARE's accelerometer table (one file for a whole study) is split by device_id by the tool in one task, one
participant per device_id (`plan_tables`, `runner.run_tables`); `--fixes` takes AWARE's locations table.

Re-running skips the participants whose tables are complete for the same files and settings (`manifest/`);
`--overwrite` computes everything again. Docs/cohorts.md has the whole story.
"""

import argparse
import fnmatch
import gzip
import hashlib
import json
import os
import sys
import tempfile
import unicodedata
import zipfile
import zlib

from . import runner
from .participants import ParticipantPattern, base_name, is_valid_participant, name_relation, participant_of
from .tables import ERRORS, MANIFEST, ON_REQUEST, TABLES, spark_schema

# The same set as InputPaths.traceCompanionSuffixes in the tool (a unit test compares them): what `convert` writes
# beside a trace and what the commands write into --output-dir. A folder skips them; a file named explicitly is read.
COMPANION_SUFFIXES = (".steps.csv", ".untimed-steps.csv", ".speeds.csv", ".fixes.csv", ".label.csv", ".step-times.csv",
                      ".replay.csv", ".distance.csv", ".carry.csv", ".epochs.csv", ".daily.csv", ".segments.csv",
                      ".participants.csv", ".bouts.csv")
DATASETS = list(TABLES) + ["errors"]


def parse_arguments(argv):
    parser = argparse.ArgumentParser(
        prog="locomotion-spark", description="Per-epoch, per-day and segment tables of a cohort, as Parquet.")
    parser.add_argument("inputs", nargs="+", help="traces: files, folders (their .csv files, recursively) or glob "
                        "patterns, on any Hadoop-compatible file system (file:, hdfs:, s3a:, …)")
    parser.add_argument("--output", required=True, help="folder (URI) that receives epochs/ daily/ segments/ errors/ "
                        "(and the tables of --also)")
    parser.add_argument("--time-zone", help="IANA zone of the participants' local days, e.g. Europe/Zurich (required "
                        "unless --time-zones covers every participant)")
    parser.add_argument("--time-zones", metavar="FILE", help="CSV (a URI, any file system) of each participant's zones over "
                        "time, as the tool's --time-zones: RAPIDS' device_id,tzcode,timestamp (ms) or participant,time_zone,from; "
                        "participants absent from it use --time-zone")
    who = parser.add_mutually_exclusive_group()
    who.add_argument("--participant-from", help="read each trace's participant from its path, e.g. '{participant}/*.csv'")
    who.add_argument("--participant", help="one participant for every input")
    parser.add_argument("--epoch", type=int, default=60, help="epoch length in seconds (default 60)")
    parser.add_argument("--day-start", default="00:00", help="local time at which days start, HH:MM")
    parser.add_argument("--minimum-hours", type=float, default=10, help="days with fewer hours of data are flagged low_data")
    parser.add_argument("--minimum-carried-hours", type=float, default=10,
                        help="days carried at least this many hours are valid (the daily table's valid column)")
    parser.add_argument("--also", action="append", default=[], choices=ON_REQUEST,
                        help="also write this table, as the tool's `daily --also`: participants (one row per participant "
                             "over their valid days) or bouts (one row per walking bout); repeat for both")
    parser.add_argument("--policy", default="on-foot", help="gating policy of high_accuracy_share")
    parser.add_argument("--companion-fixes", action="store_true", help="use NAME.fixes.csv beside each trace NAME.csv")
    parser.add_argument("--fixes", metavar="URI", help="fixes (a URI, any file system), as the tool's --fixes: AWARE's "
                        "locations table for AWARE accelerometer tables (each device_id gets its own fixes), or one "
                        "participant's fix file with --participant")
    parser.add_argument("--lenient", action="store_true", help="skip bad rows with a warning instead of failing the participant")
    parser.add_argument("--units", choices=["g", "ms2", "auto"],
                        help="unit of x,y,z (default g; auto: decided per file from |a| by the tool, iOS and Android "
                             "participants in one run)")
    parser.add_argument("--time-unit", choices=["auto", "s", "ms", "us", "ns"],
                        help="unit of the timestamps, as the tool's --time-unit (default auto: detected per file)")
    parser.add_argument("--columns", metavar="MAP", help="the columns to read, as the tool's --columns "
                        "timestamp=NAME,x=NAME,y=NAME,z=NAME (default: found by name: Locomotion's, AWARE's, Beiwe's, RADAR-base's)")
    parser.add_argument("--layout", choices=["auto", "canonical", "aware", "beiwe", "radar"],
                        help="layout of the traces, as the tool's --layout (default auto: from each header); aware also "
                             "repeats gaps of up to 60 s, as the tool does. Without --participant-from and --participant, "
                             "AWARE accelerometer tables are split by device_id (one participant each), as the tool does")
    parser.add_argument("--repeat-gaps", type=float, metavar="SECONDS",
                        help="read gaps of at most SECONDS as repeats of the sample before them, as the tool's "
                             "--repeat-gaps (change-only collectors; 0: off)")
    parser.add_argument("--tool-argument", action="append", default=[], dest="extra_arguments",
                        help="another option for `locomotion daily` (repeat for several), e.g. --tool-argument=--config=c.json")
    parser.add_argument("--locomotion", default="locomotion", dest="binary",
                        help="the locomotion binary: a path on the executors, a file shipped with --files, or a name on their PATH")
    parser.add_argument("--stage-inputs", choices=["auto", "always", "never"], default="auto",
                        help="copy the traces through Spark to the executors' local disks (auto: unless every input is on the "
                             "local or a shared file system, file:)")
    parser.add_argument("--epochs-partition", choices=["participant", "participant,day"], default="participant",
                        help="partition columns of epochs/ (day: one folder per participant-day, many small files)")
    parser.add_argument("--overwrite", action="store_true", help="compute every participant again")
    arguments = parser.parse_args(argv)
    if arguments.time_zone is None and arguments.time_zones is None:
        parser.error("give --time-zone, --time-zones FILE, or both (--time-zone for the participants absent from the file)")
    return arguments


def settings_of(arguments, time_zones=None):
    """What every participant's run is given besides its files: the binary and the tool's options. `time_zones` is
    the --time-zones file's content (bytes, read on the driver: `read_time_zones`), which each task writes to its
    scratch folder for the tool."""
    return {"binary": arguments.binary, "time_zone": arguments.time_zone, "epoch": arguments.epoch,
            "day_start": arguments.day_start, "minimum_hours": arguments.minimum_hours,
            "minimum_carried_hours": arguments.minimum_carried_hours, "policy": arguments.policy,
            "companion_fixes": arguments.companion_fixes, "lenient": arguments.lenient, "units": arguments.units,
            "extra_arguments": arguments.extra_arguments, "also": sorted(set(arguments.also)),
            "time_unit": arguments.time_unit, "columns": arguments.columns,
            # Only when given: an output folder of a run without them keeps its re-run signature.
            **({"layout": arguments.layout} if arguments.layout else {}),
            **({"repeat_gaps": arguments.repeat_gaps} if arguments.repeat_gaps is not None else {}),
            **({"fixes": arguments.fixes} if arguments.fixes else {}),
            "time_zones": None if arguments.time_zones is None else {"name": arguments.time_zones, "content": time_zones}}


def signature_settings(arguments, binary_digest, time_zones=None):
    """What the re-run signature records besides the files: the tool's options, the binary's content (its
    SHA-256), not its path — a new binary at the same path computes everything again, the same binary moved
    elsewhere does not — and the --time-zones file's content (a changed map computes everything again)."""
    settings = settings_of(arguments, time_zones)
    del settings["binary"]
    settings["binary_sha256"] = binary_digest
    if settings["time_zones"] is not None:
        settings["time_zones"] = {"name": settings["time_zones"]["name"],
                                  "sha256": hashlib.sha256(time_zones or b"").hexdigest()}
    return settings


def identify_binary(context, name):
    """The SHA-256 of the binary the tasks will run: read on the driver where it finds the binary (a path, a file
    shipped with --files, or on the driver's PATH), else by one task on an executor (a binary only on the
    executors' PATH). Exits with a message when neither finds it: no participant could be computed."""
    try:
        return runner.binary_digest(name)
    except OSError:
        pass
    try:
        return context.parallelize([name], 1).map(runner.binary_digest).first()
    except Exception as error:  # the task's FileNotFoundError, wrapped by Py4J
        reason = str(error).strip().splitlines()
        found = [line for line in reason if "FileNotFoundError" in line]
        raise SystemExit(f"locomotion-spark: {(found or reason or ['?'])[-1].strip()}")


class FileSystems:
    """The Hadoop file systems, through the driver's JVM."""

    def __init__(self, spark):
        self.jvm = spark.sparkContext._jvm
        self.configuration = spark.sparkContext._jsc.hadoopConfiguration()

    def _path(self, uri):
        path = self.jvm.org.apache.hadoop.fs.Path(uri)
        return path, path.getFileSystem(self.configuration)

    def expand(self, argument):
        """The trace files an argument names, as (uri, length, modification time), sorted by URI."""
        path, fs = self._path(argument)
        if any(char in argument for char in "*?[{"):
            # Hadoop's `*` and `?` match a leading '.', the shell's do not: keep what the shell would give the tool.
            if fs.getUri().getScheme() == "file":
                # Hadoop's local glob leaves out names that are not UTF-8 without a word, as its listing does.
                undecodable = first_undecodable_glob_match(path.toUri().getPath())
                if undecodable is not None:
                    raise SystemExit(f"locomotion-spark: {undecodable}: the file name is not valid UTF-8, "
                                     "so it cannot be read; rename it")
            statuses = [status for status in (fs.globStatus(path) or [])
                        if not glob_reaches_hidden(argument, status.getPath().toString())]
            if len(statuses) == 0:
                raise SystemExit(f"locomotion-spark: {argument}: no file matches this pattern")
        else:
            if not fs.exists(path):
                raise SystemExit(f"locomotion-spark: {argument}: no such file or folder")
            statuses = [fs.getFileStatus(path)]
        files = []
        for status in statuses:
            if status.isDirectory():
                # A folder: the traces below it by the tool's rule (is_folder_trace), hidden folders included.
                root = status.getPath().toString().rstrip("/") + "/"
                if is_local(root):
                    # Hadoop's local listing leaves out names that are not UTF-8 without a word: look with bytes.
                    undecodable = first_undecodable_trace(local_path(root))
                    if undecodable is not None:
                        raise SystemExit(f"locomotion-spark: {undecodable}: the file name is not valid UTF-8, "
                                         "so it cannot be read; rename it")
                iterator = fs.listFiles(status.getPath(), True)
                while iterator.hasNext():
                    entry = iterator.next()
                    uri = entry.getPath().toString()
                    relative = uri[len(root):] if uri.startswith(root) else uri.rsplit("/", 1)[-1]
                    if is_folder_trace(relative):
                        files.append((uri, entry.getLen(), entry.getModificationTime()))
                continue
            uri = status.getPath().toString()
            name = uri.rsplit("/", 1)[-1]
            if name.startswith(".") or not is_csv_name(name):
                continue
            if len(statuses) > 1 and without_gz(name.lower()).endswith(COMPANION_SUFFIXES):
                continue
            files.append((uri, status.getLen(), status.getModificationTime()))
        if not files:
            raise SystemExit(f"locomotion-spark: {argument}: holds no .csv or .csv.gz traces")
        return sorted(files)

    def first_line(self, uri):
        """The first line of a file (gunzipped when its name ends in .gz), as text; "" when it cannot be read (the task
        that reads it reports why)."""
        if is_local(uri):  # read here: a cohort of many files is listed fast
            return local_first_line(local_path(uri))
        path, fs = self._path(uri)
        try:
            stream = fs.open(path)
        except Exception:
            return ""
        try:
            if without_gz(uri) != uri:
                stream = self.jvm.java.util.zip.GZIPInputStream(stream)
            line = self.jvm.java.io.BufferedReader(self.jvm.java.io.InputStreamReader(stream, "UTF-8")).readLine()
            return line or ""
        except Exception:
            return ""
        finally:
            stream.close()

    def qualified(self, uri):
        """The fully qualified URI of a file (as listings name it); stops the job when there is no such file."""
        path, fs = self._path(uri)
        if not fs.exists(path) or fs.getFileStatus(path).isDirectory():
            raise SystemExit(f"locomotion-spark: {uri}: no such file")
        return fs.getFileStatus(path).getPath().toString()

    def status(self, uri):
        """(length, modification time) of a file, or None when it does not exist."""
        path, fs = self._path(uri)
        if not fs.exists(path):
            return None
        status = fs.getFileStatus(path)
        return status.getLen(), status.getModificationTime()

    def delete_partition(self, root, column, value):
        """Deletes `root/column=value` (the value escaped as Spark escapes partition values), if it exists."""
        escape = self.jvm.org.apache.spark.sql.catalyst.catalog.ExternalCatalogUtils.escapePathName
        path, fs = self._path(f"{root.rstrip('/')}/{column}={escape(value)}")
        if fs.exists(path):
            fs.delete(path, True)

    def exists(self, uri):
        path, fs = self._path(uri)
        return fs.exists(path)


def local_first_line(path):
    """The first line of a local file (gunzipped when its name ends in .gz); "" when it cannot be read."""
    try:
        opener = gzip.open if without_gz(path) != path else open
        with opener(path, "rb") as handle:
            return handle.readline(1 << 20).decode("utf-8", errors="replace")
    except (OSError, EOFError, zlib.error):
        return ""


def without_gz(name):
    """A gzipped file counts by the extension under `.gz` (`a.csv.gz` is a CSV), as in the tool's InputPaths."""
    return name[:-3] if name.lower().endswith(".gz") else name


def is_csv_name(name):
    """A .csv or gzipped .csv.gz file name (any case): what the tool reads as a CSV trace."""
    return without_gz(name).lower().endswith(".csv")


def is_folder_trace(relative):
    """Whether the file at `relative` (its '/'-separated path below a folder input) is one of the folder's traces:
    a .csv or .csv.gz file (any case) with no hidden component (a file or folder name starting with '.') that is no
    companion file — the rule of the tool's folder inputs (InputPaths in LocomotionIO; the cases of
    Tests/Shared/participant-rules.json)."""
    parts = relative.split("/")
    if any(part.startswith(".") for part in parts):
        return False
    name = without_gz(parts[-1]).lower()
    return name.endswith(".csv") and not name.endswith(COMPANION_SUFFIXES)


def glob_reaches_hidden(pattern, path):
    """Whether `path`, a match of the glob `pattern`, has a hidden name (starting with '.') where the pattern has a
    wildcard component that does not start with '.' itself: glob(3) and the shell never match a leading '.' with
    `*`, `?` or `[…]`, Hadoop's globStatus does. One component of a glob matches one of the path, so they are paired
    from the end. The cases of Tests/Shared/participant-rules.json ("globMatches")."""
    pattern_parts = [part for part in pattern.split("/") if part]
    path_parts = [part for part in path.split("/") if part]
    for glob_part, name in zip(reversed(pattern_parts), reversed(path_parts)):
        if name.startswith(".") and not glob_part.startswith(".") and any(char in glob_part for char in "*?[{"):
            return True
    return False


BRACE_EXPANSION_LIMIT = 4096


def expanded_braces(pattern):
    """The patterns `pattern`'s `{a,b}` alternatives stand for, nested ones included, in order (Hadoop's glob
    expands them the same way before matching); a pattern without a closed brace is itself. More than
    BRACE_EXPANSION_LIMIT alternatives stop the job: they are checked one by one."""
    done, pending = [], [pattern]
    while pending:
        current = pending.pop(0)
        start = current.find("{")
        depth, end, commas = 0, -1, []
        for index in range(start, len(current)) if start >= 0 else ():
            char = current[index]
            if char == "{":
                depth += 1
            elif char == "}":
                depth -= 1
                if depth == 0:
                    end = index
                    break
            elif char == "," and depth == 1:
                commas.append(index)
        if end < 0:
            done.append(current)
            continue
        bounds = [start] + commas + [end]
        pending = [current[:start] + current[bounds[i] + 1:bounds[i + 1]] + current[end + 1:]
                   for i in range(len(bounds) - 1)] + pending
        if len(done) + len(pending) > BRACE_EXPANSION_LIMIT:
            raise SystemExit(f"locomotion-spark: {pattern}: the pattern's {{a,b}} alternatives give more than "
                             f"{BRACE_EXPANSION_LIMIT} patterns; give fewer")
    return done


def first_undecodable_glob_match(pattern):
    """The first path (escaped) that the local glob `pattern` matches as the shell would (no leading '.' by a
    wildcard) and whose matched name is not valid UTF-8; None when there is none. Compared byte by byte
    (`fnmatch` on bytes: `?` is one byte here, which only widens what is caught); `{a,b}` alternatives are expanded
    first, as Hadoop's glob does."""
    for alternative in expanded_braces(pattern):
        found = first_undecodable_plain_glob_match(alternative)
        if found is not None:
            return found
    return None


def first_undecodable_plain_glob_match(pattern):
    """first_undecodable_glob_match for a pattern without `{a,b}`."""
    parts = [part for part in pattern.split("/") if part]
    level = [b"/" if pattern.startswith("/") else b"."]
    for part in parts:
        glob = os.fsencode(part)
        if not any(char in part for char in "*?["):
            level = [os.path.join(folder, glob) for folder in level if os.path.lexists(os.path.join(folder, glob))]
            continue
        matched = []
        for folder in level:
            try:
                names = sorted(os.listdir(folder))
            except OSError:
                continue
            for name in names:
                if name.startswith(b".") and not glob.startswith(b"."):
                    continue
                if not fnmatch.fnmatchcase(name, glob):
                    continue
                path = os.path.join(folder, name)
                try:
                    name.decode("utf-8")
                except UnicodeDecodeError:
                    return escaped_name(path[2:] if path.startswith(b"./") else path)
                matched.append(path)
        level = matched
    return None


def escaped_name(raw):
    """`raw` (bytes) for a message: valid UTF-8 as it is, each byte of an invalid sequence as `\\xNN` (the tool's
    FileNameRule.escaped)."""
    text, rest = "", raw
    while rest:
        end = len(rest)
        while end > 0:
            try:
                text += rest[:end].decode("utf-8")
                break
            except UnicodeDecodeError:
                end -= 1
        if end > 0:
            rest = rest[end:]
        else:
            text += f"\\x{rest[0]:02X}"
            rest = rest[1:]
    return text


def first_undecodable_trace(folder):
    """The first path (escaped, in walk order) below the local `folder` that the tool's folder walk stops at: a
    folder or a trace (a .csv, no companion) whose name is not valid UTF-8, with no hidden component; None when
    there is none. Hidden names and files that are no traces are passed by, whatever their bytes."""
    root = os.fsencode(folder)
    for directory, folders, files in os.walk(root):
        folders[:] = sorted(name for name in folders if not name.startswith(b"."))
        for name in sorted(folders) + sorted(files):
            if name.startswith(b"."):
                continue
            try:
                name.decode("utf-8")
                continue
            except UnicodeDecodeError:
                pass
            path = os.path.join(directory, name)
            lowered = name.lower()
            lowered = lowered[:-3] if lowered.endswith(b".gz") else lowered  # .csv.gz traces too (is_folder_trace)
            if os.path.isdir(path) or (lowered.endswith(b".csv") and not any(
                    lowered.endswith(suffix.encode()) for suffix in COMPANION_SUFFIXES)):
                return escaped_name(path)
    return None


def read_time_zones(context, uri):
    """The --time-zones file's content (bytes, as they are), read once on the driver through Spark (any Hadoop file system);
    the tool checks it in each task, with its own messages (file:line:column, naming `uri`)."""
    try:
        found = context.binaryFiles(uri).collect()
    except Exception as error:  # Py4J's wrapped FileNotFoundException / InvalidInputException
        lines = [line.strip() for line in str(error).strip().splitlines() if line.strip()]
        raise SystemExit(f"locomotion-spark: --time-zones {uri}: cannot read it ({(lines or ['?'])[0][:300]})")
    if len(found) != 1:
        raise SystemExit(f"locomotion-spark: --time-zones {uri}: names {len(found)} files; give one CSV file")
    return bytes(found[0][1])


def header_names(line):
    """The column names of a first line as the tool reads them (AwareTableSplit.header): split at commas, without a
    byte-order mark, blanks and one pair of double quotes around each, lowercased."""
    names = []
    for field in line.lstrip("\ufeff").rstrip("\r\n").split(","):
        field = field.strip(" \t")
        if len(field) >= 2 and field[0] == '"' and field[-1] == '"':
            field = field[1:-1]
        names.append(field.lower())
    return names


def is_aware_table(line):
    """Whether a first line is the header of AWARE's accelerometer table (AwareTableSplit.isAccelerometerTable):
    one table for many participants, split by device_id."""
    names = header_names(line)
    return "device_id" in names and "double_values_0" in names


def splits_tables(arguments):
    """Whether the job splits AWARE accelerometer tables by device_id, as the tool does (AwareTables.split): not when
    the participants are named (--participant, --participant-from: a table is then one participant's trace), nor
    with another --layout than aware."""
    return (arguments.participant is None and arguments.participant_from is None
            and arguments.layout in (None, "auto", "aware"))


def companion_of(uri):
    return uri[:-4] + ".fixes.csv" if uri.lower().endswith(".csv") else None


def check_participant(participant, uri, groups, normalised, per_file):
    """Refuses what would merge different participants into one recording, as the tool does: two traces of one
    base name without --participant-from (each file is its own participant, and the tool keeps them apart), and
    two names that differ only in Unicode normalisation (FileNameRule.swift)."""
    if per_file and participant in groups:
        raise SystemExit(f"locomotion-spark: {groups[participant]['traces'][0]} and {uri} would both be the participant "
                         f"'{participant}' (each file is its own participant, named after the file); give "
                         f"--participant-from, e.g. '{{participant}}/*.csv', or rename one")
    first = normalised.setdefault(unicodedata.normalize("NFC", participant), participant)
    if name_relation(first, participant) == "equivalent":
        raise SystemExit(f"locomotion-spark: the participants '{first}' ({groups[first]['traces'][0]}) and "
                         f"'{participant}' ({uri}) differ only in Unicode normalisation (NFC and NFD): they would share "
                         f"output names; rename one")


def check_time_zones(settings):
    """Stops the job, with the tool's message, when the tool refuses the --time-zones file (every participant would
    fail on it). Checked on the driver where it finds the binary; elsewhere each task's run reports it (errors/)."""
    try:
        problem = runner.time_zones_problem(settings)
    except OSError:  # the binary only on the executors' PATH
        return
    if problem:
        raise SystemExit(f"locomotion-spark: --time-zones: {problem}")


def plan(arguments, filesystems, binary_digest, time_zones=None):
    """The participants and their files: {participant: {"traces": [...], "companions": [...], "signature": …}}.

    The signature is a hash of the files (URIs, sizes, modification times), the options, the binary's content
    (`binary_digest`, from `identify_binary`) and the --time-zones file's content (`time_zones`)."""
    pattern = ParticipantPattern(arguments.participant_from) if arguments.participant_from else None
    seen = set()
    listed = []
    for argument in arguments.inputs:
        for uri, length, modified in filesystems.expand(argument):
            if uri not in seen:
                seen.add(uri)
                listed.append((uri, length, modified))
    if splits_tables(arguments):
        tables = [entry for entry in listed if is_aware_table(filesystems.first_line(entry[0]))]
        if tables:
            return plan_tables(arguments, filesystems, binary_digest, time_zones, listed, tables)
    groups = {}
    normalised = {}
    for uri, length, modified in listed:
        participant = participant_of(uri, pattern, arguments.participant)
        if participant is None:
            raise SystemExit(f"locomotion-spark: --participant-from '{arguments.participant_from}' does not match the input {uri}")
        if not is_valid_participant(participant):
            raise SystemExit(f"locomotion-spark: '{participant}' cannot name a participant ({uri})")
        check_participant(participant, uri, groups, normalised, pattern is None and arguments.participant is None)
        group = groups.setdefault(participant, {"traces": [], "companions": [], "stamps": []})
        group["traces"].append(uri)
        group["stamps"].append([uri, length, modified])
        if arguments.companion_fixes:
            companion = companion_of(uri)
            status = filesystems.status(companion)
            if status is not None:
                group["companions"].append(companion)
                group["stamps"].append([companion, *status])
    if arguments.fixes and len(groups) > 1:
        raise SystemExit("locomotion-spark: --fixes belongs to one participant, or is AWARE's locations table for AWARE "
                         "accelerometer tables; use --companion-fixes (NAME.fixes.csv beside each trace) for several")
    for group in groups.values():
        if arguments.fixes:
            group["companions"].append(arguments.fixes)
            group["stamps"].append([arguments.fixes, *fixes_status(filesystems, arguments.fixes)])
    settings = signature_settings(arguments, binary_digest, time_zones)
    for participant, group in groups.items():
        text = json.dumps({"settings": settings, "files": group["stamps"]}, sort_keys=True)
        group["signature"] = hashlib.sha256(text.encode()).hexdigest()
    return groups


def fixes_status(filesystems, uri):
    status = filesystems.status(uri)
    if status is None:
        raise SystemExit(f"locomotion-spark: --fixes {uri}: no such file")
    return list(status)


def plan_tables(arguments, filesystems, binary_digest, time_zones, listed, tables):
    """The plan of a run over AWARE accelerometer tables: ONE unit, {name: {"traces", "companions", "stamps",
    "signature", "split": True}}, that one task computes by one run of the tool over every table (it splits them by
    device_id in one streaming pass, a device_id in several tables being one participant, and computes the
    participants `spark.task.cpus` at a time). Its participants are known when the task has run. `name` is the first
    table's base name: the errors/ row of a table the tool refuses as a whole (an empty device_id, a row cut short).
    As the tool, tables are refused beside other traces."""
    others = [entry[0] for entry in listed if entry not in tables]
    if others:
        raise SystemExit(f"locomotion-spark: {tables[0][0]} is an AWARE table (a participant per device_id) but "
                         f"{others[0]} is not: give AWARE tables alone (or --participant-from, to read each table as one "
                         "participant's trace)")
    name = base_name(tables[0][0])
    group = {"traces": [uri for uri, _, _ in tables], "companions": [], "stamps": [list(entry) for entry in tables],
             "split": True}
    if arguments.fixes:
        group["companions"].append(arguments.fixes)
        group["stamps"].append([arguments.fixes, *fixes_status(filesystems, arguments.fixes)])
    text = json.dumps({"settings": signature_settings(arguments, binary_digest, time_zones), "files": group["stamps"],
                       "split": True}, sort_keys=True)
    group["signature"] = hashlib.sha256(text.encode()).hexdigest()
    return {name: group}


def unit_files(group):
    return group["traces"] + group["companions"]


def tables_complete(spark, output, filesystems, group):
    """Whether a run over AWARE tables (`plan_tables`) finished for the same files and settings: the manifest holds
    participants of these files with this signature, and errors/ holds no failure of the job itself (exit status
    -1: the binary not found, a file not staged) for these tables. A participant the tool refused stays in errors/
    until the tables, the settings or the binary change: the same inputs fail again, and computing it again means
    splitting every table again."""
    files = unit_files(group)
    rows = manifest_rows(spark, output, filesystems)
    if not any(row.files == files and row.signature == group["signature"] for row in rows):
        return False
    return not any(list(row.files) == group["traces"] and row.exit_status < 0
                   for row in error_rows(spark, output, filesystems))


def error_rows(spark, output, filesystems):
    """The rows of errors/ (participant, files, exit_status, message), collected on the driver before this run writes."""
    root = output.rstrip("/") + "/errors"
    if not filesystems.exists(root):
        return []
    return spark.read.schema(spark_schema(ERRORS)).parquet(root).collect()


def manifest_rows(spark, output, filesystems):
    """The manifest's rows (participant, signature, files)."""
    root = output.rstrip("/") + "/manifest"
    if not filesystems.exists(root):
        return []
    return [row for row in spark.read.schema(spark_schema(MANIFEST)).parquet(root).collect()]


def finished(spark, output, filesystems):
    """{participant: signature} of the participants whose tables are complete (`manifest/`)."""
    root = output.rstrip("/") + "/manifest"
    if not filesystems.exists(root):
        return {}
    rows = spark.read.schema(spark_schema(MANIFEST)).parquet(root).select("participant", "signature").collect()
    return {row.participant: row.signature for row in rows}


# Where each table's participant column is, for the rows of `runner.run_participant`.
_PARTICIPANT_INDEX = {table: [name for name, _ in columns].index("participant") for table, columns in TABLES.items()}


def is_local(uri):
    """True for a file on this machine's file system (a listed URI is fully qualified: `file:/…`)."""
    return uri.startswith("file:")


def local_path(uri):
    if uri.startswith("file://"):
        return uri[len("file://"):]
    if uri.startswith("file:"):
        return uri[len("file:"):]
    return uri


def _run(participant, traces, settings, local, split, jobs):
    """One unit through the tool: a participant's traces, or (`split`) AWARE tables split by device_id. `local` maps
    the URIs to files on this machine."""
    fixes = settings.get("fixes")
    fixes = None if fixes is None else (fixes, local(fixes))
    if split:
        return runner.run_tables(participant, traces, settings, local_files=[local(uri) for uri in traces], fixes=fixes,
                                 jobs=jobs)
    return runner.run_participant(participant, traces, settings, local_files=[local(uri) for uri in traces], fixes=fixes)


def _run_direct(item, settings, jobs=1):
    participant, traces, split = item
    return _run(participant, traces, settings, local_path, split, jobs)


def _run_staged(participant, traces, settings, streams, split=False, jobs=1):
    with tempfile.TemporaryDirectory(prefix="locomotion-stage-") as scratch:
        local = runner.stage(streams, scratch)
        missing = [uri for uri in traces + ([settings["fixes"]] if settings.get("fixes") else []) if uri not in local]
        if missing:
            yield "errors", (participant, list(traces), -1, f"not staged: {missing}")
            return
        yield from _run(participant, traces, settings, local.__getitem__, split, jobs)


def package_archive():
    """This package as a zip, to ship to executors that do not have it installed: its modules and its data
    (`tables.json`, the schemas, which `tables` reads through the zip importer)."""
    folder = os.path.dirname(os.path.abspath(__file__))
    handle, path = tempfile.mkstemp(prefix="locomotion_spark-", suffix=".zip")
    os.close(handle)
    with zipfile.ZipFile(path, "w") as archive:
        for name in sorted(os.listdir(folder)):
            if name.endswith((".py", ".json")):
                archive.write(os.path.join(folder, name), f"locomotion_spark/{name}")
    return path


def main(argv=None):
    arguments = parse_arguments(sys.argv[1:] if argv is None else argv)
    from pyspark import StorageLevel
    from pyspark.sql import SparkSession

    spark = (SparkSession.builder.appName("locomotion-cohort")
             .config("spark.sql.sources.partitionOverwriteMode", "dynamic")
             .config("spark.sql.sources.partitionColumnTypeInference.enabled", "false")
             .getOrCreate())
    context = spark.sparkContext
    context.setLogLevel("WARN")
    context.addPyFile(package_archive())
    output = arguments.output.rstrip("/")
    filesystems = FileSystems(spark)
    time_zones = None if arguments.time_zones is None else read_time_zones(context, arguments.time_zones)
    if time_zones is not None:
        check_time_zones(settings_of(arguments, time_zones))
    if arguments.fixes:
        # As the listing names files (file:/…, hdfs://…): the name staging and the manifest use.
        arguments.fixes = filesystems.qualified(arguments.fixes)
    groups = plan(arguments, filesystems, identify_binary(context, arguments.binary), time_zones)
    done = {} if arguments.overwrite else finished(spark, output, filesystems)
    if any(group.get("split") for group in groups.values()):
        todo = [unit for unit, group in groups.items()
                if arguments.overwrite or not tables_complete(spark, output, filesystems, group)]
    else:
        todo = [participant for participant in groups if done.get(participant) != groups[participant]["signature"]]
    file_count = sum(len(group["traces"]) for group in groups.values())
    if any(group.get("split") for group in groups.values()):
        print(f"locomotion-spark: {file_count} AWARE table{'' if file_count == 1 else 's'}, split by device_id in one task "
              f"({'to compute' if todo else 'complete from an earlier run'})", file=sys.stderr)
    else:
        print(f"locomotion-spark: {len(groups)} participants ({file_count} traces): {len(todo)} to compute, "
              f"{len(groups) - len(todo)} complete from an earlier run", file=sys.stderr)
    if not todo:
        spark.stop()
        return 0
    settings = settings_of(arguments, time_zones)
    stage = arguments.stage_inputs == "always" or (
        arguments.stage_inputs == "auto" and not all(is_local(uri) for p in todo for uri in groups[p]["traces"]))
    # A run over AWARE tables computes their participants in one task, spark.task.cpus at a time (the tool's --jobs).
    jobs = max(1, int(context.getConf().get("spark.task.cpus", "1")))
    if stage:
        parts = []
        for participant in todo:
            traces = groups[participant]["traces"]
            files = traces + groups[participant]["companions"]
            streams = context.union([context.binaryFiles(uri) for uri in files]).coalesce(1)
            parts.append(streams.mapPartitions(
                lambda it, p=participant, t=traces, split=bool(groups[participant].get("split")):
                    _run_staged(p, t, settings, it, split, jobs)))
        results = context.union(parts)
    else:
        items = [(participant, groups[participant]["traces"], bool(groups[participant].get("split"))) for participant in todo]
        results = context.parallelize(items, len(items)).flatMap(lambda item: _run_direct(item, settings, jobs))
    results = results.persist(StorageLevel.MEMORY_AND_DISK)

    failures = {row[0]: row for row in results.filter(lambda pair: pair[0] == "errors").map(lambda pair: pair[1]).collect()}
    # The participants of AWARE tables that the tool computed, with their unit (the tables' plan name).
    split_done = results.filter(lambda pair: pair[0] == "done").map(lambda pair: pair[1]).collect()
    written = runner.tables_of(settings)
    for table, columns in [(table, TABLES[table]) for table in written] + [("errors", ERRORS)]:
        frame = spark.createDataFrame(
            results.filter(lambda pair, t=table: pair[0] == t).map(lambda pair: pair[1]), spark_schema(columns))
        partitions = arguments.epochs_partition.split(",") if table == "epochs" else ["participant"]
        order = [column for column in ("participant", "start", "file") if column in frame.columns]
        (frame.repartition(*partitions).sortWithinPartitions(*order)
         .write.mode("overwrite").partitionBy(*partitions).parquet(f"{output}/{table}"))
    succeeded = [participant for participant in todo if participant not in failures and not groups[participant].get("split")]
    unit_of = {participant: participant for participant in succeeded}
    for participant, unit in split_done:
        succeeded.append(participant)
        unit_of[participant] = unit
    # AWARE tables computed again: a participant of these tables in the manifest or errors/ that this run neither
    # wrote nor failed (its device_id left the tables, or the whole table failed now) keeps no rows.
    stale = set()
    split_units = [unit for unit in todo if groups[unit].get("split")]
    if split_units:
        now = set(succeeded) | set(failures)
        for row in manifest_rows(spark, output, filesystems):
            if row.participant not in now and any(list(row.files) == unit_files(groups[unit]) for unit in split_units):
                stale.add(row.participant)
        for row in error_rows(spark, output, filesystems):
            if row.participant not in now and any(list(row.files) == groups[unit]["traces"] for unit in split_units):
                stale.add(row.participant)
        for unit in split_units:
            if unit not in failures:  # the whole-table error of an earlier run, if any
                filesystems.delete_partition(f"{output}/errors", "participant", unit)
    for participant in stale:
        for dataset in list(TABLES) + ["errors", "manifest"]:
            filesystems.delete_partition(f"{output}/{dataset}", "participant", participant)
    # A participant computed again keeps no rows of an earlier run: the partitions this run wrote replace theirs, and
    # those it did not write (no walking bout this time, a table not asked for this time) are deleted.
    with_rows = set(results.filter(lambda pair: pair[0] in _PARTICIPANT_INDEX).map(
        lambda pair, index=_PARTICIPANT_INDEX: (pair[0], pair[1][index[pair[0]]])).distinct().collect())
    for participant in succeeded:
        filesystems.delete_partition(f"{output}/errors", "participant", participant)
        for table in TABLES:
            if (table, participant) not in with_rows:
                filesystems.delete_partition(f"{output}/{table}", "participant", participant)
    for participant in failures:
        for dataset in list(TABLES) + ["manifest"]:
            filesystems.delete_partition(f"{output}/{dataset}", "participant", participant)
    manifest = [(participant, groups[unit_of[participant]]["signature"], unit_files(groups[unit_of[participant]]))
                for participant in succeeded]
    (spark.createDataFrame(manifest, spark_schema(MANIFEST)).repartition("participant")
     .write.mode("overwrite").partitionBy("participant").parquet(f"{output}/manifest"))
    results.unpersist()
    print(f"locomotion-spark: {len(succeeded)} participants written, {len(failures)} failed (listed in "
          f"{output}/errors)", file=sys.stderr)
    spark.stop()
    return 0


def print_entry_path():
    """Prints the path of the script to give `spark-submit`."""
    print(os.path.join(os.path.dirname(os.path.abspath(__file__)), "submit.py"))


if __name__ == "__main__":
    sys.exit(main())
