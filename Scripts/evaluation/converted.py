"""The public datasets as `locomotion convert` writes them: the one parser of the native files and the one label
map (Datasets/README.md). Evaluation scripts read these canonical traces instead of parsing the raw datasets again.

    import converted as C
    for path in C.traces("mobifall-v2"):                 # converts on first use
        t, xyz, labels = C.read_trace(path)              # seconds, g (gravity included), per-sample labels

A dataset is converted once into .build/converted/<dataset>/ (or $LOCOMOTION_CONVERTED/<dataset>/) with the release
binary ($LOCOMOTION, else .build/release/locomotion); delete the folder to convert again after the adapters change.
Converted values are rounded to 1 µs and 1 µg. Beside a trace: NAME.steps.csv (true step times, Oxford) and
NAME.speeds.csv (logged GPS speeds, us-tm2017).
"""
import glob, os, subprocess
import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
PACKAGE = os.path.dirname(os.path.dirname(HERE))
DATASETS = os.environ.get("LOCOMOTION_DATASETS", os.path.join(PACKAGE, "..", "shared", "datasets"))
CACHE = os.environ.get("LOCOMOTION_CONVERTED", os.path.join(PACKAGE, ".build", "converted"))
TOOL = os.environ.get("LOCOMOTION", os.path.join(PACKAGE, ".build", "release", "locomotion"))


def folder(dataset):
    """The folder of the converted traces of `dataset` (a `--from` name), converting it on first use."""
    out = os.path.join(CACHE, dataset)
    done = os.path.join(out, ".converted")
    if not os.path.exists(done):
        source = os.path.join(DATASETS, dataset)
        if not os.path.isdir(source):
            raise SystemExit(f"{dataset} not found at {source} (set LOCOMOTION_DATASETS)")
        if not os.path.exists(TOOL):
            raise SystemExit(f"{TOOL} not built: swift build -c release --product locomotion (or set LOCOMOTION)")
        subprocess.run([TOOL, "convert", "--from", dataset, source, "--output-dir", out, "--quiet"],
                       check=True, stdout=subprocess.DEVNULL)
        open(done, "w").close()
    return out


def traces(dataset):
    """The converted traces of `dataset`, sorted by name (companions such as NAME.steps.csv left out)."""
    companions = (".steps.csv", ".speeds.csv", ".fixes.csv")
    return sorted(p for p in glob.glob(os.path.join(folder(dataset), "*.csv")) if not p.endswith(companions))


def read_trace(path):
    """(t [s], xyz [g], labels [object array of MotionActivity raw values]) of a canonical trace."""
    times, values, labels = [], [], []
    with open(path) as f:
        next(f)
        for line in f:
            p = line.rstrip("\n").split(",")
            times.append(float(p[0]))
            values.append((float(p[1]), float(p[2]), float(p[3])))
            labels.append(p[4])
    return np.array(times), np.array(values).reshape(-1, 3), np.array(labels, dtype=object)


def write_trace(path, t, xyz, labels):
    """Writes a canonical trace (the inverse of read_trace: 6 decimals) under a temporary name, renamed when
    complete; makes the folder."""
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path + ".tmp", "w") as f:
        f.write("timestamp,x,y,z,label\n")
        for ti, (x, y, z), label in zip(np.asarray(t).tolist(), np.asarray(xyz).tolist(), labels):
            f.write(f"{ti:.6f},{x:.6f},{y:.6f},{z:.6f},{label}\n")
    os.replace(path + ".tmp", path)


def read_rows(path):
    """The numeric rows of a companion CSV (header skipped; an empty field is NaN), as a 2-D array."""
    with open(path) as f:
        next(f)
        rows = [[float(v) if v else np.nan for v in line.rstrip("\n").split(",")] for line in f if line.strip()]
    return np.array(rows, dtype=float).reshape(len(rows), -1)


def companion(trace, kind):
    """The path of `trace`'s companion NAME.<kind>.csv, or None when there is none."""
    path = trace[:-len(".csv")] + f".{kind}.csv"
    return path if os.path.exists(path) else None
