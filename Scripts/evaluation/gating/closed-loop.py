#!/usr/bin/env python3
"""The gate end to end in the closed loop: what a collector that applies the profiles the engine emits records.

    swift build -c release --product locomotion
    python3 Scripts/evaluation/gating/closed-loop.py [--workdir DIR] [--rates 0 2 5 10] [--datasets us-tm2017 mobifall oxford]

In the open loop (`locomotion replay`, every figure of Docs/accuracy.md before this table) the engine receives
every recorded sample whatever the mode. In the closed loop (`replay --closed-loop`, Docs/gating.md -> Closed loop)
it receives what an app applying each emitted profile would have: in low power the recording thinned to the
low-power profile's accelerometer rate (`--low-power-accelerometer-rate R`, 0 = off: no samples, time passing
through `advance(to:)`), at full rate again from the first row after the switch back to high accuracy.

Recordings (classifier with shipped defaults, streaming as on a phone; on-foot policy; nothing tuned here):
- us-tm2017: the joined days of join-us-tm2017.py (per-second truth), 1.5-11 samples/s phones;
- mobifall: each MobiFall subject's standing session (300 s, trouser pocket, ~90 samples/s) followed by the
  walking session (300 s), re-timed to follow each other: one walk onset after five minutes in low power;
- oxford: the 48 Oxford step-counter walks (200-400 samples/s, 7 carry positions), labelled walking from the
  first foot-switch step: one onset each, the gate in low power from the first sample.

Prints one markdown table per recording set, one row per loop: walking recorded after the 30 s onset allowance,
still time in low power after the stop timeout, vehicle time in low power after the switch timeout, median / max
onset delay and bouts missed, switches per steady hour, and the share of recorded samples the engine received.
"""
import argparse
import glob
import json
import os
import statistics
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", "..", ".."))
sys.path.insert(0, os.path.join(HERE, ".."))
import converted as C  # noqa: E402
from evaluate import pct, pooled  # noqa: E402

RATES = [0, 1, 2, 3, 5, 8, 10]


def write_csv(path, rows):
    with open(path + ".tmp", "w") as f:
        f.write("timestamp,x,y,z,label\n")
        for t, x, y, z, label in rows:
            f.write(f"{t:.6f},{x!r},{y!r},{z!r},{label}\n")
    os.replace(path + ".tmp", path)


def us_tm2017(workdir):
    folder = os.path.join(workdir, "us-tm2017")
    if not os.path.isdir(folder):
        subprocess.run([sys.executable, os.path.join(HERE, "join-us-tm2017.py"), folder], check=True,
                       stderr=subprocess.DEVNULL)
    return sorted(glob.glob(os.path.join(folder, "*.csv")))


def mobifall(workdir):
    """Each subject's STD_1 then WAL_1, the walk re-timed to start one median interval after the standing ends."""
    folder = os.path.join(workdir, "mobifall")
    os.makedirs(folder, exist_ok=True)
    paths = []
    for standing in C.traces("mobifall-v2"):
        name = os.path.basename(standing)
        if "_STD_1" not in name:
            continue
        subject = name.split("_")[1]
        out = os.path.join(folder, f"{subject}-standing-walking.csv")
        paths.append(out)
        if os.path.exists(out):
            continue
        rows = []
        for session in (standing, standing.replace("_STD_1", "_WAL_1")):
            t, xyz, labels = C.read_trace(session)
            offset = (rows[-1][0] + statistics.median(t[1:] - t[:-1]) - t[0]) if rows else 0.0
            rows += [(ti + offset, x, y, z, label) for ti, (x, y, z), label in zip(t.tolist(), xyz.tolist(), labels)]
        write_csv(out, rows)
    return sorted(paths)


def oxford(_):
    return C.traces("oxford-step-counter")


DATASETS = {"us-tm2017": us_tm2017, "mobifall": mobifall, "oxford": oxford}


def replay(binary, trace, workdir, options, tag):
    name = os.path.splitext(os.path.basename(trace))[0]
    summary = os.path.join(workdir, "summaries", f"{name}.{tag}.json")
    if not os.path.exists(summary):
        os.makedirs(os.path.dirname(summary), exist_ok=True)
        subprocess.run([binary, "replay", trace, "--policy", "on-foot", "--summary", summary,
                        "--output", summary[:-len(".json")] + ".csv"] + options, check=True)
    with open(summary) as f:
        return json.load(f)


def row(label, summaries):
    onsets = sorted(d for s in summaries for d in s["truth"]["onsetDelays"])
    missed = sum(s["truth"]["missedBouts"] for s in summaries)
    bouts = sum(s["truth"]["recordedBouts"] for s in summaries)
    steady_hours = sum(s["truth"]["steadyTime"] for s in summaries) / 3600
    steady_switches = sum(s["truth"]["steadySwitches"] for s in summaries)
    rows = sum(s["samples"] for s in summaries)
    received = sum(s["closedLoop"]["samplesReceived"] if "closedLoop" in s else s["samples"] for s in summaries)
    ride = "—" if sum(s["truth"]["unrecordedMovingTimeAfterSwitchTimeout"] for s in summaries) == 0 else \
        pct(pooled(summaries, "unrecordedMovingLowPowerShareAfterSwitchTimeout", "unrecordedMovingTimeAfterSwitchTimeout"))
    # Less than a minute of still time after the stop timeout (MobiFall's 300 s standing) is not a share.
    still = "—" if sum(s["truth"]["stillTimeAfterStopTimeout"] for s in summaries) < 60 else \
        pct(pooled(summaries, "stillLowPowerShareAfterStopTimeout", "stillTimeAfterStopTimeout"))
    onset = f"{onsets[len(onsets) // 2]:.1f} / {onsets[-1]:.1f}" if onsets else "— / —"
    switches = f"{steady_switches / steady_hours:.2f} ({steady_switches})" if steady_hours else "—"
    return (f"| {label} | {pct(pooled(summaries, 'recordedHighAccuracyShareAfterOnset', 'recordedTimeAfterOnset'))}"
            f" | {still} | {ride} | {onset} | {missed} of {bouts} | {switches} | {pct(received / rows)} |")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--workdir", help="where traces and summaries go (default: a new temporary directory)")
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build", "release", "locomotion"))
    parser.add_argument("--rates", nargs="*", type=float, default=RATES)
    parser.add_argument("--datasets", nargs="*", default=list(DATASETS), choices=list(DATASETS))
    parser.add_argument("--options", default="", help="extra replay options for every run, e.g. '--entry-dwell 30'")
    args = parser.parse_args()
    workdir = args.workdir or tempfile.mkdtemp(prefix="closed-loop-")
    extra = args.options.split()
    loops = [("open loop", [])] + [
        (f"closed loop, low power at {rate:g} Hz" if rate else "closed loop, accelerometer off in low power",
         ["--closed-loop", "--low-power-accelerometer-rate", f"{rate:g}"]) for rate in args.rates]
    for dataset in args.datasets:
        traces = DATASETS[dataset](workdir)
        print(f"{dataset}: {len(traces)} recordings\n")
        print("| loop (on-foot, classifier) | walking recorded after 30 s onset | still in low power after stop timeout"
              " | vehicle in low power after switch timeout | median / max onset (s) | walks missed"
              " | switches / steady hour | samples received |")
        print("| --- | --- | --- | --- | --- | --- | --- | --- |")
        for label, options in loops:
            tag = "".join(c for c in "".join(options + extra) if c.isalnum() or c == ".") or "open"
            summaries = [replay(args.binary, trace, workdir, options + extra, tag) for trace in traces]
            print(row(label, summaries), flush=True)
        print()
    print(f"(traces and summaries in {workdir})", file=sys.stderr)


if __name__ == "__main__":
    main()
