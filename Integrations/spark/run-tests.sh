#!/usr/bin/env bash
# The Spark integration's tests, as `make test` runs them: unit tests of the package, then the job on a
# standalone cluster (master + one worker on localhost) compared row by row with the local tables.
#
# Usage: Integrations/spark/run-tests.sh [LOCOMOTION_BINARY]   (default: .build/debug/locomotion)
# Installs Java 17 and PySpark where missing (Scripts/install-spark.sh); when they cannot be installed it says
# why and skips (exit 0). LOCOMOTION_SKIP_SPARK=1 skips on purpose.
set -euo pipefail
cd "$(dirname "$0")/../.."
binary="$(cd "$(dirname "${1:-.build/debug/locomotion}")" && pwd)/$(basename "${1:-.build/debug/locomotion}")"

if [ -n "${LOCOMOTION_SKIP_SPARK:-}" ]; then
  echo "spark: skipped (LOCOMOTION_SKIP_SPARK is set)"
  exit 0
fi
[ -x "$binary" ] || { echo "error: $binary is not an executable locomotion binary (build it first)" >&2; exit 1; }

status=0
python="$(./Scripts/install-spark.sh)" || status=$?
if [ "$status" -eq 3 ]; then
  echo "spark: SKIPPED — Java 17 or PySpark cannot be installed on this machine (reason above); the Spark job is untested here"
  exit 0
elif [ "$status" -ne 0 ]; then
  exit "$status"
fi

export PYTHONPATH="$PWD/Integrations/spark${PYTHONPATH:+:$PYTHONPATH}"
export LOCOMOTION_BINARY="$binary"
export LOCOMOTION_DATASETS="${LOCOMOTION_DATASETS:-$PWD/../shared/datasets}"
export PATH="$(dirname "$python"):$PATH"
cd Integrations/spark
log="$(mktemp)"
trap 'rm -f "$log"' EXIT
if "$python" -m unittest -v tests.test_units tests.test_cluster 2>&1 | tee "$log" | grep -E '^(test_|Ran |OK|FAILED|note:|ERROR|FAIL|Traceback|AssertionError)'; then :; fi
ran="$(sed -n 's/^Ran \([0-9]*\) tests\{0,1\}.*/\1/p' "$log" | tail -1)"
failed="$(grep -cE '^(FAIL|ERROR):' "$log" || true)"
skipped="$(grep -cE ' \.\.\. skipped' "$log" || true)"
echo "spark: $(( ${ran:-0} - failed - skipped )) passed, $failed failed, $skipped skipped"
if ! grep -qE '^OK' "$log"; then
  grep -E -A30 '^(FAIL|ERROR):' "$log" | head -120
  exit 1
fi
