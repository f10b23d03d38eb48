// Prints one figure per line: name, value, unit, note (tab-separated). Build in release:
//   swift run -c release --package-path Benchmarks locomotion-figures [group…]
let groups: [String: () -> Void] = [
    "sos": SOSFilterFigures.run,
    "fft": RealFFTFigures.run,
]
let requested = CommandLine.arguments.dropFirst()
for name in (requested.isEmpty ? ["sos", "fft"] : Array(requested)) {
    guard let run = groups[name] else {
        print("unknown group \(name); known: \(groups.keys.sorted().joined(separator: ", "))")
        continue
    }
    run()
}
