#!/usr/bin/env bash
# Compares the Swift FFT with FFTW on every window size the activity classifier's parameter ranges allow
# (N = 8…6000 samples: what FeatureExtractor computes — the transform of N values at 2N points and the inverse
# of its squared magnitudes — and the power spectrum at N and autocorrelation at 2N), failing on a relative
# difference above 1e-12. Compiles Sources/LocomotionDSP/Spectral with Scripts/ci/fft-agreement/main.swift,
# optimised (a debug test build would take many minutes for the full sweep). Needs FFTW (pkg-config fftw3).
# Run from anywhere:  Scripts/ci/check-fft-agreement.sh        (make test runs it in the FFTW configuration)
set -euo pipefail
cd "$(dirname "$0")/../.."
if [ "$(uname -s)" != Linux ]; then
    echo "check-fft-agreement: FFTW is used on Linux only; this build has just the Swift FFT, nothing to compare."
    exit 0
fi
mkdir -p .build/fft-agreement
swiftc -O -wmo -D LOCOMOTION_FFTW -module-name FFTAgreement -I Sources/CFFTW $(pkg-config --cflags-only-I fftw3 | sed 's/-I/-Xcc -I/g') \
    Sources/LocomotionDSP/Spectral/*.swift Scripts/ci/fft-agreement/main.swift \
    $(pkg-config --libs fftw3) -o .build/fft-agreement/check
.build/fft-agreement/check
