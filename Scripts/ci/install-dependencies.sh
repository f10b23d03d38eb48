#!/usr/bin/env bash
# Installs what building Locomotion needs that SwiftPM cannot fetch: on Linux, zlib's headers (LocomotionIO reads
# `.gz` inputs through the system zlib), Intel ISA-L for the package trait ISAL (the faster inflate of `.gz` inputs)
# and FFTW 3 and pkg-config for the package trait FFTW (both on by default; they take effect on Linux only). Other
# platforms have zlib in their SDK and always build the package's own Swift FFT and zlib's inflate.
# Safe to run repeatedly; does nothing when everything is present.
# (On Linux without FFTW, `swift build --disable-default-traits` builds the Swift FFT instead; zlib is still needed.)
set -euo pipefail

if [ "$(uname -s)" != Linux ]; then
  exit 0
fi
if pkg-config --exists fftw3 zlib libisal 2>/dev/null; then
  exit 0
fi

if command -v apt-get >/dev/null 2>&1; then
  sudo=""
  if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
  echo "Installing libfftw3-dev, zlib1g-dev, libisal-dev and pkg-config with apt-get…" >&2
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq libfftw3-dev zlib1g-dev libisal-dev pkg-config >/dev/null
else
  echo "error: FFTW 3, zlib or ISA-L is missing. Install your distribution's FFTW, zlib and ISA-L development" >&2
  echo "       packages (fftw3-devel / fftw-dev, zlib-devel / zlib1g-dev, isa-l-devel / libisal-dev) and pkg-config," >&2
  echo "       or build without them (swift build --disable-default-traits; zlib is still needed)" >&2
  exit 1
fi

pkg-config --exists fftw3 zlib libisal || { echo "error: FFTW 3, zlib or ISA-L still not found by pkg-config after installing." >&2; exit 1; }
