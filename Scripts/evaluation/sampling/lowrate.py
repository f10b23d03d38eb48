"""What Locomotion can and cannot say from a 5 Hz, change-only accelerometer (AWARE's default rate, with its
`threshold_accelerometer` dropping samples that changed less than a threshold), on real labelled recordings.

    swift build -c release --product locomotion
    python3 Scripts/evaluation/sampling/lowrate.py [--binary PATH] [--traces DIR] [--thresholds 0.02,0.1]

Shipped defaults only: nothing is chosen here (no tuning), so every figure is as held out as a figure can be.
Each recording is scored in four forms:
  native            as converted (Scripts/evaluation/converted.py);
  5 Hz              point-sampled on a jittered 5 Hz clock (each tick moved by up to ±30 % of 0.2 s, fixed seed;
                    Scripts/evaluation/activity/rates.py's thinning: a phone's sensor queue, no filtering);
  5 Hz change-only  the 5 Hz stream with AWARE's rule applied: a sample is dropped when every axis changed by less
                    than THRESHOLD m/s² from the last sample kept (AWARE's Accelerometer.java compares the raw
                    Android values, m/s²; its README's example threshold is 0.02);
  + --repeat-gaps   the change-only stream read with `--repeat-gaps 60` (gaps up to 60 s are repeats of the last
                    sample).
Activity: `locomotion evaluate` per subject (per-second truth; seconds labelled unknown not scored), recall per
class and the share of each class's seconds reported `unknown`. Steps: `locomotion steps` on the Oxford walks
(per-step foot-switch truth, NAME.steps.csv) per subject: total counted / true, or "refused" (exit status 1: the
input is sampled below the step detector's 8 samples/s).
Traces go to TRACES/lowrate/<form>/ (written on first use).
"""
import argparse, glob, json, os, subprocess, sys
from collections import defaultdict
import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "activity"))
sys.path.insert(0, os.path.join(HERE, ".."))
import datasets as D  # noqa: E402
import converted as C  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(HERE))
G = 9.80665
REPEAT = 60
CLASSES = ["stationary", "walking", "running", "automotive"]


def thin(t, xyz, labels, rate, seed):
    rng = np.random.default_rng(seed)
    ticks = np.arange(t[0], t[-1], 1 / rate)
    ticks = ticks + rng.uniform(-0.3, 0.3, len(ticks)) / rate
    index = np.unique(np.searchsorted(t, ticks[(ticks >= t[0]) & (ticks <= t[-1])]))
    index = index[index < len(t)]
    return t[index], xyz[index], labels[index]


def change_only(t, xyz, labels, threshold_ms2):
    """AWARE's rule: keep a sample unless every axis moved by less than the threshold from the last one kept."""
    threshold = threshold_ms2 / G
    keep = np.zeros(len(t), dtype=bool)
    last = None
    for i in range(len(t)):
        if last is None or np.any(np.abs(xyz[i] - last) >= threshold):
            keep[i] = True
            last = xyz[i]
    return t[keep], xyz[keep], labels[keep]


def recordings():
    for rec in D.us_tm2017():
        yield rec
    for rec in D.mobifall():
        if rec.name.split("_")[0] in ("WAL", "STD", "JOG", "STU", "STN"):
            yield rec
    yield from D.geotec()


def write(path, t, xyz, labels):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path + ".tmp", "w") as f:
        f.write("timestamp,x,y,z,label\n")
        for ti, (x, y, z), label in zip(t, xyz, labels):
            f.write(f"{ti:.6f},{x:.6f},{y:.6f},{z:.6f},{label}\n")
    os.replace(path + ".tmp", path)


def forms(thresholds):
    return ["native", "5hz"] + [f"5hz-change-{th}" for th in thresholds]


def prepare(folder, thresholds, source):
    """Writes every form of every recording once; returns {form: [(dataset, subject, path)]} and the kept share."""
    index = defaultdict(list)
    kept = defaultdict(lambda: [0, 0])
    for n, rec in enumerate(source()):
        t5, x5, l5 = thin(rec.t, rec.xyz, rec.labels, 5, seed=n)
        if len(t5) < 10:
            continue
        variants = {"native": (rec.t, rec.xyz, rec.labels), "5hz": (t5, x5, l5)}
        for th in thresholds:
            variants[f"5hz-change-{th}"] = change_only(t5, x5, l5, th)
            still = l5 == "stationary"
            tc = variants[f"5hz-change-{th}"]
            kept[th][0] += int(np.sum(tc[2] == "stationary"))
            kept[th][1] += int(np.sum(still))
        for form, (t, xyz, labels) in variants.items():
            path = os.path.join(folder, form, rec.dataset, f"{rec.subject}__{rec.name}.csv")
            if not os.path.exists(path):
                write(path, t, xyz, labels)
            index[form].append((rec.dataset, rec.subject, path))
    return index, kept


def evaluate(binary, paths, extra):
    out = subprocess.run([binary, "evaluate", "--format", "json", "--quiet"] + extra + paths,
                         capture_output=True, text=True)
    lines = out.stdout.strip().splitlines()
    if not lines:
        raise SystemExit(f"evaluate failed: {out.stderr[-2000:]}")
    return json.loads(lines[-1])


def cell(report, cls):
    c = report.get("classes", {}).get(cls, {})
    if not c.get("support"):
        return None
    row = report.get("confusion", {}).get(cls, {})
    total = sum(row.values()) if row else 0
    unknown = row.get("unknown", 0) / total if total else float("nan")
    return c["recall"], unknown


def steps(binary, path, extra):
    out = subprocess.run([binary, "steps", "--events"] + extra + [path], capture_output=True, text=True)
    if out.returncode != 0:
        return None
    return max(0, sum(1 for line in out.stdout.splitlines() if line.strip()) - 1)  # less the header


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--traces", default="/tmp/lowrate-traces")
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build", "release", "locomotion"))
    parser.add_argument("--thresholds", default="0.02,0.1")
    parser.add_argument("--skip-steps", action="store_true")
    args = parser.parse_args()
    thresholds = [float(x) for x in args.thresholds.split(",")]
    index, kept = prepare(os.path.join(args.traces, "lowrate"), thresholds, recordings)
    for th, (k, n) in kept.items():
        print(f"change-only at {th} m/s²: {k} of {n} labelled-stationary 5 Hz samples kept ({100 * k / max(n, 1):.1f} %)")
    runs = [(form, []) for form in forms(thresholds)]
    runs += [(f"5hz-change-{th}", ["--repeat-gaps", str(REPEAT)]) for th in thresholds]
    print()
    print("| form | subject (dataset) | " + " | ".join(f"{c} recall (unknown share)" for c in CLASSES) + " |")
    print("| --- | --- | " + " | ".join("---" for _ in CLASSES) + " |")
    for form, extra in runs:
        by_subject = defaultdict(list)
        for dataset, subject, path in index[form]:
            by_subject[(dataset, subject)].append(path)
        pooled = evaluate(args.binary, [p for _, _, p in index[form]], extra)
        label = form + (" + --repeat-gaps 60" if extra else "")
        for (dataset, subject), paths in sorted(by_subject.items()):
            report = evaluate(args.binary, paths, extra)
            cells = [cell(report, c) for c in CLASSES]
            print(f"| {label} | {subject} ({dataset}) | " + " | ".join("—" if x is None else f"{x[0]:.3f} ({x[1]:.3f})" for x in cells) + " |")
        cells = [cell(pooled, c) for c in CLASSES]
        print(f"| {label} | **all** | " + " | ".join("—" if x is None else f"**{x[0]:.3f}** ({x[1]:.3f})" for x in cells) + " |")
        sys.stdout.flush()
    if args.skip_steps:
        return
    print()
    print("| form | Oxford subject | true steps | counted (error) |")
    print("| --- | --- | --- | --- |")
    oxford = list(D.oxford())
    truth = {}
    for rec in oxford:
        path = os.path.join(C.folder("oxford-step-counter"), f"oxford-step-counter_{rec.name}.csv")
        truth[rec.name] = len(C.read_rows(C.companion(path, "steps")))
    def step_forms(n, rec):
        t5, x5, l5 = thin(rec.t, rec.xyz, rec.labels, 5, seed=n)
        yield "native", (rec.t, rec.xyz, rec.labels), []
        yield "5hz", (t5, x5, l5), []
        for th in thresholds:
            yield f"5hz-change-{th}", change_only(t5, x5, l5, th), []
            yield f"5hz-change-{th} + --repeat-gaps 60", change_only(t5, x5, l5, th), ["--repeat-gaps", str(REPEAT)]
    totals = defaultdict(lambda: [0, 0, 0])
    for n, rec in enumerate(oxford):
        for form, (t, xyz, labels), extra in step_forms(n, rec):
            key = form.split(" ")[0]
            path = os.path.join(args.traces, "lowrate-steps", key, f"{rec.name}.csv")
            if not os.path.exists(path):
                write(path, t, xyz, labels)
            counted = steps(args.binary, path, extra)
            total = totals[(form, rec.subject)]
            total[0] += truth[rec.name]
            total[1] += counted or 0
            total[2] += counted is None
    for (form, subject), (true, counted, refused) in sorted(totals.items()):
        text = f"refused in {refused} traces" if refused else f"{counted} ({100 * (counted - true) / true:+.1f} %)"
        if refused and counted:
            text += f", {counted} counted in the others"
        print(f"| {form} | {subject} | {true} | {text} |")


if __name__ == "__main__":
    main()
