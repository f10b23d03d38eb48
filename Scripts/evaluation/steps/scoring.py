"""Shared by Scripts/evaluation/steps/*.py: converted traces with step truth, `locomotion steps --events`, and scoring.

Every dataset is parsed by `locomotion convert` (the project's one dataset parser); this module only reads the
converted CSVs: NAME.csv (timestamp,x,y,z,label in g), NAME.steps.csv (true step times) and, where the reference
saw a step it could not time, NAME.untimed-steps.csv (after,before).
"""
import bisect
import concurrent.futures as futures
import csv
import glob
import json
import os
import statistics
import subprocess

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
DATASETS = os.environ.get("LOCOMOTION_DATASETS", os.path.join(ROOT, "..", "shared", "datasets"))
CONVERTED = os.path.join(ROOT, ".build", "steps-converted")
TOOL = os.environ.get("LOCOMOTION", os.path.join(ROOT, ".build", "release", "locomotion"))
TOLERANCE = 0.25  # s, one-to-one matching window for step events

# (convert --from, dataset folder, output folder)
SOURCES = {
    "ipol": ("ipol-gait-lowerback", "ipol-gait-lowerback"),
    "mobgap": ("mobgap-lab", "mobgap-lab-ha002"),
    "oxford": ("oxford-step-counter", "oxford-step-counter"),
    "ustm": ("us-tm2017", "us-tm2017"),
    "mobifall": ("mobifall-v2", "mobifall-v2"),
}


def convert(key):
    """Converts one dataset with `locomotion convert` (once; cached under .build/steps-converted)."""
    source, folder = SOURCES[key]
    out = os.path.join(CONVERTED, key)
    done = os.path.join(out, ".done")
    if not os.path.exists(done):
        os.makedirs(out, exist_ok=True)
        subprocess.run([TOOL, "convert", "--from", source, os.path.join(DATASETS, folder), "-o", out, "--quiet"],
                       check=True, stdout=subprocess.DEVNULL)
        open(done, "w").close()
    return out


# What `convert` writes beside a trace: not traces (true steps, untimed true steps, logged speeds, fixes).
COMPANIONS = (".steps.csv", ".untimed-steps.csv", ".speeds.csv", ".fixes.csv")


def traces(folder, pattern="*.csv"):
    """The converted traces in `folder` matching `pattern`, sorted, without their companion files."""
    return [p for p in sorted(glob.glob(os.path.join(folder, pattern))) if not p.endswith(COMPANIONS)]


def read_column(path, column=0):
    with open(path) as file:
        rows = list(csv.reader(file))[1:]
    return [float(row[column]) for row in rows if row]


def recordings(key):
    """[{name, path, steps (timed truth), untimed [(after, before)], true (count), subject, minutes}] with truth."""
    folder = convert(key)
    out = []
    for steps_path in sorted(glob.glob(os.path.join(folder, "*.steps.csv"))):
        name = os.path.basename(steps_path)[: -len(".steps.csv")]
        untimed_path = os.path.join(folder, name + ".untimed-steps.csv")
        untimed = []
        if os.path.exists(untimed_path):
            with open(untimed_path) as file:
                untimed = [(float(a), float(b)) for a, b in list(csv.reader(file))[1:]]
        steps = read_column(steps_path)
        out.append(dict(name=name, path=os.path.join(folder, name + ".csv"), steps=steps, untimed=untimed,
                        true=len(steps) + len(untimed), subject=subject_of(key, name)))
    return out


def read_trial_end(path):
    """(time of the last `walking` sample, time of the sample after it) of a converted trace; None without one.

    For IPOL the adapter labels `walking` exactly inside the trial's TrialBoundaries, so the trial ends between the
    two (a dropped packet can fall on the boundary)."""
    last = after = None
    with open(path) as file:
        next(file)
        for line in file:
            fields = line.rstrip("\n").split(",")
            if len(fields) > 4 and fields[4] == "walking":
                last, after = float(fields[0]), None
            elif last is not None and after is None:
                after = float(fields[0])
    return None if last is None else (last, after if after is not None else float("inf"))


def split_at_trial_end(recording):
    """IPOL: the truth inside the trial (stand, 10 m, U-turn, 10 m, stop) and the steps after its end.

    The source marks every swing of the file, including shuffling steps after TrialBoundaries ends (87 of 2,458
    steps, 26 of 70 trials, 0.4–13 s after the stop). Returns (inside truth, after truth, cut): a detection at or
    before `cut` — the trial's end plus half the way to the first step after it, at most 1 s — belongs to the trial."""
    last, after = read_trial_end(recording["path"])
    inside = [t for t in recording["steps"] if t < after]
    later = [t for t in recording["steps"] if t >= after]
    end = inside[-1] if inside else last
    cut = end + min(1.0, (later[0] - end) / 2 if later else 1.0)
    return inside, later, cut


def inside_row(recording, detected):
    """A scoring row (see score) of an IPOL trial restricted to the trial: inside truth, detections up to the cut."""
    inside, _, cut = split_at_trial_end(recording)
    return dict(name=recording["name"], steps=inside, untimed=[], true=len(inside),
                detected=[t for t in detected if t <= cut])


def subject_of(key, name):
    if key == "ipol":
        return name.split("_")[-1].split("-")[0]
    if key == "oxford":
        return name.split("_")[2]
    if key == "mobgap":
        return "_".join(name.split("_")[1:3])
    return name


def run_steps(path, parameters=None, extra=(), tool=None):
    """`locomotion steps --events` on one trace (with `tool`, default TOOL): the step times, or None when refused
    (exit status 1)."""
    command = [tool or TOOL, "steps", path, "--events", "--lenient", *extra]
    for key, value in sorted((parameters or {}).items()):
        command += ["--parameter", f"{key}={value}"]
    result = subprocess.run(command, capture_output=True, text=True)
    if result.returncode == 1:
        return None
    if result.returncode != 0:
        raise RuntimeError(f"{' '.join(command)} failed: {result.stderr}")
    return [float(line) for line in result.stdout.split("\n")[1:] if line]


def run_many(jobs, workers=None, tool=None, extra=()):
    """Runs [(path, parameters)] in parallel with `tool` (default TOOL); returns the step-time lists in order."""
    with futures.ThreadPoolExecutor(max_workers=workers or os.cpu_count() or 2) as pool:
        return list(pool.map(lambda job: run_steps(*job, extra=extra, tool=tool), jobs))


def match(truth, detected, untimed=(), tolerance=TOLERANCE):
    """One-to-one matching of detected to true step times within ±tolerance, closest pairs first.

    Untimed true steps (after, before) take, one each, a detection left unmatched that lies between their bounds.
    Returns (true positives, false positives, false negatives, [detected − true offsets of timed matches]).
    """
    pairs = []
    for j, t in enumerate(detected):
        k = bisect.bisect_left(truth, t - tolerance)
        while k < len(truth) and truth[k] <= t + tolerance:
            pairs.append((abs(truth[k] - t), k, j))
            k += 1
    pairs.sort()
    used_truth, used_detected, offsets = set(), set(), []
    for _, k, j in pairs:
        if k in used_truth or j in used_detected:
            continue
        used_truth.add(k)
        used_detected.add(j)
        offsets.append(detected[j] - truth[k])
    hits = len(used_truth)
    for after, before in untimed:
        for j, t in enumerate(detected):
            if j not in used_detected and after < t < before:
                used_detected.add(j)
                hits += 1
                break
    total_truth = len(truth) + len(untimed)
    return hits, len(detected) - len(used_detected), total_truth - hits, offsets


def percent(counted, true):
    return 100.0 * (counted - true) / true


def score(rows):
    """rows: [{true, detected (times), steps, untimed}] → dict of totals, trial errors and event P/R/F1."""
    tp = fp = fn = 0
    errors = []
    for row in rows:
        hits, false_pos, misses, _ = match(row["steps"], row["detected"], row["untimed"])
        tp, fp, fn = tp + hits, fp + false_pos, fn + misses
        errors.append((percent(len(row["detected"]), row["true"]), row["name"]))
    true = sum(r["true"] for r in rows)
    counted = sum(len(r["detected"]) for r in rows)
    precision = tp / (tp + fp) if tp + fp else 0.0
    recall = tp / (tp + fn) if tp + fn else 0.0
    f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
    worst = max(errors, key=lambda e: abs(e[0]))
    return dict(trials=len(rows), true=true, counted=counted, total=percent(counted, true),
                median=statistics.median(abs(e) for e, _ in errors), worst=worst[0], worst_name=worst[1],
                precision=precision, recall=recall, f1=f1)
