"""Label-granularity estimate for us-tm2017 vehicle sessions: the share of time the logged GPS speed says the
vehicle stood still (< 0.5 m/s, nearest speed row within 5 s), per user. Those seconds are labelled Car/Bus/Train
but a correct classifier reports them as stationary.

    python3 Scripts/evaluation/activity/stopped-share.py
"""
import collections, os, re, sys
import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import converted as C  # noqa: E402

totals = collections.defaultdict(lambda: [0, 0, 0])
for path in C.traces("us-tm2017"):
    m = re.match(r"us-tm2017_(.+)_(Car|Bus|Train)_(\d+)\.csv", os.path.basename(path))
    if not m:
        continue
    # The session's own clock: seconds since its start (the start in the name, in ms).
    start = int(m.group(3))
    acc = (np.round(C.read_trace(path)[0] * 1000) - start) / 1000
    logged = C.companion(path, "speeds")
    speed = [] if logged is None else [((round(t * 1000) - start) / 1000, v) for t, v, _ in C.read_rows(logged)]
    if not len(acc):
        continue
    seconds = np.unique(np.floor(np.array(acc)))
    user = m.group(1)
    totals[user][0] += len(seconds)
    if not speed:
        continue
    st = np.array(speed)
    st = st[np.argsort(st[:, 0])]
    idx = np.clip(np.searchsorted(st[:, 0], seconds + 0.5), 1, len(st) - 1)
    nearest = np.where(np.abs(st[idx - 1, 0] - seconds) < np.abs(st[idx, 0] - seconds), idx - 1, idx)
    close = np.abs(st[nearest, 0] - (seconds + 0.5)) <= 5
    totals[user][1] += int(close.sum())
    totals[user][2] += int((close & (st[nearest, 1] < 0.5)).sum())
print("user, vehicle seconds, seconds with a speed within 5 s, of which stopped (< 0.5 m/s)")
for user, (n, covered, stopped) in sorted(totals.items()):
    print(f"{user}: {n} s, {covered} s covered, {stopped} s stopped = {stopped / max(covered, 1):.1%} of covered")
