"""Writes the activity datasets as Locomotion trace CSVs (timestamp,x,y,z,label; seconds, g) for
`locomotion evaluate`, one file per recording, in OUT/<dataset>/<split>/ where split is tune, test or
test-lowrate (see datasets.py for the fixed split by person). For us-tm2017 also:

- OUT/us-tm2017-seconds/<split>/NAME.csv: the sessions whose per-second truth differs from the session label
  (datasets.stop_aware_labels): vehicle sessions with a logged stop of a minute or more, walking sessions with a
  pedometer silence of three minutes or more — those stretches `unknown`, not scored;
- OUT/us-tm2017-fixes/NAME.fixes.csv: the logged GPS speeds as location fixes
  (timestamp,latitude,longitude,horizontal_accuracy,speed). us-tm2017 logs no positions: latitude and longitude
  are written as 0, which the classifier does not use (it takes only the speed).

    python3 Scripts/evaluation/activity/convert.py /tmp/activity-traces
"""
import os, sys
import datasets as D


def write(path, rec, labels):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path + ".tmp", "w") as f:
        f.write("timestamp,x,y,z,label\n")
        for t, (x, y, z), label in zip(rec.t, rec.xyz, labels):
            f.write(f"{t:.6f},{x:.6f},{y:.6f},{z:.6f},{label}\n")
    os.replace(path + ".tmp", path)


def main(out):
    for rec in D.all_recordings():
        write(os.path.join(out, rec.dataset, rec.split, f"{rec.name}.csv"), rec, rec.labels)
        stops = D.stop_aware_labels(rec)
        if stops is not None:
            write(os.path.join(out, rec.dataset + "-seconds", rec.split, f"{rec.name}.csv"), rec, stops)
        if rec.speed is not None and len(rec.speed):
            path = os.path.join(out, rec.dataset + "-fixes", f"{rec.name}.fixes.csv")
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path + ".tmp", "w") as f:
                f.write("timestamp,latitude,longitude,horizontal_accuracy,speed\n")
                for t, v, accuracy in rec.speed:
                    f.write(f"{t:.3f},0,0,{accuracy:g},{v:g}\n")
            os.replace(path + ".tmp", path)


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "/tmp/activity-traces")
