"""Locomotion in Python: activity, steps, distance and the cohort tables of phone accelerometer traces, in
process (the Swift library, bundled as one shared library; no Swift toolchain needed).

    import locomotion
    segments = locomotion.label(df)                  # df: timestamp (s), x, y, z (g)
    steps = locomotion.steps(df); steps.count, steps.cadence_spm, steps.bouts, steps.events
    epochs = locomotion.epochs(df, time_zone="Europe/Zurich")
    daily = locomotion.daily(df, time_zone="Europe/Zurich")
    per_day = locomotion.distance(fixes_df, time_zone="Europe/Zurich")
    daily = locomotion.daily(df, time_zones=[(0, "Europe/Rome"), ("2024-03-01T14:00Z", "America/New_York")])
    trace = locomotion.read_trace("day.csv")         # every format the command line reads

Every function takes a DataFrame (columns timestamp, x, y, z) or the path of a trace file, and gives the tables
the command line writes (same columns, same values, same defaults). Docs/python.md.
"""
import os
import tempfile

import numpy as np
import pandas as pd

from . import _native, _tables
from ._native import InputError, LocomotionWarning
from .engine import MotionEngine, Event

__version__ = "0.1.0"
__all__ = ["label", "steps", "epochs", "daily", "distance", "read_trace", "MotionEngine", "Event", "InputError",
           "LocomotionWarning", "Steps"]

_time_units = {"s": 1.0, "ms": 1e3, "us": 1e6, "ns": 1e9}


def _columns(df, time_unit):
    """The four columns as contiguous float64 arrays: views of the frame's own memory where it is float64
    already (no copy), converted otherwise (datetime64 timestamps, other time units, integer columns)."""
    missing = [name for name in ("timestamp", "x", "y", "z") if name not in df.columns]
    if missing:
        raise ValueError(f"the data frame lacks the column{'s' if len(missing) > 1 else ''} {', '.join(missing)} "
                         f"(it needs timestamp, x, y, z)")
    if time_unit not in _time_units:
        raise ValueError(f"time_unit={time_unit!r}: expected one of {', '.join(_time_units)}")
    timestamp = df["timestamp"]
    if pd.api.types.is_datetime64_any_dtype(timestamp):
        if getattr(timestamp.dt, "tz", None) is not None:
            timestamp = timestamp.dt.tz_convert("UTC").dt.tz_localize(None)
        time = timestamp.to_numpy(dtype="datetime64[ns]").astype(np.int64) / 1e9
    else:
        time = timestamp.to_numpy(dtype=np.float64)
        if time_unit != "s":
            time = time / _time_units[time_unit]
    return tuple(np.ascontiguousarray(column, dtype=np.float64)
                 for column in (time, df["x"].to_numpy(dtype=np.float64), df["y"].to_numpy(dtype=np.float64),
                                df["z"].to_numpy(dtype=np.float64)))


def _run(command, trace, options, time_unit="s", name=None):
    if isinstance(trace, (str, os.PathLike)):
        return _native.call(command, dict(options, path=os.fspath(trace)))
    if not isinstance(trace, pd.DataFrame):
        raise TypeError(f"expected a DataFrame (timestamp, x, y, z) or a path, got {type(trace).__name__}")
    return _native.call(command, dict(options, name=name or "data frame"), _columns(trace, time_unit))


def _reading(units, lenient, unit_check):
    return {"units": units, "lenient": lenient, "unit_check": unit_check}


def _decided(result, frame):
    """With units="auto": the unit decided ("g" or "ms2") in frame.attrs["units"] and the median |a| it was decided
    on (in the data's own numbers) in frame.attrs["units_median"]; the same line as the command line's is a
    LocomotionWarning. Without, attrs stay empty."""
    units = result.text("units")
    if units is not None:
        frame.attrs["units"] = units
        frame.attrs["units_median"] = float(result.text("units_median"))
    return frame


def label(trace, explain=False, fixes=None, units="g", time_unit="s", lenient=False, unit_check=True, model=None,
          smoothing="full", config=None):
    """Activity segments, as `locomotion label`: a DataFrame start, end (s, the input's clock), activity,
    confidence; `explain=True` adds rule, transition, reason and features (the JSON of `label --format json`).

    trace: DataFrame with timestamp (seconds, or datetime64, or `time_unit` "ms"/"us"/"ns"), x, y, z (in `units`,
    "g", "ms2" or "auto": decided from the median |a| of the first 500 rows, 0.5–2 g, 4.9–19.6 m/s², else InputError;
    the decision is a LocomotionWarning and the result's attrs["units"]), or the path of a trace file. model: "temporal" (default) or "rules"; smoothing "full" (default)
    or "lagged"; config: a JSON file of classifier thresholds; fixes: location fixes (a file, or a DataFrame
    timestamp, latitude, longitude[, horizontal_accuracy][, speed]) whose speeds join the evidence, as `--fixes`.
    Raises InputError naming the row for bad input.
    """
    with tempfile.TemporaryDirectory(prefix="locomotion-") as directory:
        options = dict(_reading(units, lenient, unit_check), explain=explain, model=model, smoothing=smoothing,
                       config=config, fixes=_fixes_path(fixes, directory))
        result = _run("label", trace, options, time_unit)
    text = result.text("table:activity")
    return _decided(result, _tables.json_frame(text) if explain else _tables.frame(text, "activity"))


class Steps:
    """Steps of a trace, as `locomotion steps`: count, cadence_spm (steps per minute while walking, None without
    walking), walking_s, bouts (DataFrame start, end, steps) and events (the step times, s); units: what
    units="auto" decided ("g" or "ms2"; None when the unit was named), also in summary.attrs."""

    def __init__(self, summary, events, bouts):
        row = summary.iloc[0]
        self.count = int(row["steps"])
        self.cadence_spm = None if pd.isna(row["cadence_spm"]) else float(row["cadence_spm"])
        self.walking_s = float(row["walking_s"])
        self.summary = summary
        self.events = events
        self.bouts = bouts
        self.units = summary.attrs.get("units")

    def __repr__(self):
        return f"Steps(count={self.count}, cadence_spm={self.cadence_spm}, bouts={len(self.bouts)})"


def steps(trace, units="g", time_unit="s", lenient=False, unit_check=True, activity_gate=True):
    """Steps, as `locomotion steps` (activity_gate=False: as `--no-activity-gate`, every step counts)."""
    options = dict(_reading(units, lenient, unit_check), activity_gate=activity_gate)
    result = _run("steps", trace, options, time_unit)
    bouts = pd.DataFrame({"start": result.numbers("bout_start"), "end": result.numbers("bout_end"),
                          "steps": result.numbers("bout_steps").astype(np.int64)})
    return Steps(_decided(result, _tables.frame(result.text("table:steps"), "steps")), result.numbers("step_times"), bouts)


def _fixes_path(fixes, directory):
    if fixes is None or isinstance(fixes, (str, os.PathLike)):
        return None if fixes is None else os.fspath(fixes)
    # A DataFrame of fixes goes through the library's own CSV reader (the same checks as a file).
    path = os.path.join(directory, "fixes.csv")
    columns = [c for c in ("timestamp", "latitude", "longitude", "horizontal_accuracy", "speed") if c in fixes.columns]
    fixes[columns].to_csv(path, index=False, float_format="%.17g")
    return path


def _seconds(time, index):
    """Seconds since 1970 of a change's time: a number (s), or a datetime, pandas Timestamp, numpy datetime64 or
    ISO 8601 text (without an offset: UTC, as the command line reads ISO times)."""
    if isinstance(time, (bool, np.bool_)):
        raise TypeError(f"time_zones[{index}]: the time is {time!r}, not a time")
    if isinstance(time, (int, float, np.integer, np.floating)):
        return float(time)
    try:
        stamp = pd.Timestamp(time)
    except (TypeError, ValueError) as error:
        raise ValueError(f"time_zones[{index}]: {time!r} is not a time (seconds since 1970, a datetime or ISO 8601 "
                         f"text): {error}") from None
    if stamp is pd.NaT:
        raise ValueError(f"time_zones[{index}]: the time is missing (NaT)")
    if stamp.tzinfo is None:
        stamp = stamp.tz_localize("UTC")
    return stamp.timestamp()


def _zone_options(time_zone, time_zones):
    """The options of a call's zones: time_zone alone, a time-zone map file (time_zone then the zone of a
    participant absent from it), or a list of (time, zone) pairs."""
    if time_zones is None:
        return {"time_zone": time_zone}
    if isinstance(time_zones, (str, os.PathLike)):
        return {"time_zone": time_zone, "time_zones": os.fspath(time_zones)}
    if time_zone is not None:
        raise ValueError("give time_zone or a list of time_zones, not both (time_zone goes with a map file: the "
                         "zone of participants absent from it)")
    try:
        pairs = list(time_zones)
    except TypeError:
        raise TypeError(f"time_zones: expected a file path or a list of (time, zone) pairs, got "
                        f"{type(time_zones).__name__}") from None
    if not pairs:
        raise ValueError("time_zones: the list is empty; give at least one (time, zone) pair")
    text = []
    for index, pair in enumerate(pairs):
        if isinstance(pair, (str, bytes)) or not hasattr(pair, "__len__") or len(pair) != 2:
            raise ValueError(f"time_zones[{index}]: expected a (time, zone) pair, got {pair!r}")
        time, zone = pair
        if not isinstance(zone, str) or not zone or any(c in zone for c in ",;\n"):
            raise ValueError(f"time_zones[{index}]: {zone!r} is not a time-zone name (IANA, such as Europe/Rome)")
        text.append(f"{_seconds(time, index)!r},{zone}")
    return {"zone_changes": ";".join(text)}


def _table(table, trace, time_zone, fixes, epoch, day_start, policy, minimum_hours, participant, units, time_unit,
           lenient, unit_check, model, smoothing, config, time_zones=None):
    with tempfile.TemporaryDirectory(prefix="locomotion-") as directory:
        options = dict(_reading(units, lenient, unit_check), **_zone_options(time_zone, time_zones),
                       fixes=_fixes_path(fixes, directory),
                       epoch=epoch, day_start=day_start, policy=policy, minimum_hours=minimum_hours,
                       participant=participant, model=model, smoothing=smoothing, config=config)
        if table == "epochs" and epoch is None:
            options.pop("epoch")
        result = _run(table, trace, options, time_unit)
    return _decided(result, _tables.frame(result.text(f"table:{table}"), table))


def epochs(trace, time_zone=None, fixes=None, epoch=60, day_start="00:00", policy="on-foot", minimum_hours=None,
           participant=None, units="g", time_unit="s", lenient=False, unit_check=True, model=None, smoothing=None,
           config=None, time_zones=None):
    """One row per epoch, as `locomotion epochs` (columns file, participant, day, start, end, local_start,
    activity, <activity>_s, steps, cadence_spm, distance_m, high_accuracy_share, coverage).

    time_zone: IANA name or UTC+HH:MM (default: this system's zone, as the command line); fixes: a fix file
    (CSV, GPX, NMEA) or a DataFrame timestamp, latitude, longitude[, horizontal_accuracy][, speed] for distance_m.
    time_zones: the zones of a participant who travelled, instead of one time_zone — a list of (time, zone)
    pairs in time order, each zone in force from its time (seconds since 1970, a datetime, a pandas Timestamp or
    ISO 8601 text; without an offset, UTC), the first also before its time; or the path of a time-zone map file as
    `--time-zones` reads it (RAPIDS' device_id,tzcode,timestamp or participant,time_zone,from), whose rows for
    `participant` (default: the trace file's name without its extension) apply; time_zone is then the zone of a
    participant absent from the map. A day never goes back: Europe/Rome → America/New_York at 14:00 UTC makes a
    30-h day (Docs/cohorts.md). A bad zone or times out of order raise ValueError; a bad map file InputError.
    """
    return _table("epochs", trace, time_zone, fixes, epoch, day_start, policy, minimum_hours, participant, units,
                  time_unit, lenient, unit_check, model, smoothing, config, time_zones)


def daily(trace, time_zone=None, fixes=None, day_start="00:00", policy="on-foot", minimum_hours=None,
          participant=None, units="g", time_unit="s", lenient=False, unit_check=True, model=None, smoothing=None,
          config=None, time_zones=None):
    """One row per local day, as `locomotion daily` (participant, day, start, end, steps, cadence_spm,
    <activity>_min, distance_m, walking_bouts, ..., low_data). time_zone, time_zones: as in `epochs`."""
    return _table("daily", trace, time_zone, fixes, None, day_start, policy, minimum_hours, participant, units,
                  time_unit, lenient, unit_check, model, smoothing, config, time_zones)


def distance(fixes, time_zone=None, day_start="00:00", details=False, lenient=False, time_zones=None,
             participant=None):
    """Distance per local day from location fixes, as `locomotion distance FIXES` (the odometer's default
    filters): DataFrame day, distance_m, accepted_fixes, rejected_* and reanchors (`details=True`: also the columns
    of `--details`). fixes: a fix file (CSV, GPX, NMEA) or a DataFrame timestamp, latitude, longitude
    [, horizontal_accuracy][, speed].

    time_zones: as in `epochs` (each fix counts on the local day of the zone in force at its time, the days of
    `daily`); with a map file, participant names the rows that apply (default: the fix file's name without its
    extension; a DataFrame of fixes needs participant=)."""
    if isinstance(time_zones, (str, os.PathLike)) and participant is None and not isinstance(fixes, (str, os.PathLike)):
        raise ValueError("time_zones is a map file: give participant= to name the rows of these fixes")
    with tempfile.TemporaryDirectory(prefix="locomotion-") as directory:
        path = _fixes_path(fixes, directory)
        if path is None:
            raise ValueError("distance needs fixes: a file or a DataFrame")
        result = _native.call("distance", {"path": path, "day_start": day_start, "details": details,
                                           "lenient": lenient, "participant": participant,
                                           **_zone_options(time_zone, time_zones)})
    table = "distance-details" if details else "distance"
    return _tables.frame(result.text(f"table:{table}"), table)


def read_trace(path, units="g", lenient=False, unit_check=True):
    """A trace file (every format the command line reads: CSV with any column order, JSON Lines, ...) as a
    DataFrame timestamp (s), x, y, z (g), and label when the file has one. units: the file's, "g", "ms2" or "auto"
    (decided from its first rows; then attrs["units"] says what was decided)."""
    result = _native.call("read", dict(_reading(units, lenient, unit_check), path=os.fspath(path)))
    frame = pd.DataFrame({name: result.numbers(name) for name in ("timestamp", "x", "y", "z")})
    labels = result.text("labels")
    if labels is not None:
        frame["label"] = labels.split("\n")[:len(frame)]
    return _decided(result, frame)
