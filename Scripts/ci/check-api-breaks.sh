#!/usr/bin/env bash
# Fails when the public API of the library products (LocomotionDSP, Locomotion, LocomotionIO) breaks against the
# release recorded in .api-baseline: `swift package diagnose-api-breaking-changes` builds that commit beside this
# checkout and compares the modules' interfaces; breaks on `package` declarations, which the tool reports too, are left
# out (they are not public API; see below). SPI is not public API either. An
# intended break is a new release: record it in CHANGELOG.md and re-point .api-baseline.
#
#   Scripts/ci/check-api-breaks.sh
#
# The baseline is a commit hash, which a full `git clone` carries (a tag might not travel, a shallow clone lacks the
# history: then this says so and fails). The current checkout's build is the one in .build (make test's); the
# baseline is built once and its API kept in .build-api-baseline/ for the next runs.
set -euo pipefail
cd "$(dirname "$0")/../.."
baseline="$(sed -e 's/#.*//' .api-baseline | tr -d '[:space:]')"
if [ -z "$baseline" ]; then
    echo "error: .api-baseline names no commit" >&2
    exit 1
fi
if ! git cat-file -e "$baseline^{commit}" 2>/dev/null; then
    echo "error: the API baseline $baseline (.api-baseline) is not in this clone; a shallow clone lacks it: git fetch --unshallow" >&2
    exit 1
fi
kept=.build-api-baseline
mkdir -p "$kept"
start=$SECONDS
if swift package diagnose-api-breaking-changes "$baseline" --products LocomotionDSP Locomotion LocomotionIO \
        --baseline-dir "$kept" > "$kept/report.txt" 2>&1; then
    echo "api: no break against $baseline ($((SECONDS - start)) s)"
    exit 0
fi
# The digester also compares `package` declarations (the modules are built with a package name), which are not public
# API: a change to them breaks nothing outside this package, and inside it the compiler has checked every use. A break
# whose symbol belongs to a top-level declaration written `package` is left out; any other break fails. A report with
# no break lines at all (the tool failed) fails too.
if python3 - "$kept/report.txt" <<'PYTHON'
import glob, re, sys
report = open(sys.argv[1], encoding="utf-8", errors="replace").read().splitlines()
breaks = [line.strip() for line in report if "API breakage:" in line]
sources = "\n".join(open(path, encoding="utf-8").read() for path in glob.glob("Sources/**/*.swift", recursive=True))
def package_only(line):
    words = line.split("API breakage:", 1)[1].split()
    if len(words) < 2:
        return False
    top = re.split(r"[.(]", words[1], maxsplit=1)[0]
    declaration = r"^\s*package\s+(?:final\s+)?(?:struct|enum|class|actor|protocol|typealias|func|var|let)\s+" + re.escape(top) + r"\b"
    return re.search(declaration, sources, re.M) is not None
public = [line for line in breaks if not package_only(line)]
if not breaks or public:
    sys.exit(1)
print(f"api: no break of the public API; {len(breaks)} change(s) to package declarations left out:")
for line in breaks:
    print("   ", line)
PYTHON
then
    echo "api: against $baseline ($((SECONDS - start)) s)"
else
    cat "$kept/report.txt" >&2
    echo "error: the public API breaks against the release $baseline (.api-baseline); above, each break (changes to package declarations are not breaks). An intended one is a new release: CHANGELOG.md, then re-point .api-baseline." >&2
    exit 1
fi
