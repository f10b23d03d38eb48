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
Recordings: us-tm2017 (every user and session: still, walking, car/bus/train), MobiFall (walking, standing,
jogging, stairs), GeoTecINIT, hhar-still-phones (phones lying still; subject = the phone model).
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
REPEAT = 60  # --repeat-gaps (s); --repeat changes it
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
    for path in C.traces("hhar-still-phones"):
        t, xyz, labels = C.read_trace(path)
        name = os.path.basename(path)[len("hhar-still-phones_"):-len(".csv")]
        yield D.Recording("hhar-still-phones", name.rsplit("_", 1)[-1], name, t, xyz, labels)


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
                C.write_trace(path, t, xyz, labels)
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


def still_time(binary, index, runs):
    """Seconds of the still recordings (every row labelled stationary: hhar-still-phones, us-tm2017 Still
    sessions, MobiFall STD) by what `locomotion epochs` reports, per dataset: the share of the recordings' time
    reported stationary, unknown (gaps included: `evaluate` scores only seconds that hold a sample, so a dropped
    second escapes it) and any other activity."""
    print()
    print("| form | dataset (recordings) | stationary share | unknown share | other share | covered share |")
    print("| --- | --- | --- | --- | --- | --- |")
    for form, extra in runs:
        sums = defaultdict(lambda: defaultdict(float))
        count = defaultdict(int)
        for dataset, subject, path in index[form]:
            native = path.replace(f"/{form}/", "/native/")
            with open(native) as f:
                if any(not line.rstrip().endswith(",stationary") for line in list(f)[1:]):
                    continue
            out = subprocess.run([binary, "epochs", "--time-zone", "UTC"] + extra + [path], capture_output=True, text=True)
            lines = out.stdout.splitlines()
            if out.returncode != 0 or len(lines) < 2:
                continue
            header = lines[0].split(",")
            count[dataset] += 1
            for line in lines[1:]:
                row = dict(zip(header, line.split(",")))
                length = float(row["end"]) - float(row["start"])
                recorded = sum(float(row[f"{a}_s"]) for a in ("stationary", "walking", "running", "cycling", "automotive", "unknown"))
                sums[dataset]["recorded"] += recorded
                sums[dataset]["stationary"] += float(row["stationary_s"])
                sums[dataset]["unknown"] += float(row["unknown_s"])
                sums[dataset]["covered"] += float(row["coverage"]) * length
        label = form + (f" + --repeat-gaps {REPEAT}" if extra else "")
        for dataset in sorted(sums):
            d = sums[dataset]
            other = d["recorded"] - d["stationary"] - d["unknown"]
            print(f"| {label} | {dataset} ({count[dataset]}) | {d['stationary'] / d['recorded']:.3f} | {d['unknown'] / d['recorded']:.3f} "
                  f"| {other / d['recorded']:.3f} | {d['covered'] / d['recorded']:.3f} |")
        sys.stdout.flush()


def steps(binary, path, extra):
    out = subprocess.run([binary, "steps"] + extra + [path], capture_output=True, text=True)
    if out.returncode != 0:
        return None
    return int(next(line for line in out.stdout.splitlines() if line.startswith("steps="))[len("steps="):])


def main():
    global REPEAT
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--traces", default="/tmp/lowrate-traces")
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build", "release", "locomotion"))
    parser.add_argument("--thresholds", default="0.02,0.1")
    parser.add_argument("--skip-steps", action="store_true")
    parser.add_argument("--prepare-only", action="store_true", help="write the traces, score nothing")
    parser.add_argument("--only", choices=["still"], help="only the still-time table")
    parser.add_argument("--repeat", type=int, default=REPEAT, help="the --repeat-gaps limit (s), default 60")
    args = parser.parse_args()
    thresholds = [float(x) for x in args.thresholds.split(",")]
    REPEAT = args.repeat
    index, kept = prepare(os.path.join(args.traces, "lowrate"), thresholds, recordings)
    if args.prepare_only:
        return
    for th, (k, n) in kept.items():
        print(f"change-only at {th} m/s²: {k} of {n} labelled-stationary 5 Hz samples kept ({100 * k / max(n, 1):.1f} %)")
    runs = [(form, []) for form in forms(thresholds)]
    runs += [(f"5hz-change-{th}", ["--repeat-gaps", str(REPEAT)]) for th in thresholds]
    if args.only == "still":
        still_time(args.binary, index, runs)
        return
    print()
    print("| form | subject (dataset) | " + " | ".join(f"{c} recall (unknown share)" for c in CLASSES) + " |")
    print("| --- | --- | " + " | ".join("---" for _ in CLASSES) + " |")
    for form, extra in runs:
        by_subject = defaultdict(list)
        for dataset, subject, path in index[form]:
            by_subject[(dataset, subject)].append(path)
        pooled = evaluate(args.binary, [p for _, _, p in index[form]], extra)
        label = form + (f" + --repeat-gaps {REPEAT}" if extra else "")
        for (dataset, subject), paths in sorted(by_subject.items()):
            report = evaluate(args.binary, paths, extra)
            cells = [cell(report, c) for c in CLASSES]
            print(f"| {label} | {subject} ({dataset}) | " + " | ".join("—" if x is None else f"{x[0]:.3f} ({x[1]:.3f})" for x in cells) + " |")
        cells = [cell(pooled, c) for c in CLASSES]
        print(f"| {label} | **all** | " + " | ".join("—" if x is None else f"**{x[0]:.3f}** ({x[1]:.3f})" for x in cells) + " |")
        sys.stdout.flush()
    still_time(args.binary, index, runs)
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
        # What a count at 5 Hz would be: the detector's 8 samples/s floor lowered to 4 (never shipped).
        yield "5hz forced (--parameter minimumSamplingRate=4)", (t5, x5, l5), ["--parameter", "minimumSamplingRate=4"]
        for th in thresholds:
            yield f"5hz-change-{th}", change_only(t5, x5, l5, th), []
            yield f"5hz-change-{th} + --repeat-gaps {REPEAT}", change_only(t5, x5, l5, th), ["--repeat-gaps", str(REPEAT)]
    totals = defaultdict(lambda: [0, 0, 0])
    for n, rec in enumerate(oxford):
        for form, (t, xyz, labels), extra in step_forms(n, rec):
            key = form.split(" ")[0]
            path = os.path.join(args.traces, "lowrate-steps", key, f"{rec.name}.csv")
            if not os.path.exists(path):
                C.write_trace(path, t, xyz, labels)
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
