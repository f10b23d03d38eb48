#!/usr/bin/env python3
"""False steps per minute on the us-tm2017 still and vehicle sessions, with and without the activity gate; and the
walking steps the gate drops (IPOL, mobgap, Oxford: the classifier wrongly saying automotive during a walk).

    swift build -c release --product locomotion
    python3 Scripts/evaluation/steps/false-steps.py

Sessions come from `locomotion convert --from us-tm2017` (cached in .build/steps-converted/ustm); those sampled
below 8 Hz are refused by `locomotion steps` (exit status 1) and listed. Counts: `locomotion steps` with its
defaults (activity gate on) and with --no-activity-gate (the detector alone), in the same run.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import scoring as S  # noqa: E402


def walking_steps():
    """Walking recordings with step truth: steps counted with and without the gate, so the ones it drops show."""
    print("\n| walking recordings | traces | true steps | detector alone | activity gate | dropped by the gate | "
          "traces with drops |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: |")
    for key, label in (("ipol", "IPOL 10 m + U-turn"), ("mobgap", "mobgap HA/002 course"),
                       ("oxford", "Oxford phone walks")):
        recordings = S.recordings(key)
        gated = S.run_many([(r["path"], {}) for r in recordings])
        alone = S.run_many([(r["path"], {}) for r in recordings], extra=("--no-activity-gate",))
        a, g = sum(len(x or []) for x in alone), sum(len(x or []) for x in gated)
        touched = sum(1 for x, y in zip(alone, gated) if len(x or []) != len(y or []))
        print(f"| {label} | {len(recordings)} | {sum(r['true'] for r in recordings)} | {a} | {g} | {a - g} | "
              f"{touched} |")


def main():
    folder = S.convert("ustm")
    sessions = []
    for path in S.traces(folder, "us-tm2017_*.csv"):   # a session, not its logged speeds (NAME.speeds.csv)
        mode = os.path.basename(path).split("_")[2]
        if mode in ("Still", "Car", "Bus", "Train"):
            times = S.read_column(path)
            sessions.append(dict(path=path, mode=mode, minutes=(times[-1] - times[0]) / 60 if len(times) > 1 else 0))
    gated = S.run_many([(s["path"], {}) for s in sessions])
    alone = [S.run_steps(s["path"], {}, ("--no-activity-gate",)) for s in sessions]
    print("| mode | sessions counted | minutes | steps, detector alone | per min | steps, activity gate | per min |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: |")
    totals = [0, 0.0, 0, 0]
    for mode in ("Still", "Car", "Bus", "Train", None):
        chosen = [(s, g, a) for s, g, a in zip(sessions, gated, alone) if g is not None and (mode is None or s["mode"] == mode)]
        minutes = sum(s["minutes"] for s, _, _ in chosen)
        if minutes == 0:
            refused = [s for s, g in zip(sessions, gated) if g is None and s["mode"] == mode]
            print(f"| {mode} | 0 (all {len(refused)} refused: sampled below 8 Hz) | 0 | | | | |")
            continue
        a = sum(len(x) for _, _, x in chosen)
        g = sum(len(x) for _, x, _ in chosen)
        label = mode or "**all**"
        print(f"| {label} | {len(chosen)} | {minutes:.0f} | {a} | {a / minutes:.3f} | {g} | {g / minutes:.3f} |")
    refused = [s for s, g in zip(sessions, gated) if g is None]
    print(f"\nRefused as sampled below 8 Hz: {len(refused)} sessions, {sum(s['minutes'] for s in refused):.0f} min ("
          + ", ".join(f"{mode} {sum(1 for s in refused if s['mode'] == mode)}" for mode in ("Still", "Car", "Bus", "Train"))
          + ").")
    walking_steps()


if __name__ == "__main__":
    main()
