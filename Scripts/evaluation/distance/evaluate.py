#!/usr/bin/env python3
"""Distance accuracy of `locomotion distance` on real data (Docs/accuracy.md, ## Odometer; Docs/odometer.md).

1. GSDC 2021 drive 2020-05-14-US-MTV-1: each phone's chipset NMEA fixes against the NovAtel SPAN RTK/INS truth
   (10 Hz), the truth clipped to the fixes' first..last time — at 1 Hz as logged, and thinned to one fix every
   5, 15, 30, 60 and 180 s (the first fix at or after each tick of a clock started at the first fix plus a phase;
   every phase of 5 and 15 s, ten phases of the longer intervals): the default rule, the original apps' 50 m rule,
   plain chords, and the default without the fixes' speed.
2. The choice of the two settings chosen on data (whether the fixes' speed lengthens sparse steps, the still
   speed), made on one phone and scored on the other (and the reverse); the other drive (--held-out) never seen.
3. A parked car: the distance added while the truth stands still (traffic lights, the start), per hour of standing.
4. gpxpy test files: `locomotion distance --no-filters` against a plain geodesic sum computed here independently
   (gpxpy's GPX parser + GeographicLib's Karney geodesic), the default and the 50 m rule next to it.

The held-out drive 2020-06-05-US-MTV-2 is not in ../shared/datasets; it comes from the same upstream repository as
the shared drive (SOURCE.md: AILocAR/androidGnss, commit 4340ac4, data/GSDC/MTV/2020-06-05-US-MTV-2/, files
Pixel4_chipset.nmea, Pixel4XL_chipset.nmea, SPAN_Pixel4_10Hz.csv). Put them in a folder and pass --held-out FOLDER.

Usage:  pip install geographiclib gpxpy
        swift build -c release --product locomotion
        python3 Scripts/evaluation/distance/evaluate.py [--locomotion .build/release/locomotion] [--datasets ../shared/datasets]
                                                        [--held-out FOLDER]
"""
import argparse
import bisect
import json
import os
import statistics
import subprocess
import sys
import tempfile
from datetime import datetime, timezone

from geographiclib.geodesic import Geodesic
import gpxpy

WGS84 = Geodesic.WGS84
KNOT = 1852 / 3600
INTERVALS = (1, 5, 15, 30, 60, 180)


def distance(a, b):
    return WGS84.Inverse(a[1], a[2], b[1], b[2])["s12"]


def geodesic_sum(points):
    return sum(WGS84.Inverse(a[0], a[1], b[0], b[1])["s12"] for a, b in zip(points, points[1:]))


def nmea_checksum_ok(line):
    body, _, checksum = line[1:].partition("*")
    value = 0
    for ch in body:
        value ^= ord(ch)
    return checksum[:2].upper() == f"{value:02X}"


def ddmm(text, hemisphere, degree_digits):
    value = int(text[:degree_digits]) + float(text[degree_digits:]) / 60
    return -value if hemisphere in ("S", "W") else value


def read_nmea(path):
    """(time, lat, lon, speed m/s) per epoch from GGA+RMC; written independently of the Swift reader."""
    epochs = {}
    for line in open(path):
        line = line.strip()
        if not line.startswith("$") or not nmea_checksum_ok(line):
            continue
        fields = line[1:].split("*")[0].split(",")
        kind = fields[0][2:]
        if kind == "RMC" and fields[2] == "A":
            epoch = epochs.setdefault(fields[1], {})
            epoch["date"] = datetime.strptime(fields[9], "%d%m%y").replace(tzinfo=timezone.utc).timestamp()
            epoch.setdefault("pos", (ddmm(fields[3], fields[4], 2), ddmm(fields[5], fields[6], 3)))
            epoch["speed"] = float(fields[7]) * KNOT if fields[7] else None
        elif kind == "GGA" and fields[6] not in ("", "0"):
            epochs.setdefault(fields[1], {})["pos"] = (ddmm(fields[2], fields[3], 2), ddmm(fields[4], fields[5], 3))
    fixes = []
    for hhmmss, epoch in epochs.items():
        seconds = int(hhmmss[:2]) * 3600 + int(hhmmss[2:4]) * 60 + float(hhmmss[4:])
        fixes.append((epoch["date"] + seconds, *epoch["pos"], epoch.get("speed")))
    fixes.sort()
    return fixes


def read_span(path, day):
    """SPAN truth CSV (no header): hhmmss.ss, lat ddmm, lon dddmm (west, sign not stored)."""
    rows = []
    for line in open(path):
        fields = line.strip().split(",")
        if len(fields) < 3 or not fields[0]:
            continue
        hhmmss = fields[0]
        seconds = int(hhmmss[:2]) * 3600 + int(hhmmss[2:4]) * 60 + float(hhmmss[4:])
        rows.append((day + seconds, ddmm(fields[1], "N", 2), -ddmm(fields[2], "E", 3)))
    return rows


class Truth:
    """Cumulative geodesic length of the 10 Hz truth, to read the distance between any two times."""

    def __init__(self, rows):
        self.rows = rows
        self.times = [row[0] for row in rows]
        self.cumulative = [0.0]
        for a, b in zip(rows, rows[1:]):
            self.cumulative.append(self.cumulative[-1] + distance(a, b))

    def between(self, start, end):
        first = bisect.bisect_left(self.times, start)
        last = bisect.bisect_right(self.times, end) - 1
        return self.cumulative[last] - self.cumulative[first]

    def speed(self, time):
        """Speed (m/s) over ±0.5 s around `time`, nil outside the truth."""
        first = bisect.bisect_left(self.times, time - 0.5)
        last = bisect.bisect_left(self.times, time + 0.5)
        if first >= len(self.rows) or last >= len(self.rows) or last <= first:
            return None
        return distance(self.rows[first], self.rows[last]) / (self.rows[last][0] - self.rows[first][0])


def thin(fixes, interval, phase):
    """The first fix at or after each tick of a clock at `interval` s started `phase` s after the first fix."""
    kept, tick = [], fixes[0][0] + phase
    for fix in fixes:
        if fix[0] >= tick - 1e-6:
            kept.append(fix)
            while tick <= fix[0] + 1e-6:
                tick += interval
    return kept


def phases(interval):
    return range(0, interval, max(1, interval // 10))


def write_csv(path, fixes):
    with open(path, "w") as out:
        out.write("timestamp,latitude,longitude,speed\n")
        for time, lat, lon, speed in fixes:
            out.write(f"{time:.2f},{lat:.9f},{lon:.9f},{'' if speed is None else f'{speed:.4f}'}\n")


def run_distance(binary, path, options):
    """Distance (m) per input file of `locomotion distance PATH` (a file or a folder), summed over days."""
    out = subprocess.run([binary, "distance", path, "--time-zone", "UTC", "--format", "json", "--details", "--quiet",
                          *options], check=True, capture_output=True, text=True).stdout
    totals = {}
    for line in out.splitlines():
        row = json.loads(line)
        name = os.path.basename(row.get("file", path))
        entry = totals.setdefault(name, {"distance_m": 0.0})
        for key, value in row.items():
            if isinstance(value, (int, float)):
                entry[key] = entry.get(key, 0) + value
    return totals


CONFIGURATIONS = {
    "default": [],
    "50 m rule": ["--rule", "fixed-distance"],
    "chords": ["--no-filters"],
    "no speed": ["--parameter", "usesReportedSpeed=false"],
}

# The two settings chosen on data, each over physically plausible values (Docs/odometer.md): the still speed
# (below walking, above a settled receiver's noise) and whether the fixes' speed lengthens sparse steps.
CANDIDATES = {f"speed={speed} still={still}": ["--parameter", f"usesReportedSpeed={speed}", "--parameter", f"stillSpeed={still}"]
              for speed in ("true", "false") for still in (0.8, 0.5, 0.3)}


def measure_phones(binary, phones, options_by_name, workdir):
    """{config: {phone: {interval: [(error %, error vs full window %) per phase]}}} and the 1 Hz details."""
    truth_of = {}
    for phone, (fixes, truth) in phones.items():
        for interval in INTERVALS:
            for phase in phases(interval):
                kept = thin(fixes, interval, phase)
                name = f"{phone}_{interval}_{phase}.csv"
                write_csv(os.path.join(workdir, name), kept)
                truth_of[name] = (phone, interval, truth.between(kept[0][0], kept[-1][0]),
                                  truth.between(fixes[0][0], fixes[-1][0]))
    results = {}
    for config, options in options_by_name.items():
        totals = run_distance(binary, workdir, options)
        table = results.setdefault(config, {})
        for name, (phone, interval, span_truth, full_truth) in truth_of.items():
            measured = totals[name]["distance_m"]
            table.setdefault(phone, {}).setdefault(interval, []).append(
                (100 * (measured - span_truth) / span_truth, 100 * (measured - full_truth) / full_truth, totals[name]))
    return results


def cell(errors):
    values = [error for error, _, _ in errors]
    if len(values) == 1:
        return f"{values[0]:+.2f} %"
    return f"{statistics.mean(values):+.2f} % [{min(values):+.2f}, {max(values):+.2f}]"


def worst(errors):
    return max(abs(error) for error, _, _ in errors)


def objective(table, phone):
    """Mean over 5–60 s of |mean error| + worst phase |error| (per cent)."""
    return statistics.mean(abs(statistics.mean(e for e, _, _ in table[phone][k])) + worst(table[phone][k])
                           for k in (5, 15, 30, 60))


def parked(binary, phones, workdir, options):
    """Metres added while the truth stands still (< 0.05 m/s for ≥ 3 s), by the streaming odometer over the 1 Hz
    fixes: the distance of the prefix ending at each stop's end minus that of the prefix ending at its start."""
    results = {}
    for phone, (fixes, truth) in phones.items():
        still = [truth.speed(fix[0]) is not None and truth.speed(fix[0]) < 0.05 for fix in fixes]
        stops, start = [], None
        for index, flag in enumerate(still + [False]):
            if flag and start is None:
                start = index
            elif not flag and start is not None:
                if fixes[index - 1][0] - fixes[start][0] >= 3:
                    stops.append((start, index - 1))
                start = None
        folder = os.path.join(workdir, f"parked-{phone}")
        os.makedirs(folder, exist_ok=True)
        for number, (first, last) in enumerate(stops):
            write_csv(os.path.join(folder, f"stop{number:03d}a.csv"), fixes[:first + 1])
            write_csv(os.path.join(folder, f"stop{number:03d}b.csv"), fixes[:last + 1])
        totals = run_distance(binary, folder, options) if stops else {}
        rows = []
        for number, (first, last) in enumerate(stops):
            added = totals[f"stop{number:03d}b.csv"]["distance_m"] - totals[f"stop{number:03d}a.csv"]["distance_m"]
            rows.append((fixes[first][0] - fixes[0][0], fixes[last][0] - fixes[first][0], added))
        results[phone] = rows
    return results


def main():
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
    parser = argparse.ArgumentParser()
    parser.add_argument("--locomotion", default=os.path.join(root, ".build/release/locomotion"))
    parser.add_argument("--datasets", default=os.environ.get("LOCOMOTION_DATASETS", os.path.join(root, "../shared/datasets")))
    parser.add_argument("--held-out", help="folder with the MTV-2 drive's Pixel4_chipset.nmea, Pixel4XL_chipset.nmea "
                                           "and SPAN_Pixel4_10Hz.csv (not in the shared datasets)")
    args = parser.parse_args()
    binary = args.locomotion

    drive = os.path.join(args.datasets, "gsdc2021-mtv-nmea/raw/2020-05-14-US-MTV-1")
    truth_1 = Truth(read_span(os.path.join(drive, "SPAN_Pixel4_10Hz.csv"), datetime(2020, 5, 14, tzinfo=timezone.utc).timestamp()))
    tuning = {phone: (read_nmea(os.path.join(drive, f"{phone}_chipset.nmea")), truth_1)
              for phone in ("Pixel4", "Pixel4XLModded")}
    held_out = {}
    if args.held_out:
        truth_2 = Truth(read_span(os.path.join(args.held_out, "SPAN_Pixel4_10Hz.csv"),
                                  datetime(2020, 6, 5, tzinfo=timezone.utc).timestamp()))
        held_out = {f"MTV-2 {phone}": (read_nmea(os.path.join(args.held_out, f"{phone}_chipset.nmea")), truth_2)
                    for phone in ("Pixel4", "Pixel4XL")}
    phones = {**{f"MTV-1 {phone}": value for phone, value in tuning.items()}, **held_out}

    with tempfile.TemporaryDirectory() as workdir:
        # Sanity: the CSV written here reads as the NMEA does (1 Hz, default rule).
        for phone in tuning:
            nmea = run_distance(binary, os.path.join(drive, f"{phone}_chipset.nmea"), [])
            print(f"check: {phone} NMEA read directly: {sum(v['distance_m'] for v in nmea.values()):,.1f} m")

        thinned = os.path.join(workdir, "thinned")
        os.makedirs(thinned)
        results = measure_phones(binary, {name.replace(" ", "-"): value for name, value in phones.items()},
                                 {**CONFIGURATIONS, **CANDIDATES}, thinned)
        names = [name.replace(" ", "-") for name in phones]

        print("\n## Thinned fixes vs truth over the span of the fixes kept: mean over phases [lowest, highest]\n")
        print("| phone | rule | " + " | ".join(f"{k} s" for k in INTERVALS) + " |")
        print("|---|---|" + "---|" * len(INTERVALS))
        for name in names:
            for config in CONFIGURATIONS:
                print(f"| {name} | {config} | " + " | ".join(cell(results[config][name][k]) for k in INTERVALS) + " |")

        print("\n## The issue's table: phase 0, truth over the phone's whole window (the fixes after the last kept one"
              " count as missed)\n")
        print("| phone | rule | " + " | ".join(f"{k} s" for k in INTERVALS) + " |")
        print("|---|---|" + "---|" * len(INTERVALS))
        for name in names:
            for config in ("50 m rule", "chords", "default"):
                print(f"| {name} | {config} | " + " | ".join(f"{results[config][name][k][0][1]:+.2f} %" for k in INTERVALS) + " |")

        print("\n## What the default did (all phases summed): fixes dropped by reason, steps the speed lengthened\n")
        print("| phone | interval | jumps | spikes | still | speed steps | speed added m | sparse chord steps |")
        print("|---|---|---|---|---|---|---|---|")
        for name in names:
            for k in INTERVALS:
                rows = [details for _, _, details in results["default"][name][k]]
                total = lambda key: sum(row.get(key, 0) for row in rows)
                print(f"| {name} | {k} s | {total('rejected_jumps')} | {total('rejected_spikes')} | {total('rejected_still')} | "
                      f"{total('speed_steps')} | {total('speed_added_m'):,.1f} | {total('sparse_chord_steps')} |")

        parked_by = {config: parked(binary, {name.replace(" ", "-"): value for name, value in phones.items()},
                                    os.path.join(workdir, f"parked{number}"), options)
                     for number, (config, options) in enumerate({**CONFIGURATIONS, **CANDIDATES}.items())}

        def per_hour(config, phone):
            rows = parked_by[config][phone]
            return 3600 * sum(metres for _, _, metres in rows) / max(sum(duration for _, duration, _ in rows), 1)

        print("\n## Folds: the settings chosen on one MTV-1 phone, scored on the other (and on MTV-2, never seen)\n")
        print("Chosen: among the candidates whose parked drift on the tuning phone is at most 5 m per hour of standing, the "
              "lowest objective — the mean over 5, 15, 30, 60 s of |mean error over phases| + worst phase |error| "
              "(per cent); ties go to the candidate listed first.\n")
        print("| chosen on | candidate chosen | " + " | ".join(f"{n}: objective, parked m/h" for n in names) + " |")
        print("|---|---|" + "---|" * len(names))
        for tune in [n for n in names if n.startswith("MTV-1")] + ["both MTV-1 phones"]:
            tuned = [tune] if tune in names else [n for n in names if n.startswith("MTV-1")]
            allowed = [c for c in CANDIDATES if all(per_hour(c, n) <= 5 for n in tuned)] or list(CANDIDATES)
            best = min(allowed, key=lambda c: statistics.mean(objective(results[c], n) for n in tuned))
            print(f"| {tune} | {best} | " + " | ".join(f"{objective(results[best], n):.3f}, {per_hour(best, n):.1f}" for n in names) + " |")
        print("\n| candidate | " + " | ".join(f"{n}: objective, parked m/h" for n in names) + " |")
        print("|---|" + "---|" * len(names))
        for candidate in CANDIDATES:
            print(f"| {candidate} | " + " | ".join(f"{objective(results[candidate], n):.3f}, {per_hour(candidate, n):.1f}" for n in names) + " |")

        print("\n## Parked: metres added while the truth stands still (1 Hz fixes, streaming odometer; the drives stand "
              "still only at their start, while the receiver settles, and at their end)\n")
        print("| phone | rule | stops | standing s | added m | per hour | of it in the stop at the start |")
        print("|---|---|---|---|---|---|---|")
        for config in ("default", "50 m rule"):
            for name in names:
                rows = parked_by[config][name]
                standing = sum(duration for _, duration, _ in rows)
                added = sum(metres for _, _, metres in rows)
                early = sum(metres for start, _, metres in rows if start < 60)
                print(f"| {name} | {config} | {len(rows)} | {standing:.0f} | {added:.1f} | {3600 * added / max(standing, 1):.1f} | {early:.1f} |")

    print("\n## gpxpy test files: locomotion vs an independent plain geodesic sum (gpxpy parser + GeographicLib)\n")
    print("| file | points | plain sum within segments m | locomotion --no-filters m | difference | default m | 50 m rule m "
          "| default: jumps / spikes / still / re-anchors |")
    print("|---|---|---|---|---|---|---|---|")
    folder = os.path.join(args.datasets, "gpxpy-testfiles/raw")
    for name in ("around-visnjan-with-car", "cerknicko-jezero", "korita-zbevnica"):
        path = os.path.join(folder, f"{name}.gpx")
        with open(path) as handle:
            document = gpxpy.parse(handle)
        segments = [[(p.latitude, p.longitude) for p in segment.points]
                    for track in document.tracks for segment in track.segments]
        reference = sum(geodesic_sum(segment) for segment in segments)
        points = sum(len(segment) for segment in segments)
        off = run_distance(binary, path, ["--no-filters"])[os.path.basename(path)]
        on = run_distance(binary, path, [])[os.path.basename(path)]
        old = run_distance(binary, path, ["--rule", "fixed-distance"])[os.path.basename(path)]
        print(f"| {name} | {points} | {reference:,.1f} | {off['distance_m']:,.1f} | "
              f"{100 * (off['distance_m'] - reference) / reference:+.4f} % | {on['distance_m']:,.1f} | {old['distance_m']:,.1f} | "
              f"{on['rejected_jumps']} / {on['rejected_spikes']} / {on['rejected_still']} / {on['reanchors']} |")


if __name__ == "__main__":
    sys.exit(main())
