"""Input-rate robustness: real recordings thinned to the sampling of slower phones, scored with the shipped
defaults (no choice is made here, so these are not leave-one-person-out figures).

    python3 Scripts/evaluation/activity/rates.py [--traces DIR] [--binary PATH] [--model temporal|rules]

Each recording keeps, for every tick of a jittered clock at R samples/s (each tick moved by up to ±30 % of the
interval, fixed seed), the first sample at or after the tick: the irregular point sampling of a phone's sensor
queue, without any filtering. Rates R: 2, 3, 5, 8, 14 samples/s and the native rate. Recordings: Oxford walks
(3 people, 7 carry positions), MobiFall (walking, stairs, jogging, standing), GeoTecINIT, and the us-tm2017
sessions of the people recorded at >= 8 samples/s (Damiano: still, walking, car), whose vehicle and still time
shows what a slower phone makes of them. The thinned traces go to TRACES/rates/<R>/ (written on first use).
"""
import argparse, glob, json, os, subprocess, sys
import numpy as np
import datasets as D
import louo

HERE = os.path.dirname(os.path.abspath(__file__))
RATES = [2, 3, 5, 8, 14, None]


def thin(rec, rate, seed):
    if rate is None:
        return rec.t, rec.xyz, rec.labels
    rng = np.random.default_rng(seed)
    ticks = np.arange(rec.t[0], rec.t[-1], 1 / rate)
    ticks = ticks + rng.uniform(-0.3, 0.3, len(ticks)) / rate
    index = np.unique(np.searchsorted(rec.t, ticks[(ticks >= rec.t[0]) & (ticks <= rec.t[-1])]))
    index = index[index < len(rec.t)]
    return rec.t[index], rec.xyz[index], rec.labels[index]


def recordings():
    yield from D.oxford()
    for rec in D.mobifall():
        if rec.name.split("_")[0] in ("WAL", "STD", "JOG", "STU", "STN"):
            yield rec
    yield from D.geotec()
    for rec in D.us_tm2017():
        if rec.subject == "Damiano":
            yield rec


def write(folder):
    for n, rec in enumerate(recordings()):
        for rate in RATES:
            t, xyz, labels = thin(rec, rate, seed=n)
            if len(t) < 10:
                continue
            path = os.path.join(folder, str(rate or "native"), rec.dataset, f"{rec.name}.csv")
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path + ".tmp", "w") as f:
                f.write("timestamp,x,y,z,label\n")
                for ti, (x, y, z), label in zip(t, xyz, labels):
                    f.write(f"{ti:.6f},{x:.6f},{y:.6f},{z:.6f},{label}\n")
            os.replace(path + ".tmp", path)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--traces", default="/tmp/activity-traces")
    parser.add_argument("--binary", default=os.path.join(louo.ROOT, ".build", "release", "locomotion"))
    parser.add_argument("--model", default="temporal")
    args = parser.parse_args()
    folder = os.path.join(args.traces, "rates")
    if not os.path.isdir(folder):
        write(folder)
    print(f"| input rate | Oxford walking recall (positions: hand / pocket / bag etc.) | MobiFall walking / stationary / running recall | GeoTecINIT walking recall | Damiano (us-tm2017) stationary / walking / automotive recall |")
    print("| --- | --- | --- | --- | --- |")
    for rate in RATES:
        cells = []
        for dataset, classes in (("oxford-step-counter", ["walking"]), ("mobifall-v2", ["walking", "stationary", "running"]),
                                 ("geotecinit-sp-har", ["walking"]), ("us-tm2017", ["stationary", "walking", "automotive"])):
            paths = sorted(glob.glob(os.path.join(folder, str(rate or "native"), dataset, "*.csv")))
            out = subprocess.run([args.binary, "evaluate", "--format", "json", "--model", args.model] + paths,
                                 capture_output=True, text=True).stdout.splitlines()[-1]
            total = json.loads(out)
            cells.append(" / ".join(f"{total['classes'][c]['recall']:.3f}" if total['classes'].get(c, {}).get('support') else "—" for c in classes))
        print(f"| {rate or 'native'} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
