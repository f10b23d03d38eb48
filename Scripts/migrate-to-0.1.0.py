#!/usr/bin/env python3
"""Rewrites Swift sources and Markdown from the names Locomotion had before 0.1.0 to the 0.1.0 names.

    Scripts/migrate-to-0.1.0.py PATH...        # files or folders (*.swift, *.md), rewritten in place

Every rename of CHANGELOG.md's 0.1.0 section that a text substitution can make: a type that became nested
(`StepDetectorConfiguration` → `StepDetector.Configuration`; in a DocC symbol link ``StepDetectorConfiguration/x``
→ ``StepDetector/Configuration/x``) and a member with one spelling (`maxGap` → `maximumGap`). Whole words only.
What it cannot do (an API that changed shape) the CHANGELOG says in words. Run it on a branch written against the
old names before merging it with 0.1.0, or on an app's sources; then build and read the diff.
"""

import os
import re
import sys

# (old, new), applied in this order. A new name with a dot is a nested type.
RENAMES = [
    # Every configuration nested in the type it configures.
    ("StepDetectorConfiguration", "StepDetector.Configuration"),
    ("GatingConfiguration", "RecordingGate.Configuration"),
    ("OdometerConfiguration", "Odometer.Configuration"),
    ("EpochConfiguration", "RecordingTables.Configuration"),
    # One spelling: maximum, not max.
    ("maxGap", "maximumGap"),
    # One spelling for the gate: its types nested in RecordingGate, "gate" where "gating" was.
    ("GatingEvent", "RecordingGate.Event"),
    ("GatingPhase", "RecordingGate.Phase"),
    ("GatingPolicy", "RecordingGate.Policy"),
    ("GatingReason", "RecordingGate.Reason"),
    ("GatingRule", "RecordingGate.Rule"),
    ("GatingTrigger", "RecordingGate.Trigger"),
    ("GatingInput", "RecordingGate.Input"),
    ("GatingSegmenter", "RecordingGate.Segmenter"),
    ("GatingSegment", "RecordingGate.Segment"),
    ("GatingError", "RecordingGateError"),
    ("GatingTruthComparison", "GateTruthComparison"),
]


def rewrite(text):
    for old, new in RENAMES:
        word = re.compile(r"(?<![A-Za-z0-9_])" + re.escape(old) + r"(?![A-Za-z0-9_])")
        # DocC symbol links (``Type/member``) separate nested names with a slash.
        text = re.sub(r"``[^`\n]+``", lambda link: word.sub(new.replace(".", "/"), link.group(0)), text)
        text = word.sub(new, text)
    return text


def files(paths):
    for path in paths:
        if os.path.isdir(path):
            for folder, subfolders, names in os.walk(path):
                subfolders[:] = sorted(name for name in subfolders if not name.startswith("."))
                for name in sorted(names):
                    if name.endswith((".swift", ".md")):
                        yield os.path.join(folder, name)
        else:
            yield path


def main(paths):
    if not paths:
        sys.exit(__doc__)
    for path in files(paths):
        with open(path, encoding="utf-8") as handle:
            text = handle.read()
        new = rewrite(text)
        if new != text:
            with open(path, "w", encoding="utf-8") as handle:
                handle.write(new)
            print(path)


if __name__ == "__main__":
    main(sys.argv[1:])
