"""Loaders for the activity datasets in ../shared/datasets, and the fixed split by person.

Each loader yields Recording(dataset, subject, name, t [s], xyz [g, gravity included], labels [per sample]).
Labels are Locomotion's MotionActivity raw values; `unknown` marks samples that are not scored
(transitions such as standing up, car step-in/out, jumps).

The split by person is fixed here, before any tuning, and never changed to fit results:
  tune  = us-tm2017 {Damiano, Claudio}, mobifall-v2 {2, 3}, geotecinit-sp-har {s01..s04}
  test  = everyone else; us-tm2017 user "andrea" (~3-4 Hz) is reported on its own.
"""
import csv, glob, os, re
from dataclasses import dataclass
import numpy as np

G = 9.80665
ROOT = os.environ.get("LOCOMOTION_DATASETS",
                      os.path.join(os.path.dirname(__file__), "..", "..", "..", "shared", "datasets"))

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


def _clean(t, xyz, labels):
    """Drops rows whose time does not increase (the trace format requires increasing time)."""
    keep = np.ones(len(t), bool)
    last = -np.inf
    for i, v in enumerate(t):
        if not np.isfinite(v) or v <= last or not np.all(np.isfinite(xyz[i])):
            keep[i] = False
        else:
            last = v
    return t[keep], xyz[keep], labels[keep]


USTM_LABEL = {"Still": "stationary", "Walking": "walking", "Car": "automotive", "Bus": "automotive", "Train": "automotive"}

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


def stop_aware_labels(rec):
    """The recording's labels with vehicle-stopped stretches (stopped_intervals) relabelled unknown; None when the
    recording is not a vehicle session with such a stretch."""
    if rec.dataset != "us-tm2017" or rec.labels[0] != "automotive":
        return None
    intervals = stopped_intervals(rec.speed)
    if not intervals:
        return None
    labels = rec.labels.copy()
    for start, end in intervals:
        labels[(rec.t >= start) & (rec.t <= end)] = "unknown"
    return labels


def us_tm2017():
    for path in sorted(glob.glob(os.path.join(ROOT, "us-tm2017", "raw", "sensorfile_*.csv"))):
        m = re.match(r"sensorfile_(.+)_(Still|Walking|Car|Bus|Train)_(\d+)\.csv", os.path.basename(path))
        user, mode, start = m.groups()
        rows, speeds = [], []
        with open(path) as f:
            for line in f:
                p = line.rstrip().split(",")
                if len(p) >= 5 and p[1] == "android.sensor.accelerometer":
                    try:
                        rows.append((float(p[0]), float(p[2]), float(p[3]), float(p[4])))
                    except ValueError:
                        pass
                elif len(p) >= 4 and p[1] == "speed":
                    # Speed rows may carry negative times (upstream takes abs()); the next value is probably the
                    # location accuracy in metres.
                    try:
                        speeds.append((int(start) / 1000.0 + abs(float(p[0])) / 1000.0, float(p[2]), float(p[3])))
                    except ValueError:
                        pass
        if len(rows) < 2:
            continue
        a = np.array(rows)
        t = int(start) / 1000.0 + a[:, 0] / 1000.0
        labels = np.array([USTM_LABEL[mode]] * len(t), dtype=object)
        t, xyz, labels = _clean(t, a[:, 1:4] / G, labels)
        speed = np.array(sorted(speeds)) if speeds else None
        yield Recording("us-tm2017", user, os.path.basename(path)[11:-4], t, xyz, labels, speed)


MOBIFALL_LABEL = {"JOG": "running", "WAL": "walking", "STD": "stationary",
                  "STU": "walking", "STN": "walking"}  # stairs are gait; the rest are transitions or jumps


def mobifall(include_hard=True):
    for path in sorted(glob.glob(os.path.join(ROOT, "mobifall-v2", "raw", "sub*", "ADL", "*", "*_acc_*.txt"))):
        code = os.path.basename(os.path.dirname(path))
        if not include_hard and code not in ("JOG", "WAL", "STD"):
            continue
        subject = re.search(r"sub(\d+)", path).group(1)
        rows = []
        data = False
        with open(path) as f:
            for line in f:
                if not data:
                    data = line.startswith("@DATA")
                    continue
                p = line.split(",")
                if len(p) >= 4:
                    rows.append((float(p[0]), float(p[1]), float(p[2]), float(p[3])))
        a = np.array(rows)
        t = a[:, 0] / 1e9
        labels = np.array([MOBIFALL_LABEL.get(code, "unknown")] * len(t), dtype=object)
        t, xyz, labels = _clean(t, a[:, 1:4] / G, labels)
        yield Recording("mobifall-v2", subject, os.path.basename(path)[:-4], t, xyz, labels)


GEOTEC_LABEL = {"SEATED": "stationary", "WALKING": "walking", "TURNING": "walking",
                "STANDING_UP": "unknown", "SITTING_DOWN": "unknown"}


def geotec():
    for path in sorted(glob.glob(os.path.join(ROOT, "geotecinit-sp-har", "raw", "DATA", "s*", "s*_sp.csv"))):
        subject = os.path.basename(os.path.dirname(path))
        with open(path) as f:
            r = csv.reader(f)
            next(r)
            rows = [(float(p[6]) / 1000.0, float(p[0]), float(p[1]), float(p[2]), GEOTEC_LABEL[p[7]]) for p in r]
        t = np.array([x[0] for x in rows])
        xyz = np.array([x[1:4] for x in rows]) / G
        labels = np.array([x[4] for x in rows], dtype=object)
        t, xyz, labels = _clean(t, xyz, labels)
        yield Recording("geotecinit-sp-har", subject, os.path.basename(path)[:-4], t, xyz, labels)


BASIC_LABEL = {"Standing": "stationary", "Walking": "walking", "Running": "running", "Badminton": "unknown"}


def basicmotions():
    """10 s smartwatch cases at 10 Hz, gravity removed (units m/s² assumed): 1 g is added on z so that the
    magnitude-based features see a gravity-like offset. A smoke test only, never an accuracy claim."""
    for split in ("TRAIN", "TEST"):
        path = os.path.join(ROOT, "basicmotions", "raw", f"BasicMotions_{split}.ts")
        with open(path) as f:
            lines = [l.strip() for l in f if l.strip() and not l.startswith(("#", "@"))]
        for i, line in enumerate(lines):
            dims = line.split(":")
            label = dims[-1]
            acc = np.array([[float(v) for v in d.split(",")] for d in dims[:3]]).T / G
            acc[:, 2] += 1.0
            t = 1000.0 * (i + 1) + np.arange(len(acc)) * 0.1
            yield Recording("basicmotions", f"{split.lower()}{i:02d}", f"{split.lower()}_{i:02d}_{label}", t, acc,
                            np.array([BASIC_LABEL[label]] * len(t), dtype=object))


def oxford():
    """Oxford step-counter walks (3 people, 7 carry positions: hand, front/back pocket, neck pouch, armband,
    purse, swinging arm), labelled walking from the first to the last foot-switch step wherever consecutive steps
    are less than 2 s apart, unknown elsewhere. Walking only: used for walking recall across carry positions and
    input rates (Scripts/activity/rates.py), not in the leave-one-person-out tables."""
    for folder in sorted(glob.glob(os.path.join(ROOT, "oxford-step-counter", "raw", "optimisation", "data", "*"))):
        name = os.path.basename(folder)
        a = np.loadtxt(os.path.join(folder, "accelerometer.csv"), delimiter=",", ndmin=2)
        s = np.loadtxt(os.path.join(folder, "stepcounter.csv"), delimiter=",", ndmin=2)
        t = a[:, 0] / 1e9
        rising = ((s[1:, 1] == 1) & (s[:-1, 1] == 0)) | ((s[1:, 2] == 1) & (s[:-1, 2] == 0))
        steps = s[1:, 0][rising] / 1e9
        labels = np.array(["unknown"] * len(t), dtype=object)
        if len(steps) > 1:
            after = np.searchsorted(steps, t)
            inside = (after > 0) & (after < len(steps))
            gap = np.where(inside, steps[np.clip(after, 0, len(steps) - 1)] - steps[np.clip(after - 1, 0, len(steps) - 1)], np.inf)
            labels[inside & (gap < 2.0)] = "walking"
        t, xyz, labels = _clean(t, a[:, 2:5] / G, labels)
        yield Recording("oxford-step-counter", name.split("_")[1], name, t, xyz, labels)


LOADERS = {"us-tm2017": us_tm2017, "mobifall-v2": mobifall, "geotecinit-sp-har": geotec, "basicmotions": basicmotions}


def all_recordings(datasets=None):
    for name, loader in LOADERS.items():
        if datasets is None or name in datasets:
            yield from loader()
