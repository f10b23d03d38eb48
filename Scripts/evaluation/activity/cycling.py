"""Cycling from the accelerometer on qrowd-tr-phone (3 people): leave one person out, every fold reported.

    python3 Scripts/evaluation/activity/cycling.py [--traces DIR] [--binary PATH] [--baseline PATH] [--markdown FILE]
                                        [--no-build] [--jobs N]

qrowd-tr-phone has one session per file (still, walk, run, cycling, vehicle) for each of three people, and no
timestamps: the rate is inferred (24 Hz, Datasets/README.md). The same recordings are read several ways:
  - `locomotion convert --from qrowd-tr-phone --rate R` for R = 20, 24 and 30 Hz (the rate's uncertainty: every
    frequency scales with R, so 30 Hz reads the rides as 25 % faster pedalling and the walks as faster steps);
  - the 24 Hz reading thinned to 10 and 5 samples/s (a phone's low-power accelerometer; the first sample at or after
    each tick of a jittered clock, as Scripts/evaluation/activity/rates.py thins).

1. Leave one person out. GRID holds a few physically plausible values of the pedalling rule's thresholds (the first
   of each list is the value set from physics, Docs/activity.md). Every candidate is scored on every reading by
   `locomotion evaluate --per-trace --format json --config`. For each person, the candidate with the best objective
   on the *other two* (the mean over the readings 20, 24, 30 and 10 of the macro-F1 over stationary, walking, running,
   cycling and automotive of their pooled seconds; ties to the earlier candidate) is chosen and the person is scored
   with it. The shipped defaults are the same choice on all three; the script checks `evaluate` without `--config`
   reproduces it.
2. Steps while cycling: `locomotion steps` (shipped defaults; its classifier has no --config) on every session, per
   minute, and with --no-activity-gate (what the detector alone counts).
3. Rides with their walks: per person a day spliced from the sessions, re-timed to follow each other:
   the still session, the last 2 min of the walk, the whole ride, the first 2 min of the walk, the first 5 min of
   the still session, the vehicle session, the last 5 min of the still session. `label` (full smoothing) per second; steps per part (a walk to and from the bike keeps its
   steps, the ride has none); and the gate with the `on-foot-and-cycling` policy open loop and closed loop (the
   collector applies the emitted profiles, low-power accelerometer at its default 10 Hz): walking and cycling
   recorded after the 30 s onset, still and vehicle time in low power. The gate also on a second day per person:
   the still session, then the ride straight away (no walk to wake the gate first), then 5 min still.
With --baseline (main's release binary), sections 1 (defaults, no choice) and 2 are also run with it.

Converted and spliced traces go to TRACES/qrowd/ (written on first use).
"""
import argparse, hashlib, itertools, json, os, subprocess, sys
from concurrent.futures import ThreadPoolExecutor
import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", "..", ".."))
sys.path.insert(0, os.path.join(HERE, ".."))
import converted as C  # noqa: E402
from confusion import ALL, empty, pooled, scores  # noqa: E402

CLASSES = ["stationary", "walking", "running", "cycling", "automotive"]
PEOPLE = ["user1", "user2", "user3"]
READINGS = ["24", "20", "30", "thin10", "thin5"]
OBJECTIVE_READINGS = ["24", "20", "30", "thin10"]
GRID = {
    # Autocorrelation peak pedalling must reach (rides 0.3-0.7; a vehicle's bounce 0.25-0.35).
    "pedallingMinimumPeriodicity": [0.35, 0.3, 0.4],
    # Direction spread of the phone turning with the thigh (rides 9-20 degrees; vehicles a few).
    "pedallingMinimumWobble": [8, 6, 10],
    # Skewness of |a| above which heel strikes are taken to be there (walks 0.2-1; pedalling -1...0.3).
    "pedallingMaximumSkewness": [0.3, 0.5, 0.1],
}


def candidates():
    return [dict(zip(GRID, values)) for values in itertools.product(*GRID.values())]


# ---------------------------------------------------------------------------------------------------- traces

def convert(binary, folder, rate):
    out = os.path.join(folder, str(rate))
    if not os.path.exists(os.path.join(out, ".converted")):
        source = os.path.join(C.DATASETS, "qrowd-tr-phone", "raw")
        subprocess.run([binary, "convert", "--from", "qrowd-tr-phone", source, "--rate", str(rate),
                        "--output-dir", out, "--quiet"], check=True, stdout=subprocess.DEVNULL)
        open(os.path.join(out, ".converted"), "w").close()
    return sorted(os.path.join(out, n) for n in os.listdir(out) if n.endswith(".csv"))


def thin(t, rate, seed):
    """Indices of the first samples at or after each tick of a clock at `rate`, each tick moved by up to +-30 % of
    the interval (a phone's irregular sensor queue; Scripts/evaluation/activity/rates.py)."""
    rng = np.random.default_rng(seed)
    ticks = np.arange(t[0], t[-1], 1 / rate)
    ticks = ticks + rng.uniform(-0.3, 0.3, len(ticks)) / rate
    index = np.unique(np.searchsorted(t, ticks[(ticks >= t[0]) & (ticks <= t[-1])]))
    return index[index < len(t)]


def readings(binary, folder):
    """{reading: [trace paths]} for every reading of READINGS."""
    out = {}
    for rate in (24, 20, 30):
        out[str(rate)] = convert(binary, folder, rate)
    for rate in (10, 5):
        key, paths = f"thin{rate}", []
        for n, source in enumerate(out["24"]):
            path = os.path.join(folder, key, os.path.basename(source))
            if not os.path.exists(path):
                t, xyz, labels = C.read_trace(source)
                index = thin(t, rate, seed=n)
                C.write_trace(path, t[index], xyz[index], labels[index])
            paths.append(path)
        out[key] = paths
    return out


def person_of(path):
    return os.path.basename(path)[:-4].split("_")[-1]


def session_of(path):
    return os.path.basename(path)[:-4].split("_")[-2]


# ---------------------------------------------------------------------------------------------------- scoring

def evaluate(binary, paths, config, cache):
    """{path: confusion matrix} of one `locomotion evaluate` run (cached by configuration, inputs and binary)."""
    key = hashlib.sha256(json.dumps([config, paths, binary, os.path.getmtime(binary)], sort_keys=True)
                         .encode()).hexdigest()[:16]
    cached = os.path.join(cache, key + ".jsonl")
    if not os.path.exists(cached):
        args = [binary, "evaluate", "--per-trace", "--format", "json"]
        if config:
            config_path = os.path.join(cache, key + ".json")
            with open(config_path, "w") as f:
                json.dump(config, f)
            args += ["--config", config_path]
        result = subprocess.run(args + paths, capture_output=True, text=True, check=True)
        with open(cached + ".tmp", "w") as f:
            f.write(result.stdout)
        os.replace(cached + ".tmp", cached)
    out = {}
    with open(cached) as f:
        for line in f:
            report = json.loads(line)
            if report["scope"] == "total":
                continue
            m = empty()
            for truth, row in report["confusion"].items():
                for predicted, count in row.items():
                    m[truth][predicted] += count
            out[report["scope"]] = m
    return out










def objective(results, people):
    """Mean over OBJECTIVE_READINGS of the 5-class macro-F1 of `people`'s pooled seconds."""
    return float(np.mean([scores(pooled(results[r], lambda p: person_of(p) in people), CLASSES)[1]
                          for r in OBJECTIVE_READINGS]))


def fmt(x):
    return "—" if x is None else f"{x:.3f}"


def fold_row(title, m):
    per_class, macro = scores(m, CLASSES)
    cyc = per_class.get("cycling", (0, None, None, None))
    recalls = " / ".join(fmt(per_class[c][2]) if c in per_class else "—" for c in CLASSES)
    return f"| {title} | {fmt(cyc[2])} | {fmt(cyc[1])} | {fmt(macro)} | {recalls} |"


def matrix_text(m, title):
    lines = [title, "", "```", "truth \\ predicted " + "".join(f"{p:>11}" for p in ALL)]
    for t in ALL:
        if sum(m[t].values()):
            lines.append(f"{t:>17} " + "".join(f"{m[t][p]:>11}" for p in ALL))
    per_class, macro = scores(m, CLASSES)
    lines.append(f"{'class':>17} {'support':>9} {'precision':>10} {'recall':>8} {'F1':>7}")
    for c, (support, precision, recall, f1) in per_class.items():
        lines.append(f"{c:>17} {support:>9} {fmt(precision):>10} {recall:>8.3f} {f1:>7.3f}")
    lines.append(f"macro-F1 over [{', '.join(per_class)}]: {macro:.3f}")
    lines.append("```")
    return "\n".join(lines)


# ---------------------------------------------------------------------------------------------------- steps

def steps(binary, paths, gated=True):
    """{path: (steps, bouts)} from `locomotion steps --format json`."""
    args = [binary, "steps", "--format", "json"] + ([] if gated else ["--no-activity-gate"]) + paths
    result = subprocess.run(args, capture_output=True, text=True)
    out = {}
    for line in result.stdout.splitlines():
        d = json.loads(line)
        out[d["file"]] = (d["steps"], d["bouts"])
    return out


def duration_minutes(path):
    t, _, _ = C.read_trace(path)
    return (t[-1] - t[0]) / 60


# ---------------------------------------------------------------------------------------------------- spliced days

PARTS = [("still", "still", "all"), ("walk to the bike", "walk", "last"), ("ride", "cycling", "all"),
         ("walk from the bike", "walk", "first"), ("still after", "still", "first"), ("vehicle", "vehicle", "all"),
         ("still at the end", "still", "last")]
# The ride straight from rest (no walk to wake the gate first): the onset is the ride's own.
RIDE_FROM_REST = [("still", "still", "all"), ("ride", "cycling", "all"), ("still after", "still", "first")]
STILL_SECONDS, WALK_SECONDS = 300.0, 120.0


def spliced(folder, sessions, person, parts_list=PARTS, kind="day"):
    """A day of `person`'s 24 Hz sessions (`parts_list`), re-timed to follow each other one sample interval apart;
    returns the trace path and [(part, start, end)]."""
    path = os.path.join(folder, "days", f"qrowd-{kind}_{person}.csv")
    parts_path = path[:-4] + ".parts.json"
    if os.path.exists(path) and os.path.exists(parts_path):
        with open(parts_path) as f:
            return path, json.load(f)
    ts, xyzs, labels, parts = [], [], [], []
    clock = 0.0
    for title, session, which in parts_list:
        t, xyz, lab = C.read_trace(next(p for p in sessions if session_of(p) == session and person_of(p) == person))
        span = STILL_SECONDS if session == "still" else WALK_SECONDS if session == "walk" else t[-1] - t[0]
        keep = (t - t[0] < span) if which == "first" else (t[-1] - t < span) if which == "last" else np.ones(len(t), bool)
        t, xyz, lab = t[keep], xyz[keep], lab[keep]
        shifted = t - t[0] + clock
        parts.append((title, float(shifted[0]), float(shifted[-1])))
        ts.append(shifted), xyzs.append(xyz), labels.append(lab)
        clock = shifted[-1] + float(np.median(np.diff(t)))
    C.write_trace(path, np.concatenate(ts), np.concatenate(xyzs), np.concatenate(labels))
    with open(parts_path, "w") as f:
        json.dump(parts, f)
    return path, parts


def step_times(binary, path):
    result = subprocess.run([binary, "steps", "--events", "--format", "json", path], capture_output=True, text=True,
                            check=True)
    return np.array([json.loads(line)["timestamp"] for line in result.stdout.splitlines()])


def labelled(binary, path):
    """[(start, end, activity)] of `locomotion label` (full smoothing)."""
    result = subprocess.run([binary, "label", path], capture_output=True, text=True, check=True)
    rows = result.stdout.splitlines()[1:]
    return [(float(a), float(b), c) for a, b, c, _ in (r.split(",") for r in rows)]


def replay(binary, path, options):
    summary = path[:-4] + "." + ("".join(c for c in "".join(options) if c.isalnum()) or "open") + ".summary.json"
    subprocess.run([binary, "replay", path, "--policy", "on-foot-and-cycling", "--summary", summary,
                    "--output", "/dev/null"] + options, check=True, stdout=subprocess.DEVNULL)
    with open(summary) as f:
        return json.load(f)


def pct(x):
    return "—" if x is None or x != x else f"{100 * x:.1f} %"


def share(summaries, key, weight):
    total = sum(s["truth"][weight] for s in summaries)
    return sum(s["truth"][key] * s["truth"][weight] for s in summaries) / total if total else None


# ---------------------------------------------------------------------------------------------------- main

def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--traces", default="/tmp/activity-traces")
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build", "release", "locomotion"))
    parser.add_argument("--baseline", help="main's release binary: sections 1 (defaults) and 2 again with it")
    parser.add_argument("--markdown", help="also write the report to this file")
    parser.add_argument("--no-build", action="store_true")
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    if not args.no_build:
        subprocess.run(["swift", "build", "-c", "release", "--product", "locomotion"], cwd=ROOT, check=True,
                       stdout=subprocess.DEVNULL)
    binary = os.path.abspath(args.binary)
    folder = os.path.join(args.traces, "qrowd")
    cache = os.path.join(folder, "cache")
    os.makedirs(cache, exist_ok=True)
    traces = readings(binary, folder)
    out = []

    # 1. Leave one person out.
    grid = candidates()
    jobs = [(i, r) for i in range(len(grid)) for r in READINGS]
    with ThreadPoolExecutor(args.jobs) as pool:
        done = list(pool.map(lambda job: evaluate(binary, traces[job[1]], grid[job[0]], cache), jobs))
    results = [{} for _ in grid]
    for (i, r), res in zip(jobs, done):
        results[i][r] = res
    default = {r: evaluate(binary, traces[r], {}, cache) for r in READINGS}
    everyone = [objective(res, PEOPLE) for res in results]
    best = max(range(len(grid)), key=lambda i: (everyone[i], -i))
    out.append(f"# Cycling on qrowd-tr-phone: leave one person out ({len(grid)} candidates)\n")
    out.append(f"Choice on all three (the shipped defaults): `{json.dumps(grid[best])}`, objective {everyone[best]:.3f}; "
               f"`evaluate` without --config reproduces it: {'yes' if default == results[best] else 'NO'}")
    choices = {}
    for person in PEOPLE:
        others = [p for p in PEOPLE if p != person]
        s = [objective(res, others) for res in results]
        choices[person] = max(range(len(grid)), key=lambda i: (s[i], -i))
    held = {r: {path: results[choices[person_of(path)]][r][path] for path in results[0][r]} for r in READINGS}

    out.append("\n## Held-out folds (each person scored with the choice made on the other two)\n")
    out.append("| reading | held out | chosen on the other two | cycling recall | cycling precision | 5-class macro-F1 | recall stationary / walking / running / cycling / automotive |")
    out.append("| --- | --- | --- | --- | --- | --- | --- |")
    for r in READINGS:
        for person in PEOPLE:
            m = pooled(held[r], lambda p: person_of(p) == person)
            out.append(fold_row(f"{r} | {person} | `{json.dumps(grid[choices[person]])}`", m))
        out.append(fold_row(f"{r} | **pooled** | (each fold its own)", pooled(held[r], lambda p: True)))
    for r in READINGS:
        out.append(matrix_text(pooled(held[r], lambda p: True), f"### Pooled held-out seconds, reading {r}"))

    if args.baseline:
        baseline = os.path.abspath(args.baseline)
        out.append("\n## Baseline binary (its defaults, no choice), pooled\n")
        out.append("| reading | binary | cycling recall | cycling precision | 5-class macro-F1 | recall stationary / walking / running / cycling / automotive |")
        out.append("| --- | --- | --- | --- | --- | --- |")
        for r in READINGS:
            base = evaluate(baseline, traces[r], {}, cache)
            out.append(fold_row(f"{r} | baseline", pooled(base, lambda p: True)))
            out.append(fold_row(f"{r} | this build", pooled(default[r], lambda p: True)))

    # 2. Steps per minute of each session (shipped defaults).
    out.append("\n## Steps per minute of each session (`locomotion steps`, shipped defaults)\n")
    binaries = [("this build", binary)] + ([("baseline", os.path.abspath(args.baseline))] if args.baseline else [])
    out.append("| reading | session | " + " | ".join(f"{name}: user1 / user2 / user3" for name, _ in binaries)
               + " | detector alone (--no-activity-gate) |")
    out.append("| --- | --- |" + " --- |" * (len(binaries) + 1))
    for r in READINGS:
        counted = {name: steps(b, traces[r]) for name, b in binaries}
        alone = steps(binary, traces[r], gated=False)
        minutes = {p: duration_minutes(p) for p in traces[r]}
        for session in ["cycling", "walk", "run", "still", "vehicle"]:
            paths = [next(p for p in traces[r] if session_of(p) == session and person_of(p) == u) for u in PEOPLE]
            def per_minute(result, p):
                # `steps` refuses a trace sampled below the detector's 8 Hz (exit 1, no row).
                return f"{result[p][0] / minutes[p]:.1f}" if p in result else "refused"
            cells = [" / ".join(per_minute(counted[name], p) for p in paths) for name, _ in binaries]
            if all(p in counted["this build"] for p in paths):
                total = sum(counted["this build"][p][0] for p in paths) / sum(minutes[p] for p in paths)
                cells[0] += f" (all {total:.2f})"
            solo = " / ".join(per_minute(alone, p) for p in paths)
            out.append(f"| {r} | {session} | " + " | ".join(cells) + f" | {solo} |")

    # 3. Spliced days: activity, steps per part, the gate open and closed loop.
    out.append("\n## Rides with their walks (spliced days, 24 Hz reading; shipped defaults)\n")
    out.append("| person | part | seconds | label (full smoothing): share of the part's seconds | steps (this build) | steps / min | steps of the same stretch in its own session |")
    out.append("| --- | --- | --- | --- | --- | --- | --- |")
    summaries = {"open": [], "closed": [], "open, ride straight from rest": [], "closed, ride straight from rest": []}
    own = steps(binary, traces["24"])
    for person in PEOPLE:
        path, parts = spliced(folder, traces["24"], person)
        segments = labelled(binary, path)
        times = step_times(binary, path)
        for title, start, end in parts:
            seconds = np.arange(np.floor(start), np.ceil(end)) + 0.5
            seconds = seconds[(seconds >= start) & (seconds <= end)]
            got = {}
            for s in seconds:
                activity = next((c for a, b, c in segments if a <= s < b), "unknown")
                got[activity] = got.get(activity, 0) + 1
            shares = ", ".join(f"{a} {n / len(seconds):.0%}" for a, n in sorted(got.items(), key=lambda kv: -kv[1]))
            n = int(((times >= start) & (times <= end)).sum())
            alone = "—"
            if title.startswith("walk") or title == "ride":
                session = "cycling" if title == "ride" else "walk"
                source = next(p for p in traces["24"] if session_of(p) == session and person_of(p) == person)
                if title == "ride":
                    alone = str(own[source][0])
                else:
                    st = step_times(binary, source)
                    t, _, _ = C.read_trace(source)
                    window = (st >= t[-1] - WALK_SECONDS) if "to the" in title else (st < t[0] + WALK_SECONDS)
                    alone = str(int(window.sum()))
            out.append(f"| {person} | {title} | {end - start:.0f} | {shares} | {n} | {60 * n / max(end - start, 1):.1f} | {alone} |")
        summaries["open"].append(replay(binary, path, []))
        summaries["closed"].append(replay(binary, path, ["--closed-loop"]))
        rest, _ = spliced(folder, traces["24"], person, RIDE_FROM_REST, kind="ride-from-rest")
        summaries["open, ride straight from rest"].append(replay(binary, rest, []))
        summaries["closed, ride straight from rest"].append(replay(binary, rest, ["--closed-loop"]))
    out.append("\n### The gate (`replay --policy on-foot-and-cycling`, streaming classifier, shipped defaults)\n")
    out.append("| loop | walking and cycling recorded after the 30 s onset | still in low power after the stop timeout | vehicle in low power after the switch timeout | median / max onset (s) | bouts missed | samples received |")
    out.append("| --- | --- | --- | --- | --- | --- | --- |")
    for loop, ss in summaries.items():
        onsets = sorted(d for s in ss for d in s["truth"]["onsetDelays"])
        missed = sum(s["truth"]["missedBouts"] for s in ss)
        bouts = sum(s["truth"]["recordedBouts"] for s in ss)
        received = sum(s.get("closedLoop", {}).get("samplesReceived", s["samples"]) for s in ss) / sum(s["samples"] for s in ss)
        onset = f"{onsets[len(onsets) // 2]:.1f} / {onsets[-1]:.1f}" if onsets else "— / —"
        out.append(f"| {loop} | {pct(share(ss, 'recordedHighAccuracyShareAfterOnset', 'recordedTimeAfterOnset'))}"
                   f" | {pct(share(ss, 'stillLowPowerShareAfterStopTimeout', 'stillTimeAfterStopTimeout'))}"
                   f" | {pct(share(ss, 'unrecordedMovingLowPowerShareAfterSwitchTimeout', 'unrecordedMovingTimeAfterSwitchTimeout'))}"
                   f" | {onset} | {missed} of {bouts} | {pct(received)} |")
        for person, s in zip(PEOPLE, ss):
            t = s["truth"]
            vehicle = t['unrecordedMovingLowPowerShareAfterSwitchTimeout'] if t['unrecordedMovingTimeAfterSwitchTimeout'] else None
            out.append(f"| {loop}, {person} | {pct(t['recordedHighAccuracyShareAfterOnset'])} | "
                       f"{pct(t['stillLowPowerShareAfterStopTimeout'])} | {pct(vehicle)}"
                       f" | {' / '.join(f'{d:.1f}' for d in t['onsetDelays'])} | {t['missedBouts']} of {t['recordedBouts']} | |")

    text = "\n".join(out) + "\n"
    print(text)
    if args.markdown:
        with open(args.markdown + ".tmp", "w") as f:
            f.write(text)
        os.replace(args.markdown + ".tmp", args.markdown)


if __name__ == "__main__":
    main()
