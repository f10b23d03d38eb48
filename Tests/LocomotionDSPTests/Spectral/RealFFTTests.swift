import Foundation
import Testing
@testable import LocomotionDSP
import LocomotionTestSupport

@Suite struct RealFFTTests {
    @Test(arguments: [2, 3, 8, 15, 64, 100, 256])
    func agreesWithThePureSwiftReference(size: Int) {
        var random = SplitMix64(seed: UInt64(size))
        let input = (0..<size).map { _ in random.symmetric() }
        var fft = RealFFT(size: size)
        var real: [Double] = [], imaginary: [Double] = []
        fft.transform(input, real: &real, imaginary: &imaginary)
        let reference = ReferenceFFT.transform(input)
        #expect(real.count == size / 2 + 1)
        let bins = fft.binCount
        #expect(maximumDifference(real, Array(reference.real[0..<bins])) < 1e-12)
        #expect(maximumDifference(imaginary, Array(reference.imaginary[0..<bins])) < 1e-12)
        // The non-power-of-two path of the reference is the plain definition; check it too.
        let definition = ReferenceFFT.dft(input, [Double](repeating: 0, count: size))
        #expect(maximumDifference(real, Array(definition.real[0..<bins])) < 1e-11)
    }

    @Test(arguments: [(256, 100.0, 12.5), (256, 50.0, 2.34375), (200, 50.0, 5.0)])
    func sineOfBinFrequencyPeaksInItsBin(size: Int, sampleRate: Double, frequency: Double) {
        let expectedBin = Int((frequency * Double(size) / sampleRate).rounded())
        var fft = RealFFT(size: size)
        var power: [Double] = []
        fft.powerSpectrum(sine(frequency: frequency, sampleRate: sampleRate, count: size, amplitude: 0.5), into: &power)
        let peak = power.indices.max { power[$0] < power[$1] }!
        #expect(peak == expectedBin)
        // A bin-centred sine of amplitude A has |X_k| = A·N/2, and nothing elsewhere.
        #expect(abs(power[peak].squareRoot() - 0.5 * Double(size) / 2) < 1e-9)
        #expect(power.enumerated().filter { $0.offset != peak }.allSatisfy { $0.element < 1e-15 })
    }

    @Test(arguments: [16, 255, 256])
    func parsevalHolds(size: Int) {
        var random = SplitMix64(seed: 99)
        let input = (0..<size).map { _ in random.symmetric() }
        var fft = RealFFT(size: size)
        var power: [Double] = []
        fft.powerSpectrum(input, into: &power)
        // Σ|x|² = (1/N)·Σ_{all k}|X_k|²; bins 1…⌈N/2⌉−1 stand for two conjugate bins each.
        var spectral = power[0]
        for k in 1..<power.count { spectral += (size % 2 == 0 && k == power.count - 1) ? power[k] : 2 * power[k] }
        let temporal = input.reduce(0) { $0 + $1 * $1 }
        #expect(abs(spectral / Double(size) - temporal) < 1e-10 * temporal)
    }

    @Test func inverseUndoesTransform() {
        for size in [9, 64] {
            var random = SplitMix64(seed: 3)
            let input = (0..<size).map { _ in random.symmetric() }
            var fft = RealFFT(size: size)
            var real: [Double] = [], imaginary: [Double] = [], output: [Double] = []
            fft.transform(input, real: &real, imaginary: &imaginary)
            fft.inverse(real: real, imaginary: imaginary, into: &output)
            #expect(maximumDifference(output, input) < 1e-14)
        }
    }

    @Test func shortInputIsZeroPaddedAndCopiesAreIndependent() {
        var fft = RealFFT(size: 8)
        var copy = fft
        var a: [Double] = [], b: [Double] = []
        fft.powerSpectrum([1, 1], into: &a)
        copy.powerSpectrum([1, 1, 0, 0, 0, 0, 0, 0], into: &b)
        #expect(a == b)
        #expect(abs(a[0] - 4) < 1e-15)
    }

    @Test func concurrentUseOfManyTransformsIsSafe() async {
        let sizes = [32, 48, 64, 96, 128, 160, 192, 256]
        await withTaskGroup(of: Bool.self) { group in
            for index in 0..<32 {
                let size = sizes[index % sizes.count]
                group.addTask {
                    var fft = RealFFT(size: size)
                    var power: [Double] = []
                    fft.powerSpectrum(sine(frequency: 4, sampleRate: Double(size), count: size), into: &power)
                    return power.indices.max { power[$0] < power[$1] } == 4
                }
            }
            for await correct in group { #expect(correct) }
        }
    }
}
