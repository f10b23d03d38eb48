#!/usr/bin/env bash
# `make wheel`: the Python package `locomotion` (Integrations/python) as a binary wheel in dist/.
#
# 1. The C interface (Sources/LocomotionPython) and the library it calls, built as the static product
#    LocomotionPython with the package's own Swift FFT (--disable-default-traits: no FFTW, no GPL code in the wheel),
#    release, in its own build folder (.build-wheel).
# 2. One shared library, liblocomotion.so, with the Swift runtime and Foundation linked in statically: the wheel
#    needs no Swift toolchain. FoundationEssentials finds the ICU time-zone implementation by type name at run
#    time, so libFoundationInternationalization.a is linked whole (otherwise TimeZone(identifier:) is nil and
#    every local day is wrong); only the locomotion_* functions are exported. zlib (`.gz` inputs) is the system's
#    libz.so.1, one of the libraries every manylinux policy allows.
# 3. The wheel (Scripts/ci/make-wheel.py), tagged manylinux_<glibc>_x86_64 after the newest glibc symbol
#    version the library needs.
#
#   Scripts/ci/build-wheel.sh            # dist/locomotion-<version>-py3-none-manylinux_2_NN_<arch>.whl
set -euo pipefail
cd "$(dirname "$0")/../.."
SWIFT=${SWIFT:-swift}
scratch=.build-wheel
mkdir -p "$scratch"
if ! nice "$SWIFT" build -c release --disable-default-traits --product LocomotionPython --scratch-path "$scratch" \
    >"$scratch/build.log" 2>&1; then
  cat "$scratch/build.log" >&2; exit 1
fi
release=$("$SWIFT" build -c release --disable-default-traits --scratch-path "$scratch" --show-bin-path)
toolchain=$(dirname "$(dirname "$(readlink -f "$(command -v "$SWIFT")")")")
static=$toolchain/lib/swift_static/linux
arch=$(uname -m)
clang=$toolchain/bin/clang
[ -x "$clang" ] || clang=clang
mkdir -p "$scratch/wheel"
printf '{ global: locomotion_*; local: *; };\n' > "$scratch/wheel/exports.map"
# The static product's archive holds the objects of the C interface and of every library module it uses.
nice "$clang" -shared -o "$scratch/wheel/liblocomotion.so" -fuse-ld=lld \
    "$static/$arch/swiftrt.o" \
    -Wl,--whole-archive "$release/libLocomotionPython.a" "$static/libFoundationInternationalization.a" \
    -Wl,--no-whole-archive \
    -Wl,--start-group \
    "$static/libFoundation.a" "$static/libCoreFoundation.a" "$static/libFoundationEssentials.a" \
    "$static/lib_FoundationICU.a" "$static/lib_FoundationCShims.a" "$static/lib_FoundationCollections.a" \
    "$static/libswiftSynchronization.a" "$static/libswiftDispatch.a" "$static/libdispatch.a" \
    "$static/libBlocksRuntime.a" "$static/libswift_Concurrency.a" "$static/libswift_StringProcessing.a" \
    "$static/libswift_RegexParser.a" "$static/libswiftGlibc.a" "$static/libswiftCore.a" \
    -Wl,--end-group \
    -Wl,--version-script="$scratch/wheel/exports.map" -Wl,--gc-sections -Wl,-z,defs \
    -lstdc++ -lm -ldl -lpthread -lz
strip --strip-unneeded "$scratch/wheel/liblocomotion.so"
python3 Scripts/ci/make-wheel.py "$scratch/wheel/liblocomotion.so" dist "$toolchain"
