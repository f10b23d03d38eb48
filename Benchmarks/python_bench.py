"""Timings of Benchmarks/python.sh: python_bench.py CLI TRACE ROUNDS."""
import statistics
import subprocess
import sys
import time

import numpy as np

import locomotion
from locomotion import _native

cli, trace, rounds = sys.argv[1], sys.argv[2], int(sys.argv[3])


def spread(values, scale=1.0, digits=2):
    values = [v * scale for v in values]
    return f"{min(values):.{digits}f} / {statistics.median(values):.{digits}f} / {max(values):.{digits}f}"


frame = locomotion.read_trace(trace)
columns = locomotion._columns(frame, "s")
cli_times, python_times = [], []
for _ in range(rounds):
    start = time.perf_counter()
    expected = subprocess.run([cli, "label", trace], check=True, capture_output=True, text=True).stdout
    cli_times.append(time.perf_counter() - start)
    start = time.perf_counter()
    segments = locomotion.label(frame)
    python_times.append(time.perf_counter() - start)
same = _native.call("label", {"name": trace}, columns).text("table:activity") == expected
print(f"| `locomotion label day.csv` (CLI, reads the CSV) | {spread(cli_times)} s |")
print(f"| `locomotion.label(df)` (in memory, DataFrame out) | {spread(python_times)} s |")
print(f"| ratio Python / CLI (medians) | {statistics.median(python_times) / statistics.median(cli_times):.3f} |")
print(f"| same segments as the CLI | {same} ({len(segments)} segments) |")

hour = 3600 * 50
t, x, y, z = (np.ascontiguousarray(c[:hour]) for c in columns)
chunked, whole = [], []
for _ in range(rounds):
    engine = locomotion.MotionEngine(time_zone="UTC")
    start = time.perf_counter()
    for offset in range(0, hour, 50):
        engine.push(t[offset:offset + 50], x[offset:offset + 50], y[offset:offset + 50], z[offset:offset + 50])
    chunked.append((time.perf_counter() - start) / (hour / 50))
    engine = locomotion.MotionEngine(time_zone="UTC")
    start = time.perf_counter()
    engine.push(t, x, y, z)
    whole.append((time.perf_counter() - start) / (hour / 50))
overhead = [c - w for c, w in zip(chunked, whole)]
# The call path alone: pushes of zero samples (argument checks, buffer copy, the C call, the empty event list).
empty = []
for _ in range(rounds):
    engine = locomotion.MotionEngine(time_zone="UTC")
    nothing = np.empty(0)
    start = time.perf_counter()
    for _ in range(hour // 50):
        engine.push(nothing, nothing, nothing, nothing)
    empty.append((time.perf_counter() - start) / (hour / 50))
print(f"| MotionEngine.push, 1-s chunk of 50 samples (an hour of chunks) | {spread(chunked, 1e6, 1)} µs per push |")
print(f"| the engine's own work on 50 samples (the hour in one push) | {spread(whole, 1e6, 1)} µs |")
print(f"| call overhead per push (difference, paired rounds) | {spread(overhead, 1e6, 1)} µs |")
print(f"| push of an empty chunk (the Python and C call path alone) | {spread(empty, 1e6, 1)} µs |")
