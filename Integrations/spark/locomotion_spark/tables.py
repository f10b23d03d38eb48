"""The tables `locomotion epochs`, `locomotion daily` and `--also segments|participants|bouts` write, as typed rows.

The columns and their types are the tool's own (`ResultTable` in Sources/LocomotionIO/Results/ResultTable.swift),
shipped with this package as `tables.json`, which that definition generates: a Swift test fails when the two drift
(`LOCOMOTION_UPDATE_SCHEMAS=1 swift test --filter ResultTableTests` rewrites the file). `parse_table` checks the
header of every file against them, so a binary of another version is refused rather than misread.
"""

import csv
import io
import json
import pkgutil

# (column, type) with types: "string", "double", "long", "boolean". Every column may be empty (null).
# Read as package data, not as a file beside this one: spark-submit ships the package to the executors as a zip
# (--py-files), where there is no folder to open; pkgutil reads through the zip importer as through a folder.
TABLES = {table: [tuple(column) for column in columns]
          for table, columns in json.loads(pkgutil.get_data(__name__.rpartition(".")[0] or "locomotion_spark",
                                                            "tables.json").decode("utf-8")).items()}

# The tables every run writes (`daily --also epochs --also segments`), and those a run writes when asked for
# (`--also participants`, `--also bouts`, as the tool's option).
ALWAYS_WRITTEN = ("epochs", "daily", "segments")
ON_REQUEST = tuple(table for table in TABLES if table not in ALWAYS_WRITTEN)

# What the job adds: one row per participant that failed, and one per participant finished (for re-runs).
ERRORS = [("participant", "string"), ("files", "array<string>"), ("exit_status", "long"), ("message", "string")]
MANIFEST = [("participant", "string"), ("signature", "string"), ("files", "array<string>")]

# The first characters after which the tool's CSV writer puts a `'` (CSVField.swift).
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")

_CONVERT = {
    "string": str,
    "double": float,
    "long": int,
    "boolean": lambda text: {"true": True, "false": False}[text],
}


def parse_table(table, text, files=None, participant=None):
    """The rows of `table` in CSV `text` as tuples in column order (empty fields are None).

    `files` maps the paths the tool was given to the paths to report in the `file` column; `participant`, when
    given, is the `participant` column. Both undo the tool's CSV formula neutralisation (a text cell that begins
    with `=`, `+`, `-`, `@`, tab or CR gets a leading `'`, for spreadsheets): Parquet is no spreadsheet, and a
    participant `=1+2` written as `'=1+2` named another partition than the one the job deletes and skips by.
    Raises ValueError when the header is not the expected one.
    """
    columns = TABLES[table]
    reader = csv.reader(io.StringIO(text))
    header = next(reader, None)
    expected = [name for name, _ in columns]
    if header != expected:
        raise ValueError(f"the {table} table has the columns {header}, not {expected}: "
                         "is the locomotion binary of another version than this package?")
    converters = [_CONVERT[kind] for _, kind in columns]
    file_index = expected.index("file") if "file" in expected else None
    participant_index = expected.index("participant") if "participant" in expected else None
    rows = []
    for line, fields in enumerate(reader, start=2):
        if len(fields) != len(columns):
            raise ValueError(f"{table} line {line}: {len(fields)} fields, not {len(columns)}")
        row = [None if field == "" else convert(field) for field, convert in zip(fields, converters)]
        if file_index is not None and files is not None and row[file_index] is not None:
            value = row[file_index]
            raw = value[1:] if value[:1] == "'" and value[1:2] in FORMULA_STARTS else value
            row[file_index] = files.get(value, files.get(raw, value))
        if participant_index is not None and participant is not None:
            row[participant_index] = participant
        rows.append(tuple(row))
    return rows


def spark_schema(columns):
    """A pyspark StructType for `columns` (imported here so the rest of the module needs no Spark)."""
    from pyspark.sql import types

    simple = {"string": types.StringType(), "double": types.DoubleType(), "long": types.LongType(),
              "boolean": types.BooleanType(), "array<string>": types.ArrayType(types.StringType())}
    return types.StructType([types.StructField(name, simple[kind], True) for name, kind in columns])
