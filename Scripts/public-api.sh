#!/usr/bin/env bash
# Counts the public declarations of the library modules, from their symbol graphs (`swift package
# dump-symbol-graph`: public only, `@_spi` left out, members a type gets from a protocol's default implementation
# left out), and prints one line per module and the total. Every declaration written in the sources counts once: a
# type, each of its properties, methods, initialisers, subscripts, enumeration cases and type aliases, and each
# member added to another module's type by an extension. The compiler's own (`init(from:)` of a synthesised
# `Codable`, `init(rawValue:)` of an enumeration with raw values: no source location) are counted in a column of
# their own.
#
#   Scripts/public-api.sh            # the counts
#   Scripts/public-api.sh --list     # also every declaration, `Module kind path`, sorted (diff two revisions)
#
# Builds the package (debug) first when needed. The issue-28 target is at most 700 in all.
set -euo pipefail
cd "$(dirname "$0")/.."
list=0
[ "${1:-}" = "--list" ] && list=1
modules="LocomotionDSP Locomotion LocomotionIO LocomotionDatasets LocomotionEvaluation"
# Old graphs go first, so that a module whose graph could not be made is missing rather than stale. The command
# exits non-zero when it cannot extract the test targets' graphs (test modules are not meant for it): the library
# modules' graphs are what is read, and a missing one is the error.
rm -rf .build/*/symbolgraph
log=$(swift package dump-symbol-graph --skip-synthesized-members 2>&1) || true
folder=$(echo "$log" | sed -n 's/^.*[Ff]iles written to //p' | tail -1)
if [ ! -f "$folder/Locomotion.symbols.json" ]; then
    echo "$log" >&2; echo "public-api.sh: no symbol graphs (output above)" >&2; exit 1
fi
python3 - "$folder" "$list" $modules <<'PYTHON'
import glob, json, os, sys

folder, show, modules = sys.argv[1], sys.argv[2] == "1", sys.argv[3:]
rows, counts, synthesized = [], {}, {}
for module in modules:
    # Module.symbols.json holds the module's own declarations; Module@Other.symbols.json the members it adds to
    # Other's types.
    files = glob.glob(os.path.join(folder, f"{module}.symbols.json")) + glob.glob(os.path.join(folder, f"{module}@*.symbols.json"))
    seen, made = set(), set()
    for path in files:
        with open(path) as handle:
            graph = json.load(handle)
        for symbol in graph["symbols"]:
            if symbol.get("accessLevel") not in ("public", "open") or "spi" in symbol:
                continue
            identifier = symbol["identifier"]["precise"]
            if identifier in seen or identifier in made:
                continue
            # Declarations have a place in a source file; what the compiler makes has none.
            (seen if "location" in symbol else made).add(identifier)
            mark = "" if "location" in symbol else " (synthesized)"
            rows.append(f'{module} {symbol["kind"]["identifier"].removeprefix("swift.")} {".".join(symbol["pathComponents"])}{mark}')
    counts[module], synthesized[module] = len(seen), len(made)
if show:
    print("\n".join(sorted(rows)))
print(f"{'module':22} {'declared':>8} {'synthesized':>11}")
for module in modules:
    if glob.glob(os.path.join(folder, f"{module}.symbols.json")):
        print(f"{module:22} {counts[module]:8} {synthesized[module]:11}")
print(f"{'total':22} {sum(counts.values()):8} {sum(synthesized.values()):11}")
PYTHON
