#!/usr/bin/env bash
# Fails when two tracked paths differ only in letter case: on a case-insensitive file system (macOS's default,
# Windows) they would be one file or folder, and a clone would silently mix them.
set -euo pipefail
cd "$(dirname "$0")/../.."
# Every tracked file and every folder above it, lower-cased; a name seen twice in different spellings collides.
collisions=$(git ls-files | awk -F/ '{ path = ""; for (i = 1; i <= NF; i++) { path = (i == 1 ? $i : path "/" $i); print path } }' \
    | sort -u | awk '{ key = tolower($0); if (key in seen && seen[key] != $0) print seen[key] "  <->  " $0; else seen[key] = $0 }')
if [ -n "$collisions" ]; then
    echo "error: tracked paths that differ only in case (one path on a case-insensitive file system):" >&2
    echo "$collisions" >&2
    exit 1
fi
