#!/usr/bin/env python3
"""Leave-one-person-out choice of the daily-life rules' parameters (issue 13) over IPOL and Oxford together.

    swift build -c release --product locomotion
    cp .build/release/locomotion /tmp/locomotion-eval
    LOCOMOTION=/tmp/locomotion-eval python3 Scripts/evaluation/steps/loso.py > loso.md

The rules that fill the steps a turn hides, drop the push-off before a walk's first step and end a bout on a pause
(`maximumFilledSteps`, `fillTolerance`, `fillEvidence`, `firstStepIntervalRatio`, `maximumStepInterval`) are chosen
from a grid, one held-out person at a time, over 15 people: IPOL's 12 (lower-back IMU, 10 m + U-turn walks) and
Oxford's 3 (phones in 7 carry positions, long walks). For each held-out person the grid point with the smallest mean
|trial % error| over the other people is chosen — each dataset's trials averaged separately, then the two means
averaged, so the 70 short IPOL trials and the 48 long Oxford walks weigh the same — and applied to the held-out
person's trials.

IPOL's truth holds every swing of the file, also the shuffling steps some subjects take after the trial has ended
(87 of 2,458, in 26 trials; scoring.split_at_trial_end). The choice is made against the steps of the trial
(stand, walk, turn, walk, stop): 1–7 isolated shuffles seconds after the stop are what the product rule (four
regular steps make a bout) leaves out by design, and fitting them would reward over-counting the walk. Every
held-out figure is printed against both truths. The per-grid-point figures over everyone (not held out) follow for
reference. Other parameters stay at their defaults (Oxford's leave-one-user-out over the peak threshold parameters
is Scripts/evaluation/steps/evaluate.py).
"""
import itertools
import os
import statistics
import sys
from collections import Counter

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import scoring as S  # noqa: E402

GRID = {"maximumFilledSteps": [1, 2], "fillTolerance": [0.25, 0.35, 0.5], "fillEvidence": [0, 0.3],
        "firstStepIntervalRatio": [0, 0.85], "maximumStepInterval": [1.5, 2, 2.5]}


def main():
    grid = [dict(zip(GRID, values)) for values in itertools.product(*GRID.values())]
    trials = [dict(r, dataset=key, person=f"{key}:{r['subject']}") for key in ("ipol", "oxford")
              for r in S.recordings(key)]
    runs = S.run_many([(t["path"], g) for g in grid for t in trials])
    table = {(i, k): runs[i * len(trials) + k] or [] for i in range(len(grid)) for k in range(len(trials))}

    def row(k, detected, truth):
        t = trials[k]
        if t["dataset"] == "ipol" and truth == "trial":
            return S.inside_row(t, detected)
        return dict(t, detected=detected)

    def error(i, k):
        r = row(k, table[(i, k)], "trial")
        return abs(S.percent(len(r["detected"]), r["true"]))

    def cost(i, people):
        means = []
        for dataset in ("ipol", "oxford"):
            errors = [error(i, k) for k, t in enumerate(trials) if t["dataset"] == dataset and t["person"] in people]
            if errors:
                means.append(statistics.mean(errors))
        return statistics.mean(means)

    people = sorted({t["person"] for t in trials})
    chosen, held_out = {}, {}
    for person in people:
        others = set(people) - {person}
        best = min(range(len(grid)), key=lambda i: (round(cost(i, others), 6), i))
        chosen[person] = best
        for k, t in enumerate(trials):
            if t["person"] == person:
                held_out[k] = table[(best, k)]

    print("| held out | truth | trials | true | counted | total | median \\|trial\\| | worst trial | precision | recall "
          "| F1 |")
    print("| --- | --- | ---: | ---: | ---: | ---: | ---: | --- | ---: | ---: | ---: |")
    for dataset, truth, label in (("ipol", "trial", "the trial's steps"), ("ipol", "all", "all, with later shuffles"),
                                  ("oxford", "all", "foot switches")):
        rows = [row(k, held_out[k], truth) for k, t in enumerate(trials) if t["dataset"] == dataset]
        s = S.score(rows)
        print(f"| {dataset} (each person held out) | {label} | {s['trials']} | {s['true']} | {s['counted']} | "
              f"{s['total']:+.2f} % | {s['median']:.2f} % | {s['worst']:+.1f} % ({s['worst_name'].split('_', 1)[1]}) | "
              f"{s['precision']:.3f} | {s['recall']:.3f} | {s['f1']:.3f} |")
    print("\nChoices (grid point → held-out people):\n")
    for i, n in Counter(chosen.values()).most_common():
        print(f"- {grid[i]}: {n} ({', '.join(p for p in people if chosen[p] == i)})")
    print("\nEvery grid point on everyone (not held out): IPOL trial | IPOL all | Oxford — total, median |trial|, "
          "worst, F1\n")
    for i, g in enumerate(grid):
        cells = []
        for dataset, truth in (("ipol", "trial"), ("ipol", "all"), ("oxford", "all")):
            s = S.score([row(k, table[(i, k)], truth) for k, t in enumerate(trials) if t["dataset"] == dataset])
            cells.append(f"{s['total']:+.2f} %, {s['median']:.2f} %, {s['worst']:+.1f} %, {s['f1']:.3f}")
        print(f"- {g}: " + " | ".join(cells))


if __name__ == "__main__":
    main()
