#!/usr/bin/env python3
"""Join us-tm2017 recording sessions end to end into labelled trace CSVs.

Each us-tm2017 file is one session with one label (in the file name). A day
is several activities in a row, so for replaying the gate we join sessions of
one user end to end: still -> walking -> car -> walking -> still. The joined
trace keeps each session's own accelerometer rows as `locomotion convert`
writes them (g, gravity included; Scripts/evaluation/converted.py) and re-times them so
that each session starts one median sample interval after the previous one
ends, from the epoch time in the first file's name.

Output: one CSV per sequence, `timestamp,x,y,z,label` with labels
stationary / walking / automotive (Car, Bus and Train are all vehicles).
Nothing is committed: the traces are written to the directory given.

Truth (`--truth`): `seconds` (default) is the per-second truth of the
activity evaluation (Scripts/evaluation/activity/datasets.py, stop_aware_labels): a
vehicle's logged stop of a minute or more, and a walk's pedometer silence of
three minutes or more, are labelled `unknown` (not scored); `coarse` keeps
every session's label on all its samples.

    python3 Scripts/evaluation/gating/join-us-tm2017.py OUTDIR [--truth seconds|coarse]

Rows that cannot be parsed, and accelerometer rows whose time does not
increase, are dropped by the conversion (upstream deletes malformed files).
"""
import argparse
import os
import statistics
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "activity"))
import converted as C  # noqa: E402
import datasets as D  # noqa: E402

# Sequences: name -> session files (user, class, start ms). Chosen so that
# every session is used at most once per sequence and each sequence is one
# user's. Input rates (samples over duration): Damiano 6-11/s; andrea 1.5-3.6/s; Elena 1.8-4.5/s;
# andreacasalena 4.6-6.4/s.
SEQUENCES = {
    "damiano-1": ["Damiano_Still_1484428722594", "Damiano_Walking_1477077049387", "Damiano_Car_1484134514872",
                  "Damiano_Walking_1484393350049", "Damiano_Still_1484659419340"],
    "damiano-2": ["Damiano_Still_1484680971878", "Damiano_Walking_1485093716801", "Damiano_Car_1485093212618",
                  "Damiano_Walking_1485093844769", "Damiano_Still_1484429434000"],
    "damiano-3": ["Damiano_Still_1484693356845", "Damiano_Walking_1484390802366", "Damiano_Car_1485092954647",
                  "Damiano_Walking_1485094081562", "Damiano_Still_1484694991000"],
    "andrea-1": ["andrea_Still_1480332032170", "andrea_Walking_1480508645016", "andrea_Bus_1480485018989",
                 "andrea_Walking_1480512323378", "andrea_Still_1481122978371"],
    "andrea-2": ["andrea_Still_1481226847221", "andrea_Walking_1481128485906", "andrea_Car_1481467198310",
                 "andrea_Walking_1481131747911", "andrea_Still_1481409604878"],
    "andrea-3": ["andrea_Still_1481751516764", "andrea_Walking_1481132635437", "andrea_Train_1480487624821",
                 "andrea_Walking_1481223778668", "andrea_Bus_1480525822516", "andrea_Walking_1481239819321"],
    "andrea-4": ["andrea_Walking_1481902910218", "andrea_Car_1480847595197", "andrea_Walking_1481913661353",
                 "andrea_Car_1481477514890", "andrea_Walking_1482005121341"],
    "elena-1": ["Elena_Walking_1480699817447", "Elena_Train_1480698600960", "Elena_Walking_1480700837189"],
    "andreacasalena-1": ["andreacasalena_Still_1494702992016", "andreacasalena_Car_1494720458830"],
}


def read_session(name, truth="seconds"):
    """The converted session `name` (user_Mode_start): rows (t_s since the session's start, x, y, z [g], label),
    labelled with the per-second truth (`seconds`) or the session label (`coarse`)."""
    t, xyz, labels = C.read_trace(os.path.join(C.folder("us-tm2017"), f"us-tm2017_{name}.csv"))
    if truth == "seconds":
        seconds = D.stop_aware_labels(D.us_tm2017_session(name))
        if seconds is not None:
            labels = seconds
    milliseconds = [round(v * 1000) - int(name.rsplit("_", 1)[1]) for v in t]
    return [(ms / 1000, x, y, z, label) for ms, (x, y, z), label in zip(milliseconds, xyz.tolist(), labels)]


def join(names, truth="seconds"):
    first_start_ms = int(names[0].rsplit("_", 1)[1])
    clock = first_start_ms / 1000
    out = []
    for name in names:
        rows = read_session(name, truth)
        if len(rows) < 2:
            raise SystemExit(f"{name}: too few accelerometer rows")
        step = statistics.median(b[0] - a[0] for a, b in zip(rows, rows[1:]))
        offset = clock - rows[0][0]
        for t, x, y, z, label in rows:
            out.append((t + offset, x, y, z, label))
        clock = out[-1][0] + step
        print(f"  {name}: {rows[0][4]} {rows[-1][0] - rows[0][0]:.0f} s, {len(rows)} rows", file=sys.stderr)
    return out


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("outdir")
    parser.add_argument("--only", nargs="*", help="sequence names to build (default: all)")
    parser.add_argument("--truth", choices=["seconds", "coarse"], default="seconds",
                        help="per-second truth (default) or every session's label on all its samples")
    args = parser.parse_args()
    os.makedirs(args.outdir, exist_ok=True)
    for name, files in SEQUENCES.items():
        if args.only and name not in args.only:
            continue
        print(name, file=sys.stderr)
        rows = join(files, args.truth)
        with open(os.path.join(args.outdir, f"{name}.csv"), "w") as f:
            f.write("timestamp,x,y,z,label\n")
            for t, x, y, z, label in rows:
                f.write(f"{t:.3f},{x!r},{y!r},{z!r},{label}\n")


if __name__ == "__main__":
    main()
