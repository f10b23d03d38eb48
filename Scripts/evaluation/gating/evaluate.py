#!/usr/bin/env python3
"""Replay joined us-tm2017 sequences through the gate and tabulate the targets.

    swift build -c release --product locomotion
    python3 Scripts/evaluation/gating/evaluate.py [--source labels|classifier|both] [--workdir DIR] [--truth seconds|coarse]

Builds the joined traces with join-us-tm2017.py (into --workdir, default a
temporary directory; nothing is committed), runs
`locomotion replay TRACE --policy P --summary S.json` for every
sequence and policy — with `--activity-from-labels` for the gate alone, and
with the classifier for end to end — and prints markdown tables for
Docs/accuracy.md. Pooled figures are time-weighted over all sequences.

Truth: `seconds` (default), the per-second truth of the activity evaluation
(a vehicle's logged stop of a minute or more and a walk's pedometer silence of
three minutes or more are `unknown`, not scored); `coarse`, every session's
label. With both sources, the switches of the classifier's run are also
matched against the gate alone's (the switches the truth requires): a
classifier switch in the same direction inside the same truth bout as a
required one is that switch, possibly late; any other is extra.
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", "..", ".."))
POLICIES = ["on-foot", "on-foot-and-cycling", "any-movement"]


def replay(binary, trace, policy, source, workdir, gate_options):
    name = os.path.splitext(os.path.basename(trace))[0]
    tag = "".join(c for c in "".join(gate_options) if c.isalnum())
    summary = os.path.join(workdir, f"{name}.{policy}.{source}{tag}.json")
    segments = os.path.join(workdir, f"{name}.{policy}.{source}{tag}.csv")
    command = [binary, "replay", trace, "--policy", policy, "--summary", summary, "--output", segments]
    command += gate_options
    if source == "labels":
        command.append("--activity-from-labels")
    subprocess.run(command, check=True)
    with open(summary) as f:
        return json.load(f)


def pooled(summaries, share, weight):
    total = sum(s["truth"][weight] for s in summaries)
    return sum(s["truth"][share] * s["truth"][weight] for s in summaries) / total if total else float("nan")


def pct(x):
    return "—" if x != x else f"{100 * x:.1f} %"


def table(results, policy, source):
    rows = [r for r in results if r[1] == policy and r[2] == source]
    lines = [
        f"| sequence ({policy}, {source}) | hours | recorded activity in high accuracy after 30 s onset | still in low power after stop timeout | unrecorded moving in low power (after switch timeout) | median / max onset (s) | switches / steady hour | switches (total) | hours complete / incomplete / lost |",
        "| --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    ]
    for name, _, _, s in rows:
        t = s["truth"]
        ride = "—" if t["unrecordedMovingTime"] == 0 else f"{pct(t['unrecordedMovingLowPowerShare'])} ({pct(t['unrecordedMovingLowPowerShareAfterSwitchTimeout'])})"
        onset = "—" if t["recordedBouts"] == 0 else f"{t['medianOnsetDelay']:.1f} / {t['maximumOnsetDelay']:.1f}"
        rec = "—" if t["recordedTimeAfterOnset"] == 0 else pct(t["recordedHighAccuracyShareAfterOnset"])
        still = "—" if t["stillTimeAfterStopTimeout"] == 0 else pct(t["stillLowPowerShareAfterStopTimeout"])
        lines.append(
            f"| {name} | {s['duration'] / 3600:.2f} | {rec} | {still} | {ride} | {onset}"
            f" | {t['steadySwitchesPerHour']:.2f} | {s['switches']} | {t['completeHours']} / {t['incompleteHours']} / {t['lostHours']} |")
    summaries = [r[3] for r in rows]
    steady_hours = sum(s["truth"]["steadyTime"] for s in summaries) / 3600
    steady_switches = sum(s["truth"]["steadySwitches"] for s in summaries)
    ride_time = sum(s["truth"]["unrecordedMovingTime"] for s in summaries)
    ride = "—" if ride_time == 0 else f"{pct(pooled(summaries, 'unrecordedMovingLowPowerShare', 'unrecordedMovingTime'))} ({pct(pooled(summaries, 'unrecordedMovingLowPowerShareAfterSwitchTimeout', 'unrecordedMovingTimeAfterSwitchTimeout'))})"
    onsets = sorted(d for s in summaries for d in s["truth"]["onsetDelays"])
    median = onsets[len(onsets) // 2] if onsets else float("nan")
    missed = sum(s["truth"]["missedBouts"] for s in summaries)
    lines.append(
        f"| **all {len(rows)}** | {sum(s['duration'] for s in summaries) / 3600:.2f}"
        f" | **{pct(pooled(summaries, 'recordedHighAccuracyShareAfterOnset', 'recordedTimeAfterOnset'))}**"
        f" | **{pct(pooled(summaries, 'stillLowPowerShareAfterStopTimeout', 'stillTimeAfterStopTimeout'))}**"
        f" | **{ride}** | {median:.1f} / {max(onsets) if onsets else float('nan'):.1f} ({missed} bouts missed)"
        f" | **{steady_switches / steady_hours if steady_hours else float('nan'):.2f}** ({steady_switches}) | {sum(s['switches'] for s in summaries)}"
        f" | {sum(s['truth']['completeHours'] for s in summaries)} / {sum(s['truth']['incompleteHours'] for s in summaries)} / {sum(s['truth']['lostHours'] for s in summaries)} |")
    return "\n".join(lines)


def mode_switches(segments_csv):
    """(time, direction) of each mode change of a replay segments CSV (a gap counts as low power)."""
    with open(segments_csv) as f:
        rows = [line.rstrip("\n").split(",") for line in f][1:]
    out, previous = [], None
    for start, _, mode, _ in rows:
        high = mode == "high-accuracy"
        if previous is not None and high != previous:
            out.append((float(start), "up" if high else "down"))
        previous = high
    return out


def truth_bouts(trace):
    """[(start, end, label)] of the runs of one label in a joined trace (each label holds until the next sample)."""
    bouts, previous = [], None
    with open(trace) as f:
        next(f)
        for line in f:
            t, label = line.split(",", 1)[0], line.rstrip("\n").rsplit(",", 1)[1]
            if label != previous:
                if bouts:
                    bouts[-1][1] = float(t)
                bouts.append([float(t), float(t), label])
                previous = label
            bouts[-1][1] = float(t)
    return bouts


# The allowance at the start of a bout before its time counts as steady (Docs/gating.md, Summary definitions; the
# replay defaults): the onset allowance for a recorded activity, the stop timeout for stillness, the switch timeout
# for an unrecorded moving one. Unknown is never steady.
def allowance(label, policy):
    recorded = {"on-foot": {"walking", "running"}, "on-foot-and-cycling": {"walking", "running", "cycling"},
                "any-movement": {"walking", "running", "cycling", "automotive"}}[policy]
    if label in recorded:
        return 30.0
    return {"stationary": 300.0, "unknown": None}.get(label, 60.0)


def matched_switches(results, traces, workdir, policy, tag):
    """Classifier switches against the gate alone's (the truth's), per sequence: required, matched (same direction,
    same truth bout), extra (no required switch to match), and how late the matched ones came."""
    lines = [f"| sequence ({policy}) | switches required (gate alone) | classifier switches | matched (median / max lateness, s) | extra | missed | extra per hour | in steady time: matched (late) / extra |",
             "| --- | --- | --- | --- | --- | --- | --- | --- |"]
    totals = [0, 0, 0, 0, 0, 0.0, 0, 0]
    lateness_all = []
    for trace in traces:
        name = os.path.splitext(os.path.basename(trace))[0]
        required = mode_switches(os.path.join(workdir, f"{name}.{policy}.labels{tag}.csv"))
        observed = mode_switches(os.path.join(workdir, f"{name}.{policy}.classifier{tag}.csv"))
        bouts = truth_bouts(trace)
        bout_of = lambda t: next((i for i, (a, b, _) in enumerate(bouts) if a <= t <= b), None)

        def steady(t):
            bout = bout_of(t)
            if bout is None:
                return False
            start, end, label = bouts[bout]
            allowed = allowance(label, policy)
            return allowed is not None and start + allowed < t < end
        used, lateness = set(), []
        for t, direction in required:
            bout = bout_of(t)
            match = next((j for j, (u, d) in enumerate(observed)
                          if j not in used and d == direction and bout_of(u) == bout), None)
            if match is not None:
                used.add(match)
                lateness.append(observed[match][0] - t)
        extra = len(observed) - len(used)
        missed = len(required) - len(used)
        hours = (bouts[-1][1] - bouts[0][0]) / 3600
        lateness_all += lateness
        late = f"{sorted(lateness)[len(lateness) // 2]:.0f} / {max(lateness):.0f}" if lateness else "—"
        steady_matched = sum(steady(observed[j][0]) for j in used)
        steady_extra = sum(steady(u) for j, (u, _) in enumerate(observed) if j not in used)
        lines.append(f"| {name} | {len(required)} | {len(observed)} | {len(used)} ({late}) | {extra} | {missed}"
                     f" | {extra / hours:.2f} | {steady_matched} / {steady_extra} |")
        for k, v in enumerate([len(required), len(observed), len(used), extra, missed, hours, steady_matched, steady_extra]):
            totals[k] += v
    late = f"{sorted(lateness_all)[len(lateness_all) // 2]:.0f} / {max(lateness_all):.0f}" if lateness_all else "—"
    lines.append(f"| **all {len(traces)}** | {totals[0]} | {totals[1]} | {totals[2]} ({late}) | **{totals[3]}** | {totals[4]}"
                 f" | **{totals[3] / totals[5]:.2f}** | {totals[6]} / {totals[7]} |")
    return "\n".join(lines)


def agreement(results, source):
    """How the activity stream reported each truth class (on-foot runs; the stream does not depend on the policy)."""
    rows = [r for r in results if r[1] == "on-foot" and r[2] == source]
    lines = [f"| sequence ({source}) | truth stationary reported as | truth walking reported as | truth vehicle reported as |",
             "| --- | --- | --- | --- |"]
    pooled = {}
    for name, _, _, s in rows:
        cells = []
        for truth in ["stationary", "walking", "automotive"]:
            row = next((a for a in s.get("activityAgreement") or [] if a["truth"] == truth), None)
            if row is None or row["time"] == 0:
                cells.append("—")
                continue
            entry = pooled.setdefault(truth, {})
            for k, v in row["reported"].items():
                entry[k] = entry.get(k, 0) + v
            cells.append(", ".join(f"{k} {100 * v / row['time']:.0f} %" for k, v in sorted(row["reported"].items(), key=lambda kv: -kv[1]) if v / row["time"] >= 0.01))
        lines.append(f"| {name} | " + " | ".join(cells) + " |")
    cells = []
    for truth in ["stationary", "walking", "automotive"]:
        entry = pooled.get(truth, {})
        total = sum(entry.values())
        cells.append(", ".join(f"{k} {100 * v / total:.0f} %" for k, v in sorted(entry.items(), key=lambda kv: -kv[1]) if v / total >= 0.01) if total else "—")
    lines.append("| **all** | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--source", choices=["labels", "classifier", "both"], default="both")
    parser.add_argument("--workdir")
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build", "release", "locomotion"))
    parser.add_argument("--policies", nargs="*", default=POLICIES)
    parser.add_argument("--gate-options", default="", help="extra replay options, e.g. '--entry-dwell 30'")
    parser.add_argument("--truth", choices=["seconds", "coarse"], default="seconds",
                        help="per-second truth (default) or every session's label (join-us-tm2017.py --truth)")
    args = parser.parse_args()
    workdir = os.path.join(args.workdir or tempfile.mkdtemp(prefix="gating-eval-"), args.truth)
    traces_dir = os.path.join(workdir, "traces")
    if not os.path.isdir(traces_dir):
        subprocess.run([sys.executable, os.path.join(HERE, "join-us-tm2017.py"), traces_dir, "--truth", args.truth],
                       check=True, stderr=subprocess.DEVNULL)
    traces = sorted(os.path.join(traces_dir, f) for f in os.listdir(traces_dir) if f.endswith(".csv"))
    sources = ["labels", "classifier"] if args.source == "both" else [args.source]
    results = []
    for source in sources:
        for policy in args.policies:
            for trace in traces:
                name = os.path.splitext(os.path.basename(trace))[0]
                results.append((name, policy, source, replay(args.binary, trace, policy, source, workdir, args.gate_options.split())))
    for source in sources:
        for policy in args.policies:
            if args.gate_options:
                print(f"Gate options: `{args.gate_options}`\n")
            print(table(results, policy, source))
            print()
    if "classifier" in sources and "on-foot" in args.policies:
        print(agreement(results, "classifier"))
        print()
    if len(sources) == 2:
        tag = "".join(c for c in args.gate_options if c.isalnum())
        for policy in args.policies:
            print(matched_switches(results, traces, workdir, policy, tag))
            print()
    print(f"(summaries and segments in {workdir})", file=sys.stderr)


if __name__ == "__main__":
    main()
