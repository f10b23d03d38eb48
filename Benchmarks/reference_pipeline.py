#!/usr/bin/env python3
"""The `locomotion label` pipeline written the way a researcher would with pandas, numpy and scipy.

Usage:  python3 Benchmarks/reference_pipeline.py TRACE.csv [OUTPUT.csv]
Prints `reference_label_seconds<TAB>S` (CPU time of the whole pipeline, reading included) and
`reference_label_windows<TAB>N` on stdout; writes start,end,activity,confidence segments to OUTPUT (or /dev/null).

It mirrors Sources/Locomotion/Activity/ with the default ActivityClassifier.Configuration:
  * read_csv (C engine) of timestamp,x,y,z[,label];
  * split into runs at gaps > maximumGap (1 s) and resample each run linearly to 20 Hz (np.interp),
    as LocomotionDSP.Resampler does;
  * 5 s windows (100 samples) every 1 s (20 samples) of the magnitude and of the three axes
    (sliding_window_view, no copies);
  * per window, as LocomotionDSP.FeatureExtractor: mean, deviation, min/max, zero crossings, Hann-tapered
    power spectrum (rfft), dominant frequency and power, spectral entropy, two band powers
    (0.5-3 Hz, 3-8 Hz), autocorrelation through a zero-padded rfft/irfft and its best local peak in
    0.25-2 s with parabolic interpolation; tilt between the mean vectors of the first and last second;
  * the rule table of ActivityRules.decide, vectorised with numpy boolean masks;
  * a smoothing pass (minimum durations per activity) and segment output.

Where it differs from Locomotion (same amount of work, maybe different labels at the edges):
  * no location fixes (label has none), so the speed rules never fire, as in `locomotion label`;
  * the "weak gait" rule's condition "reported activity is not automotive" depends on the smoother's
    state, which a vectorised rule table cannot see: it is evaluated on the previous window's raw decision;
  * ActivitySmoother (hysteresis with confidence counts, interruption tolerance) is approximated by
    run-length encoding the window decisions and merging runs shorter than the activity's minimum
    duration into the previous segment; it works on ~10^3 runs a day, a negligible share of the time.
"""
import sys
import time

import numpy as np
import pandas as pd
from numpy.lib.stride_tricks import sliding_window_view
from scipy import fft as sfft
from scipy.signal import get_window

RATE = 20.0          # sampleRate
WINDOW = 100         # windowDuration 5 s * 20 Hz
HOP = 20             # hopDuration 1 s * 20 Hz
MAX_GAP = 1.0        # maximumGap
BANDS = [(0.5, 3.0), (3.0, 8.0)]
PERIOD = (0.25, 2.0)
STATIONARY_MAX_DEV = 0.016
GAIT_MIN_DEV = 0.09
GAIT_MIN_PERIODICITY = 0.25
CADENCE = (1.2, 3.4)
STRIDE_TO_STEP = 1.1
RUNNING_MIN_DEV = 0.45
RUNNING_MIN_CADENCE = 2.0
WEAK_GAIT_MIN_DEV = 0.25
VEHICLE_MAX_DEV = 0.3
HANDLING_MIN_TILT = 30.0
MIN_DURATION = {"stationary": 4, "walking": 3, "running": 3, "cycling": 10, "automotive": 15, "unknown": 10}
ACTIVITIES = np.array(["stationary", "walking", "running", "cycling", "automotive", "unknown"])
CONFIDENCES = np.array(["low", "medium", "high"])


def resample(frame):
    """Linear resampling to RATE per gap-free run; returns [(grid_times, xyz (n, 3))]."""
    t = frame["timestamp"].to_numpy()
    xyz = frame[["x", "y", "z"]].to_numpy()
    good = np.isfinite(t) & np.isfinite(xyz).all(axis=1)
    t, xyz = t[good], xyz[good]
    breaks = np.flatnonzero((np.diff(t) > MAX_GAP) | (np.diff(t) <= 0)) + 1
    runs = []
    for start, end in zip(np.r_[0, breaks], np.r_[breaks, len(t)]):
        rt = t[start:end]
        grid = rt[0] + np.arange(int(np.floor((rt[-1] - rt[0]) * RATE)) + 1) / RATE
        resampled = np.column_stack([np.interp(grid, rt, xyz[start:end, axis]) for axis in range(3)])
        runs.append((grid, resampled))
    return runs


def features(grid, xyz, taper, taper_power):
    """Feature table (dict of arrays, one entry per window) of one run."""
    magnitude = np.sqrt((xyz * xyz).sum(axis=1))
    windows = sliding_window_view(magnitude, WINDOW)[::HOP]               # (w, 100) view
    n = WINDOW
    mean = windows.mean(axis=1)
    centered = windows - mean[:, None]
    variance = (centered * centered).mean(axis=1)
    minimum, maximum = windows.min(axis=1), windows.max(axis=1)
    rms = np.sqrt((windows * windows).mean(axis=1))
    crossings = (np.signbit(centered[:, 1:]) != np.signbit(centered[:, :-1])).sum(axis=1)

    power = np.abs(sfft.rfft(centered * taper, axis=1)) ** 2
    scale = np.full(power.shape[1], 2.0 / (n * taper_power))
    scale[0] /= 2
    if n % 2 == 0:
        scale[-1] /= 2
    power *= scale
    bins = power.shape[1]
    energy = power[:, 1:].sum(axis=1)
    peak_bin = power[:, 1:].argmax(axis=1) + 1
    rows = np.arange(len(power))
    padded_power = np.pad(power, ((0, 0), (0, 1)))                       # so peak_bin + 1 is always valid
    peak = power[rows, peak_bin] + np.where(peak_bin > 1, power[rows, peak_bin - 1], 0) + padded_power[rows, peak_bin + 1]
    with np.errstate(divide="ignore", invalid="ignore"):
        share = power[:, 1:] / energy[:, None]
        entropy = -np.where(share > 0, share * np.log(np.where(share > 0, share, 1)), 0).sum(axis=1) / np.log(bins - 1)
        dominant_power = np.minimum(peak / energy, 1)
    nonzero = energy > 0
    bin_width = RATE / n
    dominant_frequency = np.where(nonzero, peak_bin * bin_width, 0)
    entropy = np.where(nonzero, np.clip(entropy, 0, 1), 0)
    dominant_power = np.where(nonzero, dominant_power, 0)
    frequencies = np.arange(bins) * bin_width
    band_powers = [power[:, (frequencies >= lo) & (frequencies < hi) & (np.arange(bins) > 0)].sum(axis=1)
                   for lo, hi in BANDS]

    spectrum = sfft.rfft(centered, n=2 * n, axis=1)
    correlation = sfft.irfft(spectrum.real ** 2 + spectrum.imag ** 2, n=2 * n, axis=1)
    lowest = max(1, int(np.ceil(PERIOD[0] * RATE)))
    highest = min(n - 2, int(np.floor(PERIOD[1] * RATE)))
    at = correlation[:, lowest:highest + 1]
    before = correlation[:, lowest - 1:highest]
    after = correlation[:, lowest + 1:highest + 2]
    is_peak = (at >= before) & (at > after)
    best = np.where(is_peak, at, -np.inf).argmax(axis=1)
    found = is_peak.any(axis=1) & (correlation[:, 0] > 0) & (variance > 0)
    b, a_, c = before[rows, best], at[rows, best], after[rows, best]
    curvature = b - 2 * a_ + c
    with np.errstate(divide="ignore", invalid="ignore"):
        offset = np.where(curvature < 0, np.clip(0.5 * (b - c) / curvature, -0.5, 0.5), 0)
        periodicity = np.where(found, a_ / correlation[:, 0], -1)
    period = np.where(found, (best + lowest + offset) / RATE, 0)

    edge = int(RATE)
    starts = np.arange(len(windows)) * HOP
    cumulative = np.vstack([np.zeros(3), np.cumsum(xyz, axis=0)])
    first = cumulative[starts + edge] - cumulative[starts]
    last = cumulative[starts + n] - cumulative[starts + n - edge]
    denominator = np.linalg.norm(first, axis=1) * np.linalg.norm(last, axis=1)
    with np.errstate(divide="ignore", invalid="ignore"):
        cosine = np.where(denominator > 0, np.clip((first * last).sum(axis=1) / denominator, -1, 1), 1)
    tilt = np.degrees(np.arccos(cosine))
    step_frequency = np.where(dominant_frequency >= STRIDE_TO_STEP, dominant_frequency, 2 * dominant_frequency)
    return dict(start=grid[starts], end=grid[starts + n - 1], mean=mean, deviation=np.sqrt(variance),
                minimum=minimum, maximum=maximum, rms=rms, crossings=crossings,
                dominant_frequency=dominant_frequency, dominant_power=dominant_power, entropy=entropy,
                low_band=band_powers[0], high_band=band_powers[1], periodicity=periodicity, period=period,
                tilt=tilt, step_frequency=step_frequency)


def decide(f):
    """ActivityRules.decide without speed, vectorised: activity index and confidence index per window."""
    dev, periodicity, cadence = f["deviation"], f["periodicity"], f["step_frequency"]
    in_cadence = (cadence >= CADENCE[0]) & (cadence <= CADENCE[1])
    still = dev < STATIONARY_MAX_DEV
    gait = ~still & (periodicity >= GAIT_MIN_PERIODICITY) & (dev >= GAIT_MIN_DEV) & in_cadence
    running = gait & (dev >= RUNNING_MIN_DEV) & (cadence >= RUNNING_MIN_CADENCE)
    weak = ~still & ~gait & (dev >= WEAK_GAIT_MIN_DEV) & in_cadence
    handling = ~still & ~gait & ~weak & (f["tilt"] >= HANDLING_MIN_TILT)
    vibration = ~still & ~gait & ~weak & ~handling & (dev < VEHICLE_MAX_DEV)
    activity = np.select([still, running, gait, weak, handling, vibration], [0, 2, 1, 1, 5, 4], default=5)
    # "not while the reported activity is automotive": the previous window's raw decision stands in.
    previous = np.r_[5, activity[:-1]]
    activity = np.where(weak & (previous == 4), np.where(dev < VEHICLE_MAX_DEV, 4, 5), activity)
    gait_confidence = np.where(periodicity >= 0.5, 2, np.where(periodicity >= 0.35, 1, 0))
    confidence = np.select([still, gait, vibration], [np.where(dev < STATIONARY_MAX_DEV / 2, 2, 1), gait_confidence,
                                                      np.where(dev >= 2 * STATIONARY_MAX_DEV, 1, 0)], default=0)
    return activity, confidence


def segments(start, end, activity, confidence):
    """Run-length segments; runs shorter than their activity's minimum duration merge into the previous one."""
    change = np.flatnonzero(np.diff(activity)) + 1
    run_starts, run_ends = np.r_[0, change], np.r_[change, len(activity)]
    out = []
    for s, e in zip(run_starts, run_ends):
        name = ACTIVITIES[activity[s]]
        if out and (e - s < MIN_DURATION[name] or out[-1][2] == name):
            out[-1][1] = end[e - 1]
            continue
        out.append([start[s], end[e - 1], name, CONFIDENCES[np.bincount(confidence[s:e]).argmax()]])
    return out


def main():
    path = sys.argv[1]
    output = sys.argv[2] if len(sys.argv) > 2 else "/dev/null"
    began = time.process_time()
    frame = pd.read_csv(path, engine="c", usecols=["timestamp", "x", "y", "z"],
                        dtype={"timestamp": np.float64, "x": np.float64, "y": np.float64, "z": np.float64})
    taper = get_window("hann", WINDOW, fftbins=True)  # periodic Hann, as WindowFunction.hann
    taper_power = (taper * taper).sum()
    rows, windows = [], 0
    for grid, xyz in resample(frame):
        if len(grid) < WINDOW:
            continue
        f = features(grid, xyz, taper, taper_power)
        activity, confidence = decide(f)
        windows += len(activity)
        rows += segments(f["start"], f["end"], activity, confidence)
    with open(output, "w") as sink:
        sink.write("start,end,activity,confidence\n")
        sink.writelines(f"{s},{e},{a},{c}\n" for s, e, a, c in rows)
    elapsed = time.process_time() - began
    print(f"reference_label_seconds\t{elapsed:.3f}")
    print(f"reference_label_windows\t{windows}")
    print(f"reference_label_segments\t{len(rows)}")


if __name__ == "__main__":
    main()
