"""Loaders for the activity datasets, and the fixed split by person.

Each loader yields Recording(dataset, subject, name, t [s], xyz [g, gravity included], labels [per sample]) from the
traces `locomotion convert` writes (Scripts/evaluation/converted.py): the native files are parsed, and labels mapped, in one
place only, the Swift dataset adapters (Datasets/README.md). Labels are Locomotion's MotionActivity raw values;
`unknown` marks samples that are not scored (transitions such as standing up, car step-in/out, jumps).

The split by person is fixed here, before any tuning, and never changed to fit results:
  tune  = us-tm2017 {Damiano, Claudio}, mobifall-v2 {2, 3}, geotecinit-sp-har {s01..s04}
  test  = everyone else; us-tm2017 user "andrea" (a phone delivering 1.5-3.6 samples/s) is reported on its own.
"""
import os, sys
from dataclasses import dataclass
import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import converted as C  # noqa: E402

TUNE = {
    "us-tm2017": {"Damiano", "Claudio"},
    "mobifall-v2": {"2", "3"},
    "geotecinit-sp-har": {"s01", "s02", "s03", "s04"},
    "basicmotions": set(),
}
LOW_RATE_USERS = {"us-tm2017": {"andrea"}}


def split_of(dataset, subject):
    if subject in TUNE.get(dataset, set()):
        return "tune"
    if subject in LOW_RATE_USERS.get(dataset, set()):
        return "test-lowrate"
    return "test"


@dataclass
class Recording:
    dataset: str
    subject: str
    name: str
    t: np.ndarray
    xyz: np.ndarray
    labels: np.ndarray
    # GPS speed logged with the recording: rows (t [s], speed [m/s], accuracy [m]); None when not logged.
    speed: np.ndarray = None

    @property
    def split(self):
        return split_of(self.dataset, self.subject)


def _converted(dataset):
    """(name without the dataset prefix, t, xyz, labels, path) of every converted trace of `dataset`."""
    for path in C.traces(dataset):
        t, xyz, labels = C.read_trace(path)
        yield os.path.basename(path)[len(dataset) + 1:-len(".csv")], t, xyz, labels, path


def _milliseconds(t, start_ms):
    """Whole milliseconds since `start_ms` of converted times (seconds since 1970, rounded to 1 µs)."""
    return np.round(t * 1000) - start_ms

# Per-second truth for vehicle sessions (Docs/accuracy.md, "Vehicle stops"): a stretch of at least this many
# seconds spanned by consecutive logged GPS speeds all below STOPPED_SPEED is the vehicle standing (parked, a
# long queue, a station): not scored as automotive (labelled unknown). Shorter stops stay automotive.
STOPPED_SPEED = 0.5      # m/s: GPS speed noise of a phone at rest stays below it
STOPPED_MINIMUM = 60.0   # s


def stopped_intervals(speed):
    """[(start, end)] of the stretches spanned by consecutive speed rows below STOPPED_SPEED lasting at least
    STOPPED_MINIMUM seconds. Only the time between stopped rows counts (nothing is assumed before the first or after
    the last), so the estimate is conservative."""
    out = []
    if speed is None or len(speed) == 0:
        return out
    run = None
    for t, v in speed[:, :2]:
        if v < STOPPED_SPEED:
            run = (run[0], t) if run else (t, t)
        else:
            if run and run[1] - run[0] >= STOPPED_MINIMUM:
                out.append(run)
            run = None
    if run and run[1] - run[0] >= STOPPED_MINIMUM:
        out.append(run)
    return out


# Per-second truth for walking sessions (Docs/accuracy.md, "Per-second truth"): where a Walking file logs the
# phone's own pedometer (android.sensor.step_detector rows, or step_counter rows whose count rose), a silence of the
# pedometer lasting at least STEP_SILENCE seconds — between two step events, or from the last one to the end of
# the recording (from its start to the first) — is not walking: not scored (labelled unknown). The logger keeps
# only a few of the pedometer's events (one every ~12 s while walking, median), so a silence alone proves little:
# while the step counter proves steady walking (>= 1.5 steps/s between two of its rows) the longest silence seen
# is 110 s (540 silences, 99th percentile 81 s). STEP_SILENCE is well beyond it.
STEP_SILENCE = 180.0     # s
STEP_SENSORS = ("android.sensor.step_detector", "android.sensor.step_counter")


def step_events(rec):
    """Times (s, the recording's clock) of the pedometer events the raw us-tm2017 file logged: every step_detector
    row, and every step_counter row whose count rose over the previous one (some phones repeat an unchanged count);
    None when the file logged neither sensor. `locomotion convert` keeps only the accelerometer and speed rows, so
    these two sensors are read here from the native file (the only rows this module parses itself)."""
    if rec.dataset != "us-tm2017":
        return None
    path = os.path.join(C.DATASETS, "us-tm2017", "raw", f"sensorfile_{rec.name}.csv")
    start = int(rec.name.rsplit("_", 1)[1])
    events, logged, last_count = [], False, None
    with open(path, errors="replace") as f:
        for line in f:
            if "step_" not in line:
                continue
            fields = line.rstrip("\n").split(",")
            if len(fields) < 3 or fields[1] not in STEP_SENSORS:
                continue
            try:
                ms, value = float(fields[0]), float(fields[2])
            except ValueError:
                continue
            logged = True
            if fields[1] == STEP_SENSORS[1]:
                rose = last_count is not None and value > last_count
                last_count = value
                if not rose:
                    continue
            events.append(start / 1000.0 + abs(ms) / 1000.0)
    return sorted(events) if logged else None


def silent_intervals(rec):
    """[(start, end)] of the pedometer silences of a Walking session lasting at least STEP_SILENCE seconds
    (step_events), the recording's start and end counting as the ends of the first and last; [] when the file logged
    no pedometer or has no such silence."""
    if rec.dataset != "us-tm2017" or rec.name.split("_")[1] != "Walking":
        return []
    events = step_events(rec)
    if not events:
        return []
    edges = [rec.t[0]] + [t for t in events if rec.t[0] <= t <= rec.t[-1]] + [rec.t[-1]]
    return [(a, b) for a, b in zip(edges, edges[1:]) if b - a >= STEP_SILENCE]


def stop_aware_labels(rec):
    """The recording's per-second truth: vehicle-stopped stretches of a vehicle session (stopped_intervals) and
    pedometer silences of a walking session (silent_intervals) relabelled unknown; None when the recording has no
    such stretch (its session label holds every second)."""
    if rec.dataset != "us-tm2017":
        return None
    intervals = stopped_intervals(rec.speed) if rec.labels[0] == "automotive" else silent_intervals(rec)
    if not intervals:
        return None
    labels = rec.labels.copy()
    for start, end in intervals:
        labels[(rec.t >= start) & (rec.t <= end)] = "unknown"
    return labels


def us_tm2017():
    for name, t, xyz, labels, path in _converted("us-tm2017"):
        yield _us_tm2017_recording(name, t, xyz, labels, path)


def us_tm2017_session(name):
    """The us-tm2017 Recording of one session, `name` = user_Mode_start (as in the raw file name)."""
    path = os.path.join(C.folder("us-tm2017"), f"us-tm2017_{name}.csv")
    t, xyz, labels = C.read_trace(path)
    return _us_tm2017_recording(name, t, xyz, labels, path)


def _us_tm2017_recording(name, t, xyz, labels, path):
    """A Recording from a converted us-tm2017 trace (times re-derived as start + row milliseconds) and its logged
    speeds (NAME.speeds.csv), when any."""
    user, mode, start = name.split("_")
    # Times as start + row milliseconds, in the same arithmetic the evaluation has always used.
    t = int(start) / 1000.0 + _milliseconds(t, int(start)) / 1000.0
    speed = None
    logged = C.companion(path, "speeds")
    if logged is not None:
        rows = C.read_rows(logged)
        speed = np.array(sorted((int(start) / 1000.0 + ms / 1000.0, v, accuracy)
                                for ms, v, accuracy in zip(_milliseconds(rows[:, 0], int(start)), rows[:, 1], rows[:, 2])))
    return Recording("us-tm2017", user, name, t, xyz, labels, speed)


def mobifall(include_hard=True):
    for name, t, xyz, labels, _ in _converted("mobifall-v2"):
        subject, code, trial = name.split("_")
        if not include_hard and code not in ("JOG", "WAL", "STD"):
            continue
        yield Recording("mobifall-v2", subject[len("sub"):], f"{code}_acc_{subject[len('sub'):]}_{trial}", t, xyz, labels)


def geotec():
    for name, t, xyz, labels, _ in _converted("geotecinit-sp-har"):
        subject, execution = name.split("_")[:2]
        t = np.round(t * 1000) / 1000.0  # the native timestamps are whole milliseconds
        yield Recording("geotecinit-sp-har", subject, f"{subject}_{execution}_sp", t, xyz, labels)


def basicmotions():
    """10 s smartwatch cases at 10 Hz, gravity removed (units m/s² assumed): 1 g is added on z so that the
    magnitude-based features see a gravity-like offset, and each case gets its own second range (case i of a split
    starts at 1000 (i + 1) s). A smoke test only, never an accuracy claim."""
    cases = list(_converted("basicmotions"))
    for split in ("TRAIN", "TEST"):
        for name, t, xyz, labels, _ in cases:
            case_split, number, label = name.split("_")
            if case_split != split:
                continue
            i = int(number) - 1
            xyz = xyz.copy()
            xyz[:, 2] += 1.0
            yield Recording("basicmotions", f"{split.lower()}{i:02d}", f"{split.lower()}_{i:02d}_{label}",
                            1000.0 * (i + 1) + np.arange(len(t)) * 0.1, xyz, labels)


def oxford():
    """Oxford step-counter walks (3 people, 7 carry positions: hand, front/back pocket, neck pouch, armband,
    purse, swinging arm), labelled walking from the first to the last true step (NAME.steps.csv) wherever
    consecutive steps are less than 2 s apart, unknown elsewhere. Walking only: used for walking recall across
    carry positions and input rates (Scripts/evaluation/activity/rates.py), not in the leave-one-person-out tables."""
    for name, t, xyz, _, path in _converted("oxford-step-counter"):
        steps = np.sort(C.read_rows(C.companion(path, "steps"))[:, 0])
        labels = np.array(["unknown"] * len(t), dtype=object)
        if len(steps) > 1:
            after = np.searchsorted(steps, t)
            inside = (after > 0) & (after < len(steps))
            gap = np.where(inside, steps[np.clip(after, 0, len(steps) - 1)] - steps[np.clip(after - 1, 0, len(steps) - 1)], np.inf)
            labels[inside & (gap < 2.0)] = "walking"
        yield Recording("oxford-step-counter", name.split("_")[1], name, t, xyz, labels)


LOADERS = {"us-tm2017": us_tm2017, "mobifall-v2": mobifall, "geotecinit-sp-har": geotec, "basicmotions": basicmotions}


def all_recordings(datasets=None):
    for name, loader in LOADERS.items():
        if datasets is None or name in datasets:
            yield from loader()
