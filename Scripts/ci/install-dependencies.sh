#!/usr/bin/env bash
# Installs what building Locomotion needs that SwiftPM cannot fetch: on Linux, FFTW 3 and pkg-config for the
# package trait FFTW (on by default; it takes effect on Linux only). Other platforms always build the package's
# own Swift FFT and need nothing. Safe to run repeatedly; does nothing when everything is present.
# (On Linux without FFTW, `swift build --disable-default-traits` builds the Swift FFT instead.)
set -euo pipefail

if [ "$(uname -s)" != Linux ]; then
  exit 0
fi
if pkg-config --exists fftw3 2>/dev/null; then
  exit 0
fi

if command -v apt-get >/dev/null 2>&1; then
  sudo=""
  if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
  echo "Installing libfftw3-dev and pkg-config with apt-get…" >&2
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq libfftw3-dev pkg-config >/dev/null
else
  echo "error: FFTW 3 is missing. Install your distribution's FFTW development package (fftw3-devel, fftw-dev) and pkg-config," >&2
  echo "       or build without FFTW: swift build --disable-default-traits" >&2
  exit 1
fi

pkg-config --exists fftw3 || { echo "error: FFTW 3 still not found by pkg-config after installing." >&2; exit 1; }
