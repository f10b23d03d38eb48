#!/usr/bin/env bash
# Fails when the public API of the library products (LocomotionDSP, Locomotion, LocomotionIO) breaks against the
# release recorded in .api-baseline: `swift package diagnose-api-breaking-changes` builds that commit beside this
# checkout and compares the modules' public interfaces (SPI and package declarations are not public API). An
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
else
    cat "$kept/report.txt" >&2
    echo "error: the public API breaks against the release $baseline (.api-baseline); above, each break. An intended one is a new release: CHANGELOG.md, then re-point .api-baseline." >&2
    exit 1
fi
