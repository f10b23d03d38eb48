#!/usr/bin/env bash
# The Spark integration's tests, as `make test` runs them: unit tests of the package, then the job on a
# standalone cluster (master + one worker on localhost) compared row by row with the local tables.
# The package is tested as users get it: installed with pip into a fresh virtual environment (its
# pyproject.toml, its dependency range, the locomotion-spark-submit-path console script), never from the source
# tree. That environment sees the PySpark of Scripts/ci/install-spark.sh's (a .pth file), so pip finds the
# dependency installed and builds the package from the wheelhouse: no network needed after the first install.
#
# Usage: Integrations/spark/run-tests.sh [LOCOMOTION_BINARY]   (default: .build/debug/locomotion)
# Installs Java 17 and PySpark where missing (Scripts/ci/install-spark.sh); when they cannot be installed it says
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
python="$(./Scripts/ci/install-spark.sh)" || status=$?
if [ "$status" -eq 3 ]; then
  echo "spark: SKIPPED — Java 17 or PySpark cannot be installed on this machine (reason above); the Spark job is untested here"
  exit 0
elif [ "$status" -ne 0 ]; then
  exit "$status"
fi

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
"$python" -m venv "$work/venv"
site_packages() { "$1" -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])'; }
site_packages "$python" > "$(site_packages "$work/venv/bin/python")/locomotion-test-pyspark.pth"
cp -R Integrations/spark "$work/locomotion-spark"   # pip builds in the folder: keep the checkout clean
if ! "$work/venv/bin/python" -m pip install -q --no-index --find-links "$(dirname "$python")/../wheelhouse" \
    "$work/locomotion-spark" >"$work/pip.log" 2>&1; then
  cat "$work/pip.log" >&2
  echo "error: pip cannot install Integrations/spark into a fresh virtual environment (above)" >&2
  exit 1
fi
python="$work/venv/bin/python"

unset PYTHONPATH
export LOCOMOTION_SPARK_INSTALLED=1   # the tests check that they test the installed package
export LOCOMOTION_BINARY="$binary"
export LOCOMOTION_DATASETS="${LOCOMOTION_DATASETS:-$PWD/../shared/datasets}"
export PATH="$work/venv/bin:$PATH"
cd Integrations/spark/tests   # not Integrations/spark: its locomotion_spark folder would shadow the installed one
log="$work/unittest.log"
if "$python" -m unittest -v test_units test_collectors test_aware_tables test_cluster 2>&1 | tee "$log" | grep -E '^(test_|Ran |OK|FAILED|note:|ERROR|FAIL|Traceback|AssertionError)'; then :; fi
ran="$(sed -n 's/^Ran \([0-9]*\) tests\{0,1\}.*/\1/p' "$log" | tail -1)"
failed="$(grep -cE '^(FAIL|ERROR):' "$log" || true)"
skipped="$(grep -cE ' \.\.\. skipped' "$log" || true)"
echo "spark: $(( ${ran:-0} - failed - skipped )) passed, $failed failed, $skipped skipped"
if ! grep -qE '^OK' "$log"; then
  grep -E -A30 '^(FAIL|ERROR):' "$log" | head -120
  exit 1
fi
