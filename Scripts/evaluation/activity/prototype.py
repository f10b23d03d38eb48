"""Prototype of the window features (Python mirror of the Swift classifier's feature stage), used to study
class distributions on the tuning people. Not the product: final numbers come from `locomotion evaluate`."""
import numpy as np
import datasets as D

RATE = 20.0
WINDOW = 100   # 5 s
HOP = 20       # 1 s
MAX_GAP = 1.0


def runs(t, maxgap=MAX_GAP):
    cut = np.where(np.diff(t) > maxgap)[0] + 1
    return np.split(np.arange(len(t)), cut)


def resample(t, xyz, labels):
    grid = np.arange(t[0], t[-1] + 1e-9, 1 / RATE)
    out = np.stack([np.interp(grid, t, xyz[:, k]) for k in range(3)], 1)
    idx = np.clip(np.searchsorted(t, grid, side="right") - 1, 0, len(t) - 1)
    return grid, out, labels[idx]


def features(w):
    mag = np.linalg.norm(w, axis=1)
    x = mag - mag.mean()
    f = {}
    f["mean"] = mag.mean()
    f["std"] = x.std()
    hann = np.hanning(len(x) + 1)[:-1]
    p = np.abs(np.fft.rfft(x * hann)) ** 2
    freqs = np.fft.rfftfreq(len(x), 1 / RATE)
    p[0] = 0
    tot = p.sum() + 1e-18
    k = np.argmax(p)
    f["domf"] = freqs[k]
    f["domp"] = p[max(k - 1, 0):k + 2].sum() / tot
    q = p[1:] / tot
    f["entropy"] = -(q[q > 0] * np.log(q[q > 0])).sum() / np.log(len(q))
    f["low"] = p[(freqs >= 0.5) & (freqs < 3)].sum() / tot
    f["high"] = p[(freqs >= 3) & (freqs <= 10)].sum() / tot
    ac = np.correlate(x, x, "full")[len(x) - 1:]
    ac = ac / (ac[0] + 1e-18)
    lo, hi = int(0.25 * RATE), int(2.0 * RATE)
    seg = ac[lo:hi + 1]
    # highest local maximum
    best, lag = -1, 0
    for i in range(1, len(seg) - 1):
        if seg[i] >= seg[i - 1] and seg[i] >= seg[i + 1] and seg[i] > best:
            best, lag = seg[i], (lo + i) / RATE
    f["ac"] = best
    f["aclag"] = lag
    # gravity direction stability: angle between mean direction of first and last second
    a0 = w[:20].mean(0); a1 = w[-20:].mean(0)
    cosang = np.dot(a0, a1) / (np.linalg.norm(a0) * np.linalg.norm(a1) + 1e-12)
    f["tilt"] = np.degrees(np.arccos(np.clip(cosang, -1, 1)))
    # per-axis linear std (max over axes) vs magnitude std
    f["axstd"] = np.sqrt((w.var(0)).sum())
    return f


def windows(rec):
    for r in runs(rec.t):
        if len(r) < 2:
            continue
        grid, xyz, lab = resample(rec.t[r], rec.xyz[r], rec.labels[r])
        for s in range(0, len(grid) - WINDOW + 1, HOP):
            l = lab[s:s + WINDOW]
            vals, counts = np.unique(l, return_counts=True)
            yield grid[s + WINDOW // 2], vals[np.argmax(counts)], counts.max() / len(l), features(xyz[s:s + WINDOW])


if __name__ == "__main__":
    import sys, collections, pickle
    rows = []
    for rec in D.all_recordings():
        for t, lab, purity, f in windows(rec):
            rows.append(dict(dataset=rec.dataset, subject=rec.subject, split=rec.split, name=rec.name, t=t, label=lab, purity=purity, **f))
    pickle.dump(rows, open("/tmp/activity_windows.pkl", "wb"))
    print(len(rows))
