"""Writes the activity datasets as Locomotion trace CSVs (timestamp,x,y,z,label; seconds, g) for
`locomotion evaluate`, one file per recording, in OUT/<dataset>/<split>/ where split is tune, test or
test-lowrate (see datasets.py for the fixed split by person).

    python3 Scripts/activity/convert.py /tmp/activity-traces
"""
import os, sys
import datasets as D


def main(out):
    for rec in D.all_recordings():
        folder = os.path.join(out, rec.dataset, rec.split)
        os.makedirs(folder, exist_ok=True)
        with open(os.path.join(folder, f"{rec.name}.csv"), "w") as f:
            f.write("timestamp,x,y,z,label\n")
            for t, (x, y, z), label in zip(rec.t, rec.xyz, rec.labels):
                f.write(f"{t:.6f},{x:.6f},{y:.6f},{z:.6f},{label}\n")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "/tmp/activity-traces")
