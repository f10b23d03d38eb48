"""Should the recording gate use carried / not carried? What it would save and what it would risk, measured on the
joined us-tm2017 days (Scripts/gating/join_us_tm2017.py: still -> walking -> vehicle -> walking -> still, real
sessions of one user each) replayed as a phone would (`locomotion replay`, classifier, lagged, on-foot and
any-movement policies).

    python3 Scripts/evaluation/carry/gate.py [--binary PATH] [--workdir DIR]

The gate leaves high accuracy once the person has been still for the stop timeout (300 s). A carry-aware gate
could leave it as soon as the phone is known to be put down (CarryDetector's live decision, 45 s after it was set
down) and could stay in low power while it stays put. For each day:
- high-accuracy time while the phone was not carried (live: the state the detector had reported by then): what a
  carry-aware gate saves, at most;
- the same while the truth was walking, running or a vehicle: recording it would lose (the risk);
- the put-downs: stretches reported not carried that follow high accuracy, and how long after the detector knew it
  the gate switched to low power.
"""
import argparse, contextlib, csv, os, subprocess, sys, tempfile

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))
sys.path.insert(0, os.path.join(HERE, "..", "activity"))
sys.path.insert(0, HERE)
import importlib.util  # noqa: E402
import converted as C  # noqa: E402
import reference as R  # noqa: E402

# The joiner's file name has a hyphen (Scripts/README.md's naming): loaded by path.
_spec = importlib.util.spec_from_file_location("join_us_tm2017", os.path.join(HERE, "..", "gating", "join-us-tm2017.py"))
J = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(J)


def modes(binary, trace, policy, workdir):
    out = os.path.join(workdir, os.path.basename(trace) + f".{policy}.modes.csv")
    subprocess.run([binary, "replay", trace, "--policy", policy, "--output", out], check=True,
                   stderr=subprocess.DEVNULL)
    with open(out) as f:
        return [(float(r["start"]), float(r["end"]), r["mode"]) for r in csv.DictReader(f)]


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", default=C.TOOL)
    parser.add_argument("--workdir")
    args = parser.parse_args()
    workdir = args.workdir or tempfile.mkdtemp(prefix="carry-gate-")
    os.makedirs(workdir, exist_ok=True)
    print("| day | policy | hours | high accuracy h | of it not carried (live) h | of that moving (truth) h | "
          "put-downs | gate's switch after the carry decision, median / max s |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    totals = {}
    for name, sessions in J.SEQUENCES.items():
        with contextlib.redirect_stdout(sys.stderr):
            rows = J.join(sessions)
        trace = os.path.join(workdir, f"{name}.csv")
        with open(trace, "w") as f:
            f.write("timestamp,x,y,z,label\n")
            for t, x, y, z, label in rows:
                f.write(f"{t:.6f},{x:.6f},{y:.6f},{z:.6f},{label}\n")
        t, xyz, labels = C.read_trace(trace)
        w = np.minimum(np.r_[np.diff(t), 0.0], 1.0)
        changes = R.state_changes(t, xyz)
        live = np.full(len(t), "unknown", dtype=object)
        for _, state, _, decided in changes:
            live[t >= decided] = state
        moving = np.isin(labels, ["walking", "running", "cycling", "automotive"])
        for policy in ["on-foot", "any-movement"]:
            segments = modes(args.binary, trace, policy, workdir)
            high = np.zeros(len(t), bool)
            for start, end, mode in segments:
                if mode == "high-accuracy":
                    high[(t >= start) & (t < end)] = True
            saved = w[high & (live == "not-carried")].sum()
            risked = w[high & (live == "not-carried") & moving].sum()
            # Put-downs: each not-carried decision (noise floor) taken while the gate was in high accuracy.
            delays = []
            for start, state, reason, decided in changes:
                if state != "not-carried":
                    continue
                index = np.searchsorted(t, decided)
                if index < len(t) and high[index]:
                    later = np.flatnonzero(~high[index:])
                    delays.append(t[index + later[0]] - decided if len(later) else t[-1] - decided)
            hours = w.sum() / 3600
            total = totals.setdefault(policy, [0, 0, 0, 0, 0, []])
            for k, v in enumerate([hours, w[high].sum() / 3600, saved / 3600, risked / 3600, len(delays)]):
                total[k] += v
            total[5] += delays
            spread = f"{np.median(delays):.0f} / {max(delays):.0f}" if delays else "—"
            print(f"| {name} | {policy} | {hours:.2f} | {w[high].sum() / 3600:.2f} | {saved / 3600:.3f} | "
                  f"{risked / 3600:.3f} | {len(delays)} | {spread} |")
    for policy, (hours, high, saved, risked, count, delays) in totals.items():
        spread = f"{np.median(delays):.0f} / {max(delays):.0f}" if delays else "—"
        print(f"| **all** | {policy} | {hours:.2f} | {high:.2f} | {saved:.3f} ({saved / high:.1%}) | {risked:.3f} | "
              f"{count} | {spread} |")


if __name__ == "__main__":
    main()
