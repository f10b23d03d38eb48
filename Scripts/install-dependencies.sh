#!/usr/bin/env bash
# Installs what building Locomotion needs that SwiftPM cannot fetch: FFTW 3 and pkg-config.
# Safe to run repeatedly; does nothing when both are present.
set -euo pipefail

if pkg-config --exists fftw3 2>/dev/null; then
  exit 0
fi

case "$(uname -s)" in
  Linux)
    if command -v apt-get >/dev/null 2>&1; then
      sudo=""
      if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
      echo "Installing libfftw3-dev and pkg-config with apt-get…" >&2
      $sudo apt-get update -qq
      DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq libfftw3-dev pkg-config >/dev/null
    else
      echo "error: FFTW 3 is missing. Install your distribution's FFTW development package (fftw3-devel, fftw-dev) and pkg-config." >&2
      exit 1
    fi
    ;;
  Darwin)
    if command -v brew >/dev/null 2>&1; then
      brew install fftw pkg-config
    else
      echo "error: FFTW 3 is missing. Install Homebrew (https://brew.sh) and run: brew install fftw pkg-config" >&2
      exit 1
    fi
    ;;
  *)
    echo "error: unsupported system $(uname -s); install FFTW 3 and pkg-config by hand." >&2
    exit 1
    ;;
esac

pkg-config --exists fftw3 || { echo "error: FFTW 3 still not found by pkg-config after installing." >&2; exit 1; }
