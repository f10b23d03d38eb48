"""The carry detector's window statistics in numpy: the same blocks, windows and tests as `CarryWindow` (Swift), for
choosing thresholds from their distributions. `evaluate.py` checks on every trace it reads that `state_changes()`
gives the decisions `locomotion carry` gives.

    import reference as R
    windows = R.windows(t, xyz)            # one row per complete window: start, end, excess (g), noise (g)
    changes = R.state_changes(t, xyz)      # [(start, state, reason, decided)], as CarryDetector emits them

Blocks are one second long from the first sample of a run (a run ends at a pause longer than `maximum_gap`); a window
is `length` + 1 consecutive blocks with samples. Test 1: the Allan variance at 1 s beyond the white noise the
sample-to-sample differences show (capped at `maximum_noise`), with an allowance of 4/sqrt(length); test 2: the Allan
variance at 2 s beyond (1/2 + 2.4/sqrt(length)) of the one at 1 s. The window's excess is the larger, in g.
"""
import numpy as np

DEFAULTS = dict(length=20, maximum_excess=0.0015, minimum_still=45.0, maximum_noise=0.016, maximum_gap=5.0,
                resume_tolerance=0.01)


def _runs(t, maximum_gap):
    """Index ranges [i, j) of the runs of `t` split at pauses longer than `maximum_gap`."""
    breaks = np.flatnonzero(np.diff(t) > maximum_gap) + 1
    edges = np.r_[0, breaks, len(t)]
    return list(zip(edges[:-1], edges[1:]))


def _blocks(t, xyz):
    """Per non-empty one-second block of one run: start, count, mean (3), squared differences, difference count."""
    index = np.floor((t - t[0]) / 1.0).astype(np.int64)
    unique, inverse, counts = np.unique(index, return_inverse=True, return_counts=True)
    sums = np.stack([np.bincount(inverse, xyz[:, k], minlength=len(unique)) for k in range(3)], 1)
    differences = np.diff(xyz, axis=0)
    squares = np.bincount(inverse[1:], (differences ** 2).sum(1), minlength=len(unique))
    difference_counts = np.bincount(inverse[1:], minlength=len(unique)).astype(float)
    return t[0] + unique * 1.0, counts, sums / counts[:, None], squares, difference_counts


def _verdicts(t, xyz, length, maximum_noise):
    """(start, end, excess2 [g²] of test 1, of test 2, noise [g]) of every complete window of one run, in order."""
    starts, counts, means, squares, differences = _blocks(t, xyz)
    rows = []
    root = np.sqrt(length)
    for newest in range(length, len(starts)):
        first = newest - length
        m = means[first:newest + 1]
        n = counts[first:newest + 1]
        change = np.diff(m, axis=0)
        allan1 = 0.5 * (change ** 2).sum(1).mean()
        inverse = (0.5 * (1 / n[1:] + 1 / n[:-1])).mean()
        used = differences[first + 1:newest + 1].sum()
        noise = squares[first + 1:newest + 1].sum() / (2 * used) if used > 0 else 0.0
        noise = min(noise, maximum_noise ** 2)
        two = (m[3:] + m[2:-1] - m[1:-2] - m[:-3]) * 0.5
        allan2 = 0.5 * (two ** 2).sum(1).mean()
        excess1 = allan1 - (1 + 4 / root) * noise * inverse
        excess2 = allan2 - (0.5 + 2.4 / root) * allan1
        rows.append((starts[first], starts[newest] + 1.0, excess1, excess2, np.sqrt(noise)))
    return rows


def windows(t, xyz, length=DEFAULTS["length"], maximum_noise=DEFAULTS["maximum_noise"],
            maximum_gap=DEFAULTS["maximum_gap"]):
    """Array (k, 4): start, end, excess (g: sqrt of the larger test excess, 0 when none), noise (g) per window."""
    out = []
    for i, j in _runs(t, maximum_gap):
        for start, end, e1, e2, noise in _verdicts(t[i:j], xyz[i:j], length, maximum_noise):
            out.append((start, end, np.sqrt(max(e1, e2, 0.0)), noise))
    return np.array(out, dtype=float).reshape(-1, 4)


def state_changes(t, xyz, length=DEFAULTS["length"], maximum_excess=DEFAULTS["maximum_excess"],
                  minimum_still=DEFAULTS["minimum_still"], maximum_noise=DEFAULTS["maximum_noise"],
                  maximum_gap=DEFAULTS["maximum_gap"], resume_tolerance=DEFAULTS["resume_tolerance"]):
    """The updates of CarryDetector over one trace (pushed and finished): [(start, state, reason, decided)], with
    `decided` the time (s) of the sample at which the detector emitted the update (a block closes at the first
    sample after it; the last block at the last sample)."""
    updates = [(t[0], "unknown", "warm-up", t[0])]
    state = "unknown"

    def report(start, new_state, reason, decided):
        nonlocal state
        start = max(start, updates[-1][0])
        updates.append((start, new_state, reason, decided))
        state = new_state

    resume = None
    runs = _runs(t, maximum_gap)
    for number, (i, j) in enumerate(runs):
        if number > 0:
            # The gap: unknown from the last sample before it; the position kept when the phone was not carried.
            if state == "not-carried":
                previous_start, _, previous_means, _, _ = _blocks(t[runs[number - 1][0]:i], xyz[runs[number - 1][0]:i])
                resume = previous_means[-1]
            else:
                resume = None
            if state != "unknown":
                report(t[i - 1], "unknown", "gap", t[i])
        starts, _, means, _, _ = _blocks(t[i:j], xyz[i:j])
        # The sample that closes each block: the first of the next block, or the run's last sample.
        first_after = np.searchsorted(t[i:j], starts + 1.0, side="left")
        closing = np.where(first_after < j - i, t[i:j][np.minimum(first_after, j - i - 1)], t[j - 1])
        verdicts = {round(v[1] - 1.0, 9): v for v in _verdicts(t[i:j], xyz[i:j], length, maximum_noise)}
        still_start = None
        for block, start in enumerate(starts):
            if block == 0 and resume is not None:
                if resume_tolerance > 0 and np.linalg.norm(means[0] - resume) <= resume_tolerance:
                    report(start, "not-carried", "resumed", closing[block])
                resume = None
            verdict = verdicts.get(round(start, 9))
            if verdict is None:
                continue
            v_start, v_end, e1, e2, _ = verdict
            if e1 <= maximum_excess ** 2 and e2 <= maximum_excess ** 2:
                still_start = v_start if still_start is None else still_start
                if state != "not-carried" and v_end - still_start >= minimum_still:
                    report(still_start, "not-carried", "noise-floor", closing[block])
            else:
                still_start = None
                if state != "carried":
                    report(v_start if state == "unknown" else start, "carried", "movement", closing[block])
    return updates
