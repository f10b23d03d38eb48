#!/usr/bin/env python3
"""`locomotion steps` beside the Mobilise-D detectors (mobgap) on the same recordings, in one table.

    swift build -c release --product locomotion
    python3 -m venv .build/peers-venv && .build/peers-venv/bin/pip install mobgap==1.2.0
    .build/peers-venv/bin/python Scripts/evaluation/steps/peers.py [--no-oxford-peers] > peers.md

Datasets (../shared/datasets or $LOCOMOTION_DATASETS) are converted once by `locomotion convert` (cached in
.build/steps-converted): ipol-gait-lowerback (70 trials, 12 people), mobgap-lab-ha002 (the Test11 course; the
Test5 trials have no reference steps), oxford-step-counter (48 phone walks, 3 people).

Peers: mobgap's GsdIluz finds gait sequences, then IcdIonescu / IcdShinImproved / IcdHKLeeImproved find initial
contacts inside each sequence (one contact = one step). The trace's x, y, z (g) become mobgap's acc_is, acc_ml,
acc_pa in m/s² (× 9.80665); both lower-back sets are stored in that frame. The trace is linearly interpolated onto
a uniform 100 Hz grid first (mobgap assumes uniform sampling; IPOL has dropped packets, Oxford phones 100–405 Hz).
Ours: `locomotion steps --events` on the converted trace as it is, shipped defaults (no parameter was fitted to
these people; see Docs/steps.md for how the rules were chosen).

IPOL is scored twice: against every step its files mark, and against each trial's own steps (stand, walk, U-turn,
walk, stop), without the shuffling steps some subjects take seconds after the trial has ended (87 of 2,458;
scoring.split_at_trial_end).

Scores per dataset and detector: total steps and signed error; median |trial error| and worst trial (signed %);
event-level precision / recall / F1, one-to-one matching within ±250 ms of the reference events (IPOL swing ends,
INDIP initial contacts — untimed INDIP contacts match one detection between their timed neighbours —, Oxford
foot-switch rising edges).
"""
import argparse
import os
import sys
import warnings

import numpy as np
import pandas as pd

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import scoring as S  # noqa: E402

G = 9.80665
RATE = 100.0


def load(path):
    data = pd.read_csv(path, usecols=["timestamp", "x", "y", "z"])
    return data["timestamp"].to_numpy(), data[["x", "y", "z"]].to_numpy()


def peers_on(path):
    """Step times of each mobgap detector on one trace: {name: [s]}."""
    from mobgap.gait_sequences import GsdIluz
    from mobgap.initial_contacts import IcdHKLeeImproved, IcdIonescu, IcdShinImproved

    time, acc = load(path)
    grid = np.arange(time[0], time[-1], 1 / RATE)
    frame = pd.DataFrame({name: np.interp(grid, time, acc[:, k]) * G
                          for k, name in enumerate(("acc_is", "acc_ml", "acc_pa"))})
    for name in ("gyr_is", "gyr_ml", "gyr_pa"):
        frame[name] = 0.0  # not used by these detectors; some checks want the columns
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        sequences = GsdIluz().detect(frame, sampling_rate_hz=RATE).gs_list_
        out = {}
        for label, detector in (("IcdIonescu", IcdIonescu), ("IcdShinImproved", IcdShinImproved),
                                ("IcdHKLeeImproved", IcdHKLeeImproved)):
            steps = []
            for _, sequence in sequences.iterrows():
                start, end = int(sequence["start"]), int(sequence["end"])
                part = frame.iloc[start:end].reset_index(drop=True)
                if len(part) < 2 * RATE:
                    continue
                contacts = detector().detect(part, sampling_rate_hz=RATE).ic_list_
                steps += [grid[start + int(ic)] for ic in contacts["ic"] if start + int(ic) < len(grid)]
            out[label] = sorted(steps)
    return out


def row(dataset, detector, result):
    return (f"| {dataset} | {detector} | {result['trials']} | {result['true']} | {result['counted']} | "
            f"{result['total']:+.1f} % | {result['median']:.1f} % | {result['worst']:+.1f} % "
            f"({result['worst_name'].split('_', 1)[-1]}) | {result['precision']:.3f} | {result['recall']:.3f} | "
            f"**{result['f1']:.3f}** |")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--no-oxford-peers", action="store_true", help="run only ours on Oxford (faster)")
    parser.add_argument("--parameter", action="append", default=[], help="NAME=VALUE for locomotion steps")
    arguments = parser.parse_args()
    if not os.path.exists(S.TOOL):
        sys.exit(f"steps/peers.py: {S.TOOL} not built; run: swift build -c release --product locomotion")
    parameters = dict(p.split("=", 1) for p in arguments.parameter)
    import mobgap
    from concurrent.futures import ProcessPoolExecutor

    print(f"mobgap {mobgap.__version__}; tolerance ±{S.TOLERANCE * 1000:.0f} ms; "
          f"locomotion steps with {'defaults' if not parameters else parameters}\n")
    print("| dataset | detector | trials | true steps | counted | total | median \\|trial\\| | worst trial | "
          "precision | recall | F1 |")
    print("| --- | --- | ---: | ---: | ---: | ---: | ---: | --- | ---: | ---: | ---: |")
    for key, label in (("ipol", "IPOL 10 m + U-turn"), ("mobgap", "mobgap HA/002 course"),
                       ("oxford", "Oxford phone walks")):
        recordings = S.recordings(key)
        ours = S.run_many([(r["path"], parameters) for r in recordings])
        detectors = [("`locomotion steps`", ours)]
        if not (key == "oxford" and arguments.no_oxford_peers):
            with ProcessPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
                peer_steps = list(pool.map(peers_on, [r["path"] for r in recordings]))
            detectors += [(f"GsdIluz + {name}", [p[name] for p in peer_steps])
                          for name in ("IcdIonescu", "IcdShinImproved", "IcdHKLeeImproved")]
        for name, steps in detectors:
            print(row(label, name, S.score([dict(r, detected=d) for r, d in zip(recordings, steps)])))
        if key == "ipol":
            # The same trials against their own steps: the shuffles some subjects take after the trial has ended
            # (87 of the 2,458 marked steps) left out, with the detections after the trial (scoring.py).
            for name, steps in detectors:
                print(row("IPOL, the trials' own steps", name,
                          S.score([S.inside_row(r, d) for r, d in zip(recordings, steps)])))
        sys.stdout.flush()


if __name__ == "__main__":
    main()
