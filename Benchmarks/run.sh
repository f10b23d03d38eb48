#!/usr/bin/env bash
# Runs the Swift DSP figures (release build) and their numpy/scipy counterparts in the same run and
# prints a table with ratios. Usage, from the repository root:  Benchmarks/run.sh
# (also `make bench`). Requires python3 with numpy and scipy for the reference column.
set -euo pipefail
cd "$(dirname "$0")"

echo "# machine: $(grep -m1 'model name' /proc/cpuinfo 2>/dev/null | cut -d: -f2 | xargs || sysctl -n machdep.cpu.brand_string 2>/dev/null), $(nproc 2>/dev/null || sysctl -n hw.ncpu) cores, load $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || true)"
echo "# swift: $(swift --version 2>&1 | head -1)"
swift build -c release --product locomotion-figures >&2
swift_figures=$(.build/release/locomotion-figures)
if python3 -c 'import numpy, scipy' 2>/dev/null; then
    # numpy must not inherit OpenBLAS tuning meant for other work on this machine.
    python_figures=$(env -u OPENBLAS_CORETYPE -u OPENBLAS_L2_SIZE python3 reference_dsp.py)
else
    echo "# numpy/scipy not found: reference column left empty" >&2
    python_figures=""
fi

value() { printf '%s\n%s\n' "$swift_figures" "$python_figures" | awk -F'\t' -v n="$1" '$1 == n { print $2 }'; }
row() {  # label, Locomotion figure, reference figure, unit
    local ours reference ratio
    ours=$(value "$2"); reference=$(value "$3")
    ratio=$(awk -v a="$ours" -v b="$reference" 'BEGIN { if (a > 0 && b > 0) printf "%.2f", a / b; else print "–" }')
    printf '| %s | %s | %s | %s | %s |\n' "$1" "${ours:-–}" "${reference:-–}" "$ratio" "$4"
}

echo
echo "| figure | Locomotion | reference | Locomotion / reference | unit |"
echo "|---|---:|---:|---:|---|"
row "SOS 2nd-order low-pass (1 section), buffer vs scipy sosfilt" sos_buffer_order2 scipy_sosfilt_order2 ns/sample
row "SOS 4th-order low-pass (2 sections), buffer vs scipy sosfilt" sos_buffer_order4 scipy_sosfilt_order4 ns/sample
row "SOS 8th-order low-pass (4 sections), buffer vs scipy sosfilt" sos_buffer_order8 scipy_sosfilt_order8 ns/sample
row "SOS 4th-order, one sample at a time vs scipy sosfilt" sos_streaming_order4 scipy_sosfilt_order4 ns/sample
row "FFT 256 RealFFT.powerSpectrum vs raw fftw_execute (same plan)" fft256_power fft256_raw_fftw ns/transform
row "FFT 256 RealFFT.powerSpectrum vs raw C-style copy+execute+\|X\|²" fft256_power fft256_raw_fftw_power ns/transform
row "FFT 256 RealFFT.transform vs raw fftw_execute (same plan)" fft256_transform fft256_raw_fftw ns/transform
row "FFT 256 RealFFT.powerSpectrum vs numpy rfft+\|X\|², batched 1024" fft256_power numpy_rfft256_power_batched ns/transform
row "FFT 256 RealFFT.powerSpectrum vs numpy rfft+\|X\|², one per call" fft256_power numpy_rfft256_power_single ns/transform
row "FFT 256 RealFFT.transform vs numpy rfft, batched 1024" fft256_transform numpy_rfft256_batched ns/transform
row "raw FFTW: FFTW_ESTIMATE (used) vs FFTW_MEASURE plan" fft256_raw_fftw fft256_raw_fftw_measure ns/transform
# The two RealFFT backends on the sizes the library uses: per window of N samples FeatureExtractor runs a 2N-point
# transform (N values, zero-padded) and a 2N-point inverse; powerSpectrum(N) and autocorrelation(2N) are the public API.
for n in 100 256 250 1000 6000 101; do
    m=$((2 * n))
    row "RealFFT $m-point transform ($n values), Swift FFT vs FFTW" "fft${m}_transform_swift" "fft${m}_transform_fftw" ns/transform
    row "RealFFT $m-point inverse, Swift FFT vs FFTW" "fft${m}_inverse_swift" "fft${m}_inverse_fftw" ns/transform
    row "RealFFT $n-point power spectrum, Swift FFT vs FFTW" "fft${n}_power_swift" "fft${n}_power_fftw" ns/transform
    row "RealFFT $m-point autocorrelation ($n values), Swift FFT vs FFTW" "fft${m}_autocorrelation_swift" "fft${m}_autocorrelation_fftw" ns/transform
done
echo
echo "# raw figures"
printf '%s\n%s\n' "$swift_figures" "$python_figures" | sed 's/^/#   /'
