#!/usr/bin/env python3
"""numpy/scipy counterparts of the DSP figures printed by `locomotion-figures`.

Prints one figure per line, `name<TAB>value<TAB>unit<TAB>note`, like the Swift executable, so that
Benchmarks/run.sh can put them side by side. Each figure is the fastest of many runs (the machine
is shared). Run with OPENBLAS_CORETYPE / OPENBLAS_L2_SIZE unset (run.sh does this).
"""
import sys
import time

import numpy as np
import scipy
from scipy import signal


def fastest(function, rounds):
    function()
    best = float("inf")
    for _ in range(rounds):
        start = time.perf_counter_ns()
        function()
        best = min(best, time.perf_counter_ns() - start)
    return best


def report(name, value, unit, note=""):
    print(f"{name}\t{value:.3f}\t{unit}\t{note}")


def sos_figures():
    # 65 536 samples per call: long enough that the per-call overhead (≈10 µs) is < 0.2 ns/sample,
    # short enough (≈1 ms) for many undisturbed rounds on a shared machine.
    count = 1 << 16
    x = np.random.default_rng(12345).random(count) - 0.5
    for order in (2, 4, 8):
        sos = signal.butter(order, 3, fs=50, output="sos")
        ns = fastest(lambda: signal.sosfilt(sos, x), rounds=300)
        report(f"scipy_sosfilt_order{order}", ns / count, "ns/sample",
               f"scipy.signal.sosfilt, {len(sos)} section(s), {count} samples per call")


def fft_figures():
    size = 256
    x = (np.arange(size) * 37 % 101) / 101 - 0.5
    single = fastest(lambda: np.fft.rfft(x), rounds=3000)
    report("numpy_rfft256_single", single, "ns/transform", "numpy.fft.rfft of one 256-point array per call")
    single_power = fastest(lambda: np.abs(np.fft.rfft(x)) ** 2, rounds=3000)
    report("numpy_rfft256_power_single", single_power, "ns/transform", "|rfft|² of one array per call")
    batch = 1024
    xs = np.tile(x, (batch, 1))
    batched = fastest(lambda: np.fft.rfft(xs, axis=-1), rounds=200)
    report("numpy_rfft256_batched", batched / batch, "ns/transform", f"numpy.fft.rfft of a ({batch}, 256) array")
    def batched_power_once():
        spectrum = np.fft.rfft(xs, axis=-1)
        return spectrum.real ** 2 + spectrum.imag ** 2
    batched_power = fastest(batched_power_once, rounds=200)
    report("numpy_rfft256_power_batched", batched_power / batch, "ns/transform", "|rfft|² of a (1024, 256) array")


def main():
    groups = {"sos": sos_figures, "fft": fft_figures}
    for name in (sys.argv[1:] or ["sos", "fft"]):
        groups[name]()
    print(f"# numpy {np.__version__}, scipy {scipy.__version__}", file=sys.stderr)


if __name__ == "__main__":
    main()
