#!/usr/bin/env python3
"""Leave-one-user-out evaluation of `locomotion steps` on the Oxford step-counter walks, with false steps.

Reproduces the Oxford part of the `## Steps` section of Docs/accuracy.md:

    swift build -c release --product locomotion
    cp .build/release/locomotion /tmp/locomotion-eval          # a binary that no rebuild changes mid-run
    LOCOMOTION=/tmp/locomotion-eval python3 Scripts/evaluation/steps/evaluate.py [--baseline /tmp/locomotion-main] > report.md

Every dataset is parsed by `locomotion convert` (cached under .build/steps-converted, see scoring.py); this
script only reads the converted CSVs and derives the slower rates from them (cached under .build/steps-evaluation).

1. Oxford step-counter set: 48 traces, 3 users, 7 carry positions, 100–405 Hz. True step = a 0→1 transition on
   either foot switch (the adapter's NAME.steps.csv; equals the dataset's stats.csv).
   Some switches bounce; a debounced truth (transitions < 0.3 s after the previous counted one dropped) is shown
   alongside in the summary.
2. For each held-out user, a small grid over (thresholdFraction, minimumAmplitude, strideRegularity) is scored on
   the other two users' native-rate traces (mean |% error|, ties to the larger, false-step-averse values), and the
   chosen values are used on the held-out user at the native rate, at 50 Hz (block means over 20 ms, as a phone
   sensor averaging at a 50 Hz output rate delivers) and at ~20 Hz with jitter (block means over random 30–70 ms
   blocks). Every figure of the per-trace table is held out. Event-level precision/recall/F1: one-to-one matching
   of step times within ±250 ms of the foot-switch edges.
3. False steps per minute on the us-tm2017 Still/Car/Bus/Train sessions (shipped defaults and each fold's
   parameters); sessions sampled below 8 Hz are refused (exit status 1) and listed.
4. Plausibility without truth on MobiFall v2 (standing, jogging, stairs, jumps, car step-in/out).

With --baseline PATH, steps 2 and 3 also run with that binary (e.g. main's release build) in the same run, and a
comparison table closes the report: a regression shows as the two binaries' held-out figures side by side.
"""
import argparse
import itertools
import os
import random
import statistics
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import scoring as S  # noqa: E402

CACHE = os.path.join(S.ROOT, ".build", "steps-evaluation")
GRID = {
    "thresholdFraction": [0.2, 0.3, 0.4],
    "minimumAmplitude": [0.03, 0.05, 0.07],
    "strideRegularity": [1.3, 1.5, 1.8],
}
USERS = ["Jamie", "Carmelo", "Dario"]
ACTIVITIES = {"STD": "standing", "WAL": "walking", "JOG": "jogging", "JUM": "jumping", "STU": "stairs up",
              "STN": "stairs down", "SCH": "sit on chair", "CSI": "car step in", "CSO": "car step out"}


def read_rows(path):
    """(time, x, y, z) rows of a converted trace."""
    rows = []
    with open(path) as file:
        next(file)
        for line in file:
            fields = line.split(",")
            rows.append((float(fields[0]), float(fields[1]), float(fields[2]), float(fields[3])))
    return rows


def write_rows(path, rows):
    with open(path, "w") as file:
        file.write("timestamp,x,y,z\n")
        for t, x, y, z in rows:
            file.write(f"{t:.6f},{x:.6f},{y:.6f},{z:.6f}\n")


def block_means(rows, next_end):
    """Means of consecutive blocks of samples; `next_end(end)` gives each block's end time from the previous."""
    out, block = [], []
    end = next_end(rows[0][0])
    for row in rows:
        if block and row[0] >= end:
            out.append(tuple(sum(r[k] for r in block) / len(block) for k in range(4)))
            block = []
            while row[0] >= end:
                end = next_end(end)
        block.append(row)
    if block:
        out.append(tuple(sum(r[k] for r in block) / len(block) for k in range(4)))
    return out


def oxford_traces():
    """[{name, user, native, rate50, rate20, steps (times), true}] from the converted Oxford set."""
    out = []
    for recording in S.recordings("oxford"):
        name = recording["name"]
        at50 = os.path.join(CACHE, "oxford50", name + ".csv")
        at20 = os.path.join(CACHE, "oxford20", name + ".csv")
        if not (os.path.exists(at50) and os.path.exists(at20)):
            os.makedirs(os.path.dirname(at50), exist_ok=True)
            os.makedirs(os.path.dirname(at20), exist_ok=True)
            rows = read_rows(recording["path"])
            write_rows(at50, block_means(rows, lambda end: end + 0.02))
            generator = random.Random(name)  # deterministic jitter per trace
            write_rows(at20, block_means(rows, lambda end: end + generator.uniform(0.03, 0.07)))
        debounced = []
        for time in recording["steps"]:
            if not debounced or time - debounced[-1] >= 0.3:
                debounced.append(time)
        out.append(dict(recording, user=name.split("_")[2], native=recording["path"], rate50=at50, rate20=at20,
                        debounced=len(debounced)))
    return out


def sessions_of(key, modes):
    folder = S.convert(key)
    out = []
    for path in S.traces(folder):   # sessions only: not their true steps or logged speeds
        name = os.path.basename(path)[:-4]
        mode = name.split("_")[2]
        if modes is None or mode in modes:
            times = S.read_column(path)
            if len(times) > 1:
                intervals = sorted(b - a for a, b in zip(times, times[1:]) if b > a)
                out.append(dict(name=name, mode=mode, path=path, minutes=(times[-1] - times[0]) / 60,
                                rate=1 / statistics.median(intervals) if intervals else 0))
    return out


def summary(errors):
    absolute = [abs(e) for e in errors]
    return statistics.median(absolute), max(absolute), statistics.mean(errors)


def events(rows, key):
    tp = fp = fn = 0
    for r in rows:
        hits, false_pos, misses, _ = S.match(r["steps"], r[key] or [])
        tp, fp, fn = tp + hits, fp + false_pos, fn + misses
    precision, recall = tp / max(1, tp + fp), tp / max(1, tp + fn)
    return precision, recall, 2 * precision * recall / max(1e-12, precision + recall)


def evaluate(tool, traces, sessions, fixed=None):
    """Leave-one-user-out with one binary: held-out rows, folds, defaults and false steps. `fixed` parameters
    (NAME → VALUE) are passed on every run."""
    grid = [dict(fixed or {}, **dict(zip(GRID, values))) for values in itertools.product(*GRID.values())]
    runs = S.run_many([(t["native"], p) for p in grid for t in traces], tool=tool)
    table = {(i, t["name"]): runs[i * len(traces) + k] for i in range(len(grid)) for k, t in enumerate(traces)}

    folds = {}
    for held_out in USERS:
        training = [t for t in traces if t["user"] != held_out]

        def cost(i):
            return statistics.mean(abs(S.percent(len(table[(i, t["name"])]), t["true"])) for t in training)
        best = min(range(len(grid)), key=lambda i: (round(cost(i), 6), -grid[i]["minimumAmplitude"],
                                                     -grid[i]["thresholdFraction"], grid[i]["strideRegularity"]))
        folds[held_out] = dict(parameters=grid[best], training_error=cost(best))
    consensus = {key: statistics.median(float(folds[u]["parameters"][key]) for u in USERS) for key in GRID}

    at50 = S.run_many([(t["rate50"], folds[t["user"]]["parameters"]) for t in traces], tool=tool)
    at20 = S.run_many([(t["rate20"], folds[t["user"]]["parameters"]) for t in traces], tool=tool)
    rows = []
    for k, t in enumerate(traces):
        i = grid.index(folds[t["user"]]["parameters"])
        rows.append(dict(t, native_steps=table[(i, t["name"])], steps50=at50[k], steps20=at20[k]))
    defaults = S.run_many([(t["native"], fixed or {}) for t in traces], tool=tool)
    false_steps = S.run_many([(s["path"], fixed or {}) for s in sessions]
                             + [(s["path"], folds[u]["parameters"]) for u in USERS for s in sessions], tool=tool)
    return dict(rows=rows, folds=folds, consensus=consensus, defaults=defaults, false_steps=false_steps)


def held_out_figures(result):
    rows = result["rows"]
    out = {}
    for label, key in (("native rate", "native_steps"), ("50 Hz", "steps50"), ("~20 Hz jittered", "steps20")):
        errors = [S.percent(len(r[key] or []), r["true"]) for r in rows]
        med, worst, mean = summary(errors)
        out[label] = dict(median=med, worst=worst, mean=mean, true=sum(r["true"] for r in rows),
                          counted=sum(len(r[key] or []) for r in rows), f1=events(rows, key))
    # Some foot switches bounce (0→1 transitions 0.1–0.3 s apart, faster than any gait): the same counts against a
    # truth without transitions closer than 0.3 s to the previous counted one.
    errors = [S.percent(len(r["native_steps"] or []), r["debounced"]) for r in rows]
    med, worst, mean = summary(errors)
    out["native, vs debounced truth"] = dict(median=med, worst=worst, mean=mean, true=sum(r["debounced"] for r in rows),
                                             counted=sum(len(r["native_steps"] or []) for r in rows),
                                             f1=events(rows, "native_steps"))
    return out


def false_step_totals(sessions, counts):
    steps = sum(len(c) for c in counts if c is not None)
    minutes = sum(s["minutes"] for s, c in zip(sessions, counts) if c is not None)
    return steps, minutes


def report(label, tool, traces, sessions, result):
    out = []
    w = out.append
    rows, folds = result["rows"], result["folds"]
    w(f"### Oxford step counter, leave-one-user-out — {label} (`{tool}`)\n")
    w("| trace | user | true steps | counted | % error | F1 | counted @ 50 Hz | % error @ 50 Hz | "
      "counted @ ~20 Hz | % error @ ~20 Hz |")
    w("| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for r in rows:
        n, n50, n20 = (len(r[k] or []) for k in ("native_steps", "steps50", "steps20"))
        f1 = events([r], "native_steps")[2]
        w(f"| {r['name'].split('_', 1)[1]} | {r['user']} | {r['true']} | {n} | {S.percent(n, r['true']):+.1f} | "
          f"{f1:.3f} | {n50} | {S.percent(n50, r['true']):+.1f} | {n20} | {S.percent(n20, r['true']):+.1f} |")
    w("")
    w("| summary (48 held-out traces) | median abs % error | max abs % error | mean signed % error | total true | "
      "total counted | precision | recall | F1 |")
    w("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for name, f in held_out_figures(result).items():
        p, r, f1 = f["f1"]
        w(f"| {name} | {f['median']:.2f} | {f['worst']:.2f} | {f['mean']:+.2f} | {f['true']} | {f['counted']} | "
          f"{p:.3f} | {r:.3f} | {f1:.3f} |")
    for user in USERS:
        cells = []
        for key in ("native_steps", "steps50", "steps20"):
            cells.append(summary([S.percent(len(r[key] or []), r["true"]) for r in rows if r["user"] == user]))
        w(f"| held-out {user}: native / 50 Hz / ~20 Hz | " + " / ".join(f"{c[0]:.2f}" for c in cells) + " | "
          + " / ".join(f"{c[1]:.2f}" for c in cells) + " | | | | | | |")
    w("")
    w("Fold parameters (chosen on the two other users, native rate, minimum mean |% error|):\n")
    w("| held-out user | " + " | ".join(GRID) + " | training mean abs % error |")
    w("| --- | " + " | ".join("---:" for _ in GRID) + " | ---: |")
    for user in USERS:
        p = folds[user]["parameters"]
        w(f"| {user} | " + " | ".join(str(p[k]) for k in GRID) + f" | {folds[user]['training_error']:.2f} |")
    w("| median of folds | " + " | ".join(str(result["consensus"][k]) for k in GRID) + " | |")
    d = [S.percent(len(c or []), t["true"]) for c, t in zip(result["defaults"], traces)]
    med, worst, _ = summary(d)
    w(f"\nShipped defaults on all 48 traces (not held out; for reference): median {med:.2f} %, max {worst:.2f} %.\n")

    w("False steps on us-tm2017 still and vehicle sessions (defaults; per fold's parameters):\n")
    w("| mode | sessions | minutes | steps (defaults) | per min | per min, Jamie / Carmelo / Dario fold |")
    w("| --- | ---: | ---: | ---: | ---: | --- |")
    counts = result["false_steps"]
    n = len(sessions)
    for mode in ("Still", "Car", "Bus", "Train", None):
        chosen = [k for k, s in enumerate(sessions) if counts[k] is not None and (mode is None or s["mode"] == mode)]
        if not chosen:
            continue
        minutes = sum(sessions[k]["minutes"] for k in chosen)
        steps = sum(len(counts[k]) for k in chosen)
        per_fold = [sum(len(counts[n * (1 + j) + k] or []) for k in chosen) / minutes for j in range(len(USERS))]
        w(f"| {mode or '**all**'} | {len(chosen)} | {minutes:.0f} | {steps} | {steps / minutes:.3f} | "
          + " / ".join(f"{x:.3f}" for x in per_fold) + " |")
    refused = [s for k, s in enumerate(sessions) if counts[k] is None]
    w(f"\nRefused (exit status 1, median rate below 8 Hz): {len(refused)} sessions, "
      f"{sum(s['minutes'] for s in refused):.0f} min.")
    wrongly = [s["name"] for s in refused if s["rate"] >= 8]
    if wrongly:
        w("Refused although sampled at ≥ 8 Hz: " + ", ".join(wrongly) + ".")
    print("\n".join(out) + "\n")


def comparison(results, sessions):
    out = ["### Side by side (held-out figures, same run)\n",
           "| binary | native: median / worst % | 50 Hz: median / worst % | ~20 Hz: median / worst % | "
           "native vs debounced truth: median / worst % | "
           "total true → counted | F1 (native) | false steps per min (defaults) |",
           "| --- | --- | --- | --- | --- | --- | ---: | ---: |"]
    for label, result in results:
        f = held_out_figures(result)
        steps, minutes = false_step_totals(sessions, result["false_steps"][:len(sessions)])
        cells = " | ".join(f"{f[k]['median']:.2f} / {f[k]['worst']:.2f}" for k in ("native rate", "50 Hz",
                                                                                   "~20 Hz jittered",
                                                                                   "native, vs debounced truth"))
        native = f["native rate"]
        out.append(f"| {label} | {cells} | {native['true']} → {native['counted']} | {native['f1'][2]:.3f} | "
                   f"{steps / minutes:.3f} ({steps} in {minutes:.0f} min) |")
    print("\n".join(out) + "\n")


def plausibility(tool):
    """MobiFall v2 (no step truth): steps per minute per activity, shipped defaults."""
    recordings = sessions_of("mobifall", None)
    counted = S.run_many([(r["path"], {}) for r in recordings], tool=tool)
    out = ["### Plausibility on MobiFall v2 (no step truth; shipped defaults)\n",
           "| activity | files | seconds | steps | steps per min |", "| --- | ---: | ---: | ---: | ---: |"]
    for code in sorted({r["mode"] for r in recordings}):
        chosen = [(r, c) for r, c in zip(recordings, counted) if r["mode"] == code and c is not None]
        seconds = 60 * sum(r["minutes"] for r, _ in chosen)
        steps = sum(len(c) for _, c in chosen)
        if seconds > 0:
            out.append(f"| {ACTIVITIES.get(code, code)} | {len(chosen)} | {seconds:.0f} | {steps} | "
                       f"{60 * steps / seconds:.1f} |")
    print("\n".join(out) + "\n")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--baseline", help="a second locomotion binary (e.g. main's) run the same way, same run")
    parser.add_argument("--no-plausibility", action="store_true", help="skip the MobiFall v2 table")
    parser.add_argument("--parameter", action="append", default=[], metavar="NAME=VALUE",
                        help="a detector parameter passed on every run of this branch's binary (not the baseline's)")
    arguments = parser.parse_args()
    if not os.path.isdir(S.DATASETS):
        sys.exit(f"steps/evaluate.py: datasets not found at {S.DATASETS} (set LOCOMOTION_DATASETS)")
    tools = [("this branch", S.TOOL)] + ([("baseline", arguments.baseline)] if arguments.baseline else [])
    for _, tool in tools:
        if not os.path.exists(tool):
            sys.exit(f"steps/evaluate.py: {tool} not built; run: swift build -c release --product locomotion")
    traces = oxford_traces()
    sessions = sessions_of("ustm", ("Still", "Car", "Bus", "Train"))
    fixed = dict(p.split("=", 1) for p in arguments.parameter)
    results = []
    for label, tool in tools:
        result = evaluate(tool, traces, sessions, fixed if tool == S.TOOL else None)
        report(label, tool, traces, sessions, result)
        results.append((label, result))
        sys.stdout.flush()
    comparison(results, sessions)
    if not arguments.no_plausibility:
        plausibility(S.TOOL)


if __name__ == "__main__":
    main()
