#!/usr/bin/env bash
# Scores the default classifier on the fixed split of datasets.py (tune / test people; a quick per-dataset view).
# The leave-one-person-out figures of Docs/accuracy.md (## Activity) come from Scripts/evaluation/activity/louo.py.
#   Scripts/evaluation/activity/evaluate.sh [TRACES_DIR]
# Converts the four datasets into labelled trace CSVs (Scripts/evaluation/activity/convert.py, fixed split by person),
# builds the release CLI and scores the Swift classifier with `locomotion evaluate` on each split.
set -euo pipefail
cd "$(dirname "$0")/../../.."
OUT=${1:-/tmp/activity-traces}
if [ ! -d "$OUT/us-tm2017" ]; then python3 Scripts/evaluation/activity/convert.py "$OUT"; fi
swift build -c release --product locomotion >/dev/null
L=.build/release/locomotion
# MobiFall jump files have a median |a| of ~0.3 g (free flight) and fail the reader's unit check; their label is
# `unknown` (not scored), so they are left out.
mobifall_test=$(ls "$OUT"/mobifall-v2/test/*.csv | grep -v /JUM_)
mobifall_tune=$(ls "$OUT"/mobifall-v2/tune/*.csv | grep -v /JUM_)
run() { echo "### $1"; shift; "$L" evaluate "$@"; }
run "Headline: all test people, ≥ 5 Hz phones (us-tm2017 test + mobifall-v2 test + geotecinit-sp-har test)" \
    "$OUT"/us-tm2017/test/*.csv $mobifall_test "$OUT"/geotecinit-sp-har/test/*.csv
run "us-tm2017 test people (Elena, FrancescoP, andreacasalena; ~5-10 Hz)" "$OUT"/us-tm2017/test/*.csv
run "us-tm2017 user andrea (~3-4 Hz, gaps), defaults" "$OUT"/us-tm2017/test-lowrate/*.csv
echo '{"maximumGap": 3}' > "$OUT/gap3.json"
run "us-tm2017 user andrea (~3-4 Hz), maximumGap 3 s" --config "$OUT/gap3.json" "$OUT"/us-tm2017/test-lowrate/*.csv
run "mobifall-v2 test subjects 4, 5, 7 (stairs scored as walking; transitions unscored)" $mobifall_test
run "mobifall-v2 test subjects, steady activities only (JOG, WAL, STD)" \
    "$OUT"/mobifall-v2/test/JOG_*.csv "$OUT"/mobifall-v2/test/WAL_*.csv "$OUT"/mobifall-v2/test/STD_*.csv
run "geotecinit-sp-har test subjects s05-s12" "$OUT"/geotecinit-sp-har/test/*.csv
run "basicmotions (smartwatch, 10 Hz, gravity removed; smoke test)" "$OUT"/basicmotions/test/*.csv
run "Tuning people (for reference only): us-tm2017 Damiano, Claudio" "$OUT"/us-tm2017/tune/*.csv
run "Tuning people (for reference only): mobifall-v2 2, 3" $mobifall_tune
run "Tuning people (for reference only): geotecinit-sp-har s01-s04" "$OUT"/geotecinit-sp-har/tune/*.csv
