"""The executor side: one participant's traces through the `locomotion` binary, back as typed rows.

Runs without a SparkSession (tasks and tests call it directly): `run_participant` yields `(table, row)` pairs,
`table` being "epochs", "daily", "segments", those of the settings' "also" ("participants", "bouts") or "errors".
"""

import hashlib
import os
import shutil
import stat
import subprocess
import tempfile

from .tables import ALWAYS_WRITTEN, ON_REQUEST, parse_table

MESSAGE_LIMIT = 4000


def resolve_binary(name):
    """The path of the `locomotion` binary: `name` itself when it is a path to a file, else a file shipped
    with `spark-submit --files` (made executable), else `name` on the PATH."""
    if os.sep in name and os.path.isfile(name):
        return name
    try:
        from pyspark import SparkFiles

        shipped = SparkFiles.get(os.path.basename(name))
        if os.path.isfile(shipped):
            mode = os.stat(shipped).st_mode
            if not mode & stat.S_IXUSR:
                os.chmod(shipped, mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)
            return shipped
    except Exception:  # no SparkContext here (tests), or nothing shipped under that name
        pass
    found = shutil.which(name)
    if found is None:
        raise FileNotFoundError(f"the locomotion binary '{name}' is neither a file, nor shipped with --files, "
                                "nor on the executors' PATH")
    return found


def binary_digest(name):
    """The SHA-256 of the `locomotion` binary's content (hex): what the re-run signature records, so that a job
    run again after the binary changed (an upgrade, a rebuild) computes every participant again, and one run
    with the same binary at another path does not."""
    digest = hashlib.sha256()
    with open(resolve_binary(name), "rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def tool_arguments(settings, time_zones_path=None):
    """The options of `locomotion daily` that every participant gets (from the job's settings dict);
    `time_zones_path` is the local copy of the settings' --time-zones file (`write_time_zones`)."""
    arguments = [] if settings.get("time_zone") is None else ["--time-zone", settings["time_zone"]]
    if time_zones_path is not None:
        arguments += ["--time-zones", time_zones_path]
    arguments += ["--epoch", str(settings["epoch"]),
                 "--day-start", settings["day_start"], "--minimum-hours", repr(float(settings["minimum_hours"])),
                 "--policy", settings["policy"]]
    if settings.get("minimum_carried_hours") is not None:
        arguments += ["--minimum-carried-hours", repr(float(settings["minimum_carried_hours"]))]
    if settings.get("companion_fixes"):
        arguments.append("--companion-fixes")
    if settings.get("lenient"):
        arguments.append("--lenient")
    if settings.get("units"):
        arguments += ["--units", settings["units"]]
    if settings.get("time_unit"):
        arguments += ["--time-unit", settings["time_unit"]]
    if settings.get("columns"):
        arguments += ["--columns", settings["columns"]]
    if settings.get("layout"):
        arguments += ["--layout", settings["layout"]]
    if settings.get("repeat_gaps") is not None:
        arguments += ["--repeat-gaps", repr(float(settings["repeat_gaps"]))]
    return arguments + list(settings.get("extra_arguments", []))


def write_time_zones(settings, folder):
    """Writes the settings' --time-zones file (its bytes, read on the driver) into `folder` under its own name;
    returns (local path, the name the job was given), or (None, None) without one."""
    zones = settings.get("time_zones")
    if not zones:
        return None, None
    name = zones["name"].rstrip("/").rsplit("/", 1)[-1] or "time-zones.csv"
    folder = os.path.join(folder, "time-zones")
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, name)
    with open(path, "wb") as handle:
        handle.write(zones["content"])
    return path, zones["name"]


def time_zones_problem(settings):
    """The tool's message about the settings' --time-zones file itself (a bad row, an unknown zone: file:line:column,
    naming the map as the job was given it), or None when the tool accepts it. The tool reads the map before any
    trace, so it is given an empty trace: a complaint about that trace means the map was read. Lets the driver stop
    before any task runs, as the tool stops before computing."""
    with tempfile.TemporaryDirectory(prefix="locomotion-zones-") as scratch:
        zones_path, zones_name = write_time_zones(settings, scratch)
        if zones_path is None:
            return None
        trace = os.path.join(scratch, "empty.csv")
        with open(trace, "w") as handle:
            handle.write("timestamp,x,y,z\n")
        command = [resolve_binary(settings["binary"]), "daily", trace, "--participant=zones-check", "--quiet",
                   "--time-zone", settings.get("time_zone") or "UTC", "--time-zones", zones_path]
        completed = subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        if completed.returncode == 0 or trace in completed.stderr:
            return None
        return _message(completed.stderr, {zones_path: zones_name})


def tables_of(settings):
    """The tables a run writes: the ones always written, then those of the settings' "also", in ON_REQUEST's order.
    Raises ValueError for a table the tool does not write on request."""
    also = list(settings.get("also") or [])
    unknown = [table for table in also if table not in ON_REQUEST]
    if unknown:
        raise ValueError(f"cannot also write {unknown}: the tables on request are {list(ON_REQUEST)}")
    return list(ALWAYS_WRITTEN) + [table for table in ON_REQUEST if table in also]


def _local_inputs(files, local_files, fixes):
    """The traces on this machine (`local_files`, else `files` themselves), the name the job gave each local path
    (for messages), and the tool's --fixes arguments for `fixes` ((URI, local path) or None)."""
    local_files = list(local_files) if local_files is not None else list(files)
    names = dict(zip(local_files, files))
    fixes_arguments = []
    if fixes is not None:
        names[fixes[1]] = fixes[0]
        fixes_arguments = ["--fixes", fixes[1]]
    return local_files, names, fixes_arguments


def run_participant(participant, files, settings, local_files=None, fixes=None):
    """Runs `locomotion daily --also epochs --also segments` (and `--also` each table of the settings' "also")
    over one participant's traces.

    `files` are the traces as the job names them (URIs); `local_files` the same files on this machine (the
    paths themselves when None); `fixes` is (URI, local path) of the --fixes file, or None. Yields `(table, row)`
    for a participant that succeeded, `table` being one of `tables_of(settings)`, and one `("errors", row)` for
    one that failed: a bad input never fails the job.
    """
    local_files, names, fixes_arguments = _local_inputs(files, local_files, fixes)
    try:
        tables = tables_of(settings)
        binary = resolve_binary(settings["binary"])
        with tempfile.TemporaryDirectory(prefix="locomotion-") as scratch:
            zones_path, zones_name = write_time_zones(settings, scratch)
            also = [argument for table in tables if table != "daily" for argument in ("--also", table)]
            command = [binary, "daily", *local_files, f"--participant={participant}", "--output-dir", scratch,
                       *also, "--jobs", "1", "--quiet", *tool_arguments(settings, zones_path), *fixes_arguments]
            completed = subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
            if completed.returncode != 0:
                # The tool's messages name the map's local copy: put back the name the job was given.
                shown = dict(names, **({zones_path: zones_name} if zones_path else {}))
                yield "errors", (participant, list(files), completed.returncode, _message(completed.stderr, shown))
                return
            rows = {}
            for table in tables:
                path = os.path.join(scratch, f"{participant}.{table}.csv")
                with open(path, encoding="utf-8") as handle:
                    rows[table] = parse_table(table, handle.read(), files=names, participant=participant)
    except Exception as error:  # the binary missing, a table unreadable: reported, never fatal
        yield "errors", (participant, list(files), -1, f"{type(error).__name__}: {error}"[:MESSAGE_LIMIT])
        return
    for table in tables:
        for row in rows[table]:
            yield table, row


def run_tables(name, files, settings, local_files=None, fixes=None, jobs=1):
    """Runs `locomotion daily` once over AWARE accelerometer tables, which the tool splits by device_id in one
    streaming pass: one participant per device_id, named by the tool (the same names and rows as `locomotion
    daily TABLE` run by hand), `jobs` participants at a time.

    Yields what `run_participant` yields for each participant, and `("done", (participant, name))` for each one
    that succeeded. A participant that failed (a device_id going back in time, a bad value) is one `("errors",
    row)`: the tool's messages about it (they name its device_id), the others are written. A table the tool
    refuses as a whole (a row without a device_id, a row cut short: it stops before any participant) is one
    errors row named `name`.
    """
    local_files, names, fixes_arguments = _local_inputs(files, local_files, fixes)
    try:
        tables = tables_of(settings)
        binary = resolve_binary(settings["binary"])
        with tempfile.TemporaryDirectory(prefix="locomotion-") as scratch:
            zones_path, zones_name = write_time_zones(settings, scratch)
            output = os.path.join(scratch, "tables")
            os.mkdir(output)
            also = [argument for table in tables if table != "daily" for argument in ("--also", table)]
            command = [binary, "daily", *local_files, "--output-dir", output, *also, "--jobs", str(max(1, int(jobs))),
                       "--quiet", *tool_arguments(settings, zones_path), *fixes_arguments]
            completed = subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
            shown = dict(names, **({zones_path: zones_name} if zones_path else {}))
            participants = attempted_participants(output, tables)
            if not participants:
                if completed.returncode != 0:
                    yield "errors", (name, list(files), completed.returncode, _message(completed.stderr, shown))
                return
            # One participant's rows in memory at a time, as run_participant holds one participant's.
            for participant in participants:
                paths = [os.path.join(output, f"{participant}.{table}.csv") for table in tables]
                if not all(os.path.isfile(path) for path in paths):
                    message = _message(messages_about(participant, completed.stderr, participants), shown)
                    yield "errors", (participant, list(files), completed.returncode or 1, message)
                    continue
                try:
                    rows = {}
                    for table, path in zip(tables, paths):
                        with open(path, encoding="utf-8") as handle:
                            rows[table] = parse_table(table, handle.read(), files=names, participant=participant)
                except Exception as error:  # a table unreadable: this participant's error
                    yield "errors", (participant, list(files), -1, f"{type(error).__name__}: {error}"[:MESSAGE_LIMIT])
                    continue
                for table in tables:
                    for row in rows[table]:
                        yield table, row
                yield "done", (participant, name)
    except Exception as error:  # the binary missing, the tool not run: reported, never fatal
        yield "errors", (name, list(files), -1, f"{type(error).__name__}: {error}"[:MESSAGE_LIMIT])


INPUT_RECORD_SUFFIX = ".inputs"


def attempted_participants(folder, tables):
    """The participants a run of the tool with --output-dir `folder` set out to compute, sorted: it writes the record
    of each one's inputs (`.NAME.TABLE.csv.inputs`, beside its first output) before computing any."""
    found = set()
    for entry in os.listdir(folder):
        if not (entry.startswith(".") and entry.endswith(INPUT_RECORD_SUFFIX)):
            continue
        output = entry[1:-len(INPUT_RECORD_SUFFIX)]
        for table in tables:
            if output.endswith(f".{table}.csv"):
                found.add(output[:-len(f".{table}.csv")])
                break
    return sorted(found)


def messages_about(participant, stderr, participants=()):
    """The tool's messages (lines) about one participant of a table: those naming its device_id (the tool names it in
    every failure of a table's participant), a line naming several of `participants` going to the longest (`a b`,
    not `a`); all lines but the closing count when none names it."""
    lines = [line for line in stderr.splitlines() if line.strip()]
    names = set(participants) | {participant}

    def names_in(line):
        found = []
        for name in names:
            mark = f"device_id {name}"
            if any(line[index + len(mark):index + len(mark) + 1] in ("", " ", ")", ",", ":")
                   for index in _occurrences(line, mark)):
                found.append(name)
        return found

    own = [line for line in lines if max(names_in(line), key=len, default=None) == participant]
    if own:
        return "\n".join(own)
    return "\n".join(line for line in lines if " participants failed (messages above)" not in line)


def _occurrences(text, part):
    start = text.find(part)
    while start >= 0:
        yield start
        start = text.find(part, start + 1)


def _message(stderr, names):
    """The tool's messages, with local paths put back to the job's names, at most MESSAGE_LIMIT characters."""
    text = stderr.strip()
    for local, name in sorted(names.items(), key=lambda item: -len(item[0])):
        if local != name:
            text = text.replace(local, name)
    return text[-MESSAGE_LIMIT:]


def stage(streams, scratch):
    """Writes `(uri, bytes)` pairs (Spark's binaryFiles) into `scratch`, one folder per folder of the URIs, so
    that equal names in different folders stay apart and a trace keeps its companion fixes beside it; returns
    `{uri: local path}`."""
    local = {}
    folders = {}
    for uri, content in streams:
        parent = uri.rstrip("/").rsplit("/", 1)[0]
        folder = os.path.join(scratch, str(folders.setdefault(parent, len(folders))))
        os.makedirs(folder, exist_ok=True)
        path = os.path.join(folder, uri.rstrip("/").split("/")[-1])
        with open(path, "wb") as handle:
            handle.write(content)
        local[uri] = path
    return local
