#!/usr/bin/env python3
"""Writes the scipy reference vectors that LocomotionDSPTests compare against.

Usage (from the package root):  python3 Scripts/generate/butterworth-reference.py
Output: Tests/LocomotionDSPTests/Resources/dsp_reference.json (floats as repr, exact round trip).

Contents:
  designs   scipy.signal.butter(order, Wn, btype, fs=fs, output="sos") for low/high/band-pass
  filtering one deterministic test signal through three designs with sosfilt (zero state),
            sosfilt with zi = sosfilt_zi(sos) * x[0] (steady-state start), and sosfiltfilt (defaults)
  windows   scipy.signal.get_window(name, N) (periodic) for hann/hamming
Made with scipy 1.17.1 / numpy 2.4 (the versions are recorded in the file).
"""
import json
import math
import pathlib

import numpy as np
import scipy
from scipy import signal

ROOT = pathlib.Path(__file__).resolve().parent.parent.parent
OUT = ROOT / "Tests" / "LocomotionDSPTests" / "Resources" / "dsp_reference.json"


def design_cases():
    cases = []
    for fs, cutoff in [(100.0, 0.3), (50.0, 3.0), (100.0, 20.0), (100.0, 40.0), (200.0, 1.0), (32.0, 11.0)]:
        for order in range(1, 9):
            cases.append(dict(kind="lowpass", order=order, frequencies=[cutoff], fs=fs))
    for fs, cutoff in [(100.0, 0.5), (50.0, 5.0), (100.0, 35.0)]:
        for order in range(1, 7):
            cases.append(dict(kind="highpass", order=order, frequencies=[cutoff], fs=fs))
    for fs, low, high in [(100.0, 0.5, 3.0), (50.0, 1.0, 8.0), (100.0, 20.0, 30.0), (100.0, 24.0, 26.0), (200.0, 0.3, 60.0)]:
        for order in range(1, 6):
            cases.append(dict(kind="bandpass", order=order, frequencies=[low, high], fs=fs))
    for case in cases:
        wn = case["frequencies"][0] if len(case["frequencies"]) == 1 else case["frequencies"]
        sos = signal.butter(case["order"], wn, btype=case["kind"], fs=case["fs"], output="sos")
        case["sos"] = sos.tolist()
    return cases


def test_signal(count=400, fs=50.0):
    # Deterministic: a DC offset (gravity-like), two tones and a reproducible pseudo-random part.
    t = np.arange(count) / fs
    rng = np.random.default_rng(20261122)
    return 1.0 + 0.4 * np.sin(2 * math.pi * 1.8 * t) + 0.2 * np.sin(2 * math.pi * 7.3 * t + 0.4) \
        + 0.05 * rng.standard_normal(count)


def filtering_cases(x):
    cases = []
    for kind, order, wn, fs in [("lowpass", 4, 3.0, 50.0), ("highpass", 3, 0.5, 50.0), ("bandpass", 2, [0.5, 3.0], 50.0)]:
        sos = signal.butter(order, wn, btype=kind, fs=fs, output="sos")
        zi = signal.sosfilt_zi(sos)
        cases.append(dict(
            kind=kind, order=order, frequencies=wn if isinstance(wn, list) else [wn], fs=fs,
            sos=sos.tolist(),
            sosfilt=signal.sosfilt(sos, x).tolist(),
            sosfilt_steady=signal.sosfilt(sos, x, zi=zi * x[0])[0].tolist(),
            sosfiltfilt=signal.sosfiltfilt(sos, x).tolist(),
        ))
    return cases


def main():
    x = test_signal()
    data = dict(
        generator="Scripts/generate/butterworth-reference.py",
        scipy=scipy.__version__,
        numpy=np.__version__,
        designs=design_cases(),
        signal=x.tolist(),
        filtering=filtering_cases(x),
        windows=[dict(name=name, count=n, values=signal.get_window(name, n).tolist())
                 for name in ["hann", "hamming"] for n in [1, 2, 7, 8, 64]],
    )
    OUT.write_text(json.dumps(data, indent=0) + "\n")
    print(f"wrote {OUT} ({OUT.stat().st_size} bytes, {len(data['designs'])} designs)")


if __name__ == "__main__":
    main()
