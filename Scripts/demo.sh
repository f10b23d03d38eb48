#!/usr/bin/env bash
# The README's main job: label the bundled sample trace and summarise it.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=.build/release/locomotion
"$bin" --help
