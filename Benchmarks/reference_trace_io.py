"""Reference: the same trace read by pandas' C CSV parser, best of N, in process CPU time."""
import sys, time, os
import numpy as np
import pandas as pd

path = sys.argv[1]
repeats = int(sys.argv[2]) if len(sys.argv) > 2 else 3
megabytes = os.path.getsize(path) / 1e6
best = float("inf")
for _ in range(repeats):
    start = time.process_time()
    frame = pd.read_csv(path, engine="c", dtype={"timestamp": np.float64, "x": np.float64, "y": np.float64, "z": np.float64})
    best = min(best, time.process_time() - start)
print(f"pandas_read_csv rows={len(frame)} seconds={best} MB_per_s={megabytes / best}")
