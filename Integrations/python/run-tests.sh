#!/usr/bin/env bash
# The Python package's tests, run the way a user gets it: `make wheel`, then the wheel installed with pip into a fresh
# virtual environment, and the tests (tests/test_python.py) run with a PATH that has no Swift toolchain and no
# LD_LIBRARY_PATH. BINARY: the command line to compare the tables with — built with the same FFT as the wheel (the
# Swift FFT: make test passes the build of test-swift-fft).
#
#   Integrations/python/run-tests.sh BINARY
set -euo pipefail
cd "$(dirname "$0")/../.."
binary="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"
start=$(date +%s)
wheel=$(./Scripts/ci/build-wheel.sh | tail -1)
built=$(date +%s)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python=$(command -v python3)
clean_path=/usr/local/bin:/usr/bin:/bin
# numpy and pandas from the index (or pip's cache); where neither is reachable, the interpreter's own copies.
"$python" -m venv "$work/venv"
if ! env -i HOME="$HOME" PATH="$work/venv/bin:$clean_path" "$work/venv/bin/pip" install -q "$wheel" >"$work/pip.log" 2>&1; then
  echo "note: pip could not fetch numpy/pandas (offline?); the venv uses the interpreter's (log: $(tail -1 "$work/pip.log"))"
  rm -rf "$work/venv"
  "$python" -m venv --system-site-packages "$work/venv"
  env -i HOME="$HOME" PATH="$work/venv/bin:$clean_path" "$work/venv/bin/pip" install -q --no-deps "$wheel"
fi
# auditwheel (PyPI) confirms the manylinux tag where it can be installed.
env -i HOME="$HOME" PATH="$work/venv/bin:$clean_path" "$work/venv/bin/pip" install -q auditwheel >/dev/null 2>&1 \
  || echo "note: auditwheel could not be installed; the tag is checked without it"
log="$work/unittest.log"
cd Integrations/python/tests   # not Integrations/python: its locomotion folder would shadow the installed one
if env -i HOME="$HOME" PATH="$work/venv/bin:$clean_path" LANG=C.UTF-8 LOCOMOTION_PYTHON_INSTALLED=1 \
    LOCOMOTION_BINARY="$binary" LOCOMOTION_WHEEL="$OLDPWD/$wheel" LOCOMOTION_REPOSITORY="$OLDPWD" \
    LOCOMOTION_DATASETS="${LOCOMOTION_DATASETS:-$OLDPWD/../shared/datasets}" \
    "$work/venv/bin/python" -m unittest -v test_python >"$log" 2>&1; then ok=1; else ok=0; fi
grep -E '^(test_|Ran |OK|FAILED|note:)' "$log" || true
echo "python: wheel built in $((built - start)) s, tests in $(( $(date +%s) - built )) s"
if [ "$ok" -ne 1 ]; then
  grep -E -A40 '^(FAIL|ERROR):' "$log" | head -150
  exit 1
fi
