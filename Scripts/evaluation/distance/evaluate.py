#!/usr/bin/env python3
"""Distance accuracy of `locomotion distance` on real data (Docs/accuracy.md, ## Odometer).

1. GSDC 2021 drive 2020-05-14-US-MTV-1: each phone's chipset NMEA fixes against the
   NovAtel SPAN RTK/INS truth (10 Hz), the truth clipped to the phone's first..last fix.
2. gpxpy test files: `locomotion distance --no-filters` against a plain geodesic sum
   computed here independently (gpxpy's GPX parser + GeographicLib's Karney geodesic),
   and the filtered figure next to it.

Usage:  pip install geographiclib gpxpy
        swift build -c release --product locomotion
        python3 Scripts/evaluation/distance/evaluate.py [--locomotion .build/release/locomotion] [--datasets ../shared/datasets]
"""
import argparse
import json
import os
import subprocess
import sys
from datetime import datetime, timezone

from geographiclib.geodesic import Geodesic
import gpxpy

WGS84 = Geodesic.WGS84


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
    """(time, lat, lon) per epoch from GGA+RMC; written independently of the Swift reader."""
    epochs = {}
    date = None
    for line in open(path):
        line = line.strip()
        if not line.startswith("$") or not nmea_checksum_ok(line):
            continue
        fields = line[1:].split("*")[0].split(",")
        kind = fields[0][2:]
        if kind == "RMC" and fields[2] == "A":
            date = datetime.strptime(fields[9], "%d%m%y").replace(tzinfo=timezone.utc)
            epochs.setdefault(fields[1], {})["date"] = date
            epochs[fields[1]]["pos"] = (ddmm(fields[3], fields[4], 2), ddmm(fields[5], fields[6], 3))
        elif kind == "GGA" and fields[6] not in ("", "0"):
            epochs.setdefault(fields[1], {})["pos"] = (ddmm(fields[2], fields[3], 2), ddmm(fields[4], fields[5], 3))
    fixes = []
    for hhmmss, epoch in epochs.items():
        day = epoch["date"].timestamp()
        seconds = int(hhmmss[:2]) * 3600 + int(hhmmss[2:4]) * 60 + float(hhmmss[4:])
        fixes.append((day + seconds, *epoch["pos"]))
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


def locomotion(binary, path, *options):
    out = subprocess.run([binary, "distance", path, "--time-zone", "UTC", "--format", "json", *options],
                         check=True, capture_output=True, text=True).stdout
    return [json.loads(row) for row in out.splitlines()]


def main():
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
    parser = argparse.ArgumentParser()
    parser.add_argument("--locomotion", default=os.path.join(root, ".build/release/locomotion"))
    parser.add_argument("--datasets", default=os.environ.get("LOCOMOTION_DATASETS", os.path.join(root, "../shared/datasets")))
    args = parser.parse_args()

    drive = os.path.join(args.datasets, "gsdc2021-mtv-nmea/raw/2020-05-14-US-MTV-1")
    day = datetime(2020, 5, 14, tzinfo=timezone.utc).timestamp()
    truth_all = read_span(os.path.join(drive, "SPAN_Pixel4_10Hz.csv"), day)
    print("## GSDC 2021 MTV-1: phone chipset fixes vs SPAN RTK/INS truth (clipped to each phone's fix window)\n")
    print("| phone | fixes | window (UTC) | truth m | plain geodesic sum m (Python) | locomotion --no-filters m | error | locomotion default m | error | jumps / re-anchors |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for phone in ("Pixel4", "Pixel4XLModded"):
        path = os.path.join(drive, f"{phone}_chipset.nmea")
        fixes = read_nmea(path)
        start, end = fixes[0][0], fixes[-1][0]
        truth = [(lat, lon) for t, lat, lon in truth_all if start <= t <= end]
        truth_m = geodesic_sum(truth)
        plain = geodesic_sum([(lat, lon) for _, lat, lon in fixes])
        off = locomotion(args.locomotion, path, "--no-filters")
        on = locomotion(args.locomotion, path)
        off_m = sum(r["distance_m"] for r in off)
        on_m = sum(r["distance_m"] for r in on)
        jumps = sum(r["rejected_jumps"] for r in on)
        reanchors = sum(r["reanchors"] for r in on)
        window = f"{datetime.fromtimestamp(start, timezone.utc):%H:%M:%S}–{datetime.fromtimestamp(end, timezone.utc):%H:%M:%S}"
        print(f"| {phone} | {len(fixes)} | {window} | {truth_m:,.1f} | {plain:,.1f} | {off_m:,.1f} | "
              f"{100 * (off_m - truth_m) / truth_m:+.2f} % | {on_m:,.1f} | {100 * (on_m - truth_m) / truth_m:+.2f} % | {jumps} / {reanchors} |")

    print("\n## gpxpy test files: locomotion vs an independent plain geodesic sum (gpxpy parser + GeographicLib)\n")
    print("| file | points | plain sum within segments m | locomotion --no-filters m | difference | gpxpy length_2d m "
          "| locomotion default m | jumps / re-anchors | steps > 50 m: n, m | rest of the loss m |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    folder = os.path.join(args.datasets, "gpxpy-testfiles/raw")
    for name in ("around-visnjan-with-car", "cerknicko-jezero", "korita-zbevnica"):
        path = os.path.join(folder, f"{name}.gpx")
        with open(path) as handle:
            document = gpxpy.parse(handle)
        segments = [[(p.latitude, p.longitude) for p in segment.points]
                    for track in document.tracks for segment in track.segments]
        reference = sum(geodesic_sum(segment) for segment in segments)
        points = sum(len(segment) for segment in segments)
        off = locomotion(args.locomotion, path, "--no-filters")
        on = locomotion(args.locomotion, path)
        off_m = sum(r["distance_m"] for r in off)
        on_m = sum(r["distance_m"] for r in on)
        jumps = sum(r["rejected_jumps"] for r in on)
        reanchors = sum(r["reanchors"] for r in on)
        # The filtered loss is the steps longer than the jump limit (never added) plus the
        # short steps to and between fixes that stayed jumps (runs too short to re-anchor).
        steps = [WGS84.Inverse(a[0], a[1], b[0], b[1])["s12"] for segment in segments for a, b in zip(segment, segment[1:])]
        long_steps = [step for step in steps if step > 50]
        rest = (off_m - on_m) - sum(long_steps)
        print(f"| {name} | {points} | {reference:,.1f} | {off_m:,.1f} | {100 * (off_m - reference) / reference:+.4f} % | "
              f"{document.length_2d():,.1f} | {on_m:,.1f} | {jumps} / {reanchors} | {len(long_steps)}, {sum(long_steps):,.1f} | {rest:,.1f} |")


if __name__ == "__main__":
    sys.exit(main())
