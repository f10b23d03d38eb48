#!/usr/bin/env bash
# Counts malloc calls of `locomotion steps` on traces of different lengths (Linux/glibc):
# a constant count means no heap allocation per sample (reader + detector).
#   swift build -c release --product locomotion
#   python3 Scripts/evaluation/steps/evaluate.py >/dev/null   # once, to convert the traces (.build/steps-converted)
#   Benchmarks/steps-malloc-count.sh .build/steps-converted/oxford/*_InHand_1.csv
# $LOCOMOTION picks another binary (default .build/release/locomotion).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cat > "$work/count.c" <<'C'
#include <stdio.h>
#include <stddef.h>
static unsigned long calls = 0;
extern void *__libc_malloc(size_t);
void *malloc(size_t size) { calls++; return __libc_malloc(size); }
__attribute__((destructor)) static void report(void) { fprintf(stderr, "mallocs=%lu\n", calls); }
C
cc -shared -fPIC -O2 -o "$work/count.so" "$work/count.c"
for trace in "$@"; do
    rows=$(($(wc -l < "$trace") - 1))
    count=$(LD_PRELOAD="$work/count.so" "${LOCOMOTION:-$root/.build/release/locomotion}" steps "$trace" 2>&1 >/dev/null | sed -n 's/^mallocs=//p')
    echo "$(basename "$trace") rows=$rows mallocs=$count"
done
