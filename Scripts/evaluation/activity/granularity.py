"""How much of the vehicle error is label granularity: us-tm2017 Car/Bus/Train sessions are labelled as a whole,
stops included. For every second of a vehicle session that has a GPS speed logged within 5 s, this crosses the
classifier's answer (release `locomotion label`, default configuration) with what the speed says: stopped
(< 0.5 m/s) or moving (>= 2 m/s; in between is left out).

    python3 Scripts/evaluation/activity/granularity.py [TRACES_DIR]

`stationary` while stopped is a right answer scored as an error against the session label; `stationary` while
moving is a real miss (a smooth ride). Needs the converted traces of Scripts/evaluation/activity/convert.py.
"""
import collections, glob, os, re, subprocess, sys
import numpy as np
import datasets as D

HERE = os.path.dirname(os.path.abspath(__file__))
BINARY = os.path.join(HERE, "..", "..", "..", ".build", "release", "locomotion")
traces = sys.argv[1] if len(sys.argv) > 1 else "/tmp/activity-traces"

table = collections.defaultdict(collections.Counter)
for rec in D.us_tm2017():
    user, mode, start = rec.name.split("_")
    if mode not in ("Car", "Bus", "Train"):
        continue
    speed = [] if rec.speed is None else [(t, v) for t, v, _ in rec.speed]
    converted = glob.glob(os.path.join(traces, "us-tm2017", "*", f"{user}_{mode}_{start}.csv"))
    if not speed or not converted:
        continue
    out = subprocess.run([BINARY, "label", converted[0]], capture_output=True, text=True, check=True).stdout
    segments = [(float(a), float(b), c) for a, b, c, _ in (l.split(",") for l in out.strip().split("\n")[1:])]
    st = np.array(sorted(speed))
    for begin, end, activity in segments:
        for second in np.arange(np.floor(begin), np.ceil(end)):
            middle = second + 0.5
            if not (begin <= middle < end):
                continue
            k = np.searchsorted(st[:, 0], middle)
            near = [j for j in (k - 1, k) if 0 <= j < len(st)]
            j = min(near, key=lambda j: abs(st[j, 0] - middle))
            if abs(st[j, 0] - middle) > 5:
                continue
            state = "stopped" if st[j, 1] < 0.5 else ("moving" if st[j, 1] >= 2 else None)
            if state:
                table[(user, state)][activity] += 1

print("us-tm2017 vehicle seconds with a GPS speed within 5 s: classifier answer by what the speed says")
for (user, state), counts in sorted(table.items()):
    total = sum(counts.values())
    print(f"{user:>15} {state:>8} {total:>6} s: " + ", ".join(f"{a} {n} ({n / total:.0%})" for a, n in counts.most_common()))
for state in ("stopped", "moving"):
    counts = sum((c for (u, s), c in table.items() if s == state), collections.Counter())
    total = sum(counts.values())
    print(f"{'all':>15} {state:>8} {total:>6} s: " + ", ".join(f"{a} {n} ({n / total:.0%})" for a, n in counts.most_common()))
