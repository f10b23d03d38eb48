#!/usr/bin/env python3
"""The `--skip` pattern of the fast lane (`make check`): every test or suite that carries a tag the lane leaves out.

    Scripts/ci/fast-lane-skips.py [TAG...]      # default: realData

Swift Testing tags mark the tests (`@Test(.tags(.realData), …)`, `@Suite(.tags(.realData), …)`; the tag is declared
in Tests/LocomotionTestSupport/TestTags.swift), but `swift test` selects tests by identifier only, so this reads
the test sources and prints one regular expression matching the identifiers of the tagged ones
(`Module.Suite/` for a suite, `Module.Suite/function(` for a test), for `swift test --skip`. It fails when a tagged
declaration cannot be placed in a suite, so that no tagged test runs unnoticed.
"""

import os
import re
import sys

root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "Tests")
tags = sys.argv[1:] or ["realData"]
tagged = re.compile(r"\.tags\([^)]*\.(?:" + "|".join(map(re.escape, tags)) + r")\b")
declaration = re.compile(r"^\s*(?:public |private |fileprivate |internal )?(?:final )?(struct|class|enum|extension|actor|func)\s+([A-Za-z_][A-Za-z0-9_.]*)")



def without_attributes(line):
    """`line` without the attributes it starts with (`@Suite(.tags(.realData)) struct X` → `struct X`)."""
    text = line.lstrip()
    while text.startswith("@"):
        index = 1
        while index < len(text) and (text[index].isalnum() or text[index] == "_"):
            index += 1
        if index < len(text) and text[index] == "(":
            depth = 0
            while index < len(text):
                depth += {"(": 1, ")": -1}.get(text[index], 0)
                index += 1
                if depth == 0:
                    break
        text = text[index:].lstrip()
    return " " * (len(line) - len(line.lstrip())) + text


patterns = []
for module in sorted(os.listdir(root)):
    folder = os.path.join(root, module)
    if not module.endswith("Tests") or not os.path.isdir(folder):
        continue
    for directory, _, names in os.walk(folder):
        for name in sorted(names):
            if not name.endswith(".swift"):
                continue
            path = os.path.join(directory, name)
            lines = open(path, encoding="utf-8").read().split("\n")
            types = []        # (indent, type name) of the enclosing declarations
            attribute = None  # text of an @Test/@Suite attribute not yet followed by its declaration
            for line in lines:
                stripped = line.strip()
                if attribute is None and re.match(r"@(Test|Suite)\b", stripped):
                    attribute = ""
                if attribute is not None:
                    attribute += " " + stripped
                match = declaration.match(without_attributes(line))
                if not match:
                    continue
                indent = len(line) - len(line.lstrip())
                types = [t for t in types if t[0] < indent]
                kind, symbol = match.groups()
                if attribute is not None and tagged.search(attribute):
                    if kind == "func":
                        if not types:
                            sys.exit(f"{path}: a tagged test outside a suite: {stripped}")
                        patterns.append(f"{module}.{types[-1][1]}/{symbol}(")
                    else:
                        patterns.append(f"{module}.{symbol}/")
                attribute = None
                if kind != "func":
                    types.append((indent, symbol))
if not patterns:
    sys.exit("fast-lane-skips.py: no test carries the tags " + ", ".join(tags))
print("|".join(re.escape(p) for p in sorted(set(patterns))))
