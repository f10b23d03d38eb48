/// Times several bodies interleaved with `ContinuousClock`: each round runs every body once, and
/// each body's figure is its fastest round in nanoseconds.
///
/// The machines this runs on are shared (two cores, many processes): interleaving exposes every
/// candidate to the same disturbances, and the minimum over many short rounds estimates the
/// undisturbed cost. A body should take 5–50 µs.
func fastestNanoseconds(rounds: Int, _ bodies: [() -> Void]) -> [Double] {
    let clock = ContinuousClock()
    for body in bodies { body() }  // warm-up: plans, caches, page faults
    var best = [Double](repeating: .infinity, count: bodies.count)
    for _ in 0..<rounds {
        for (index, body) in bodies.enumerated() {
            let elapsed = clock.measure(body)
            let nanoseconds = Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) / 1e9
            best[index] = min(best[index], nanoseconds)
        }
    }
    return best
}

/// One printed figure: `name<TAB>value<TAB>unit<TAB>note`, the format Benchmarks/run.sh reads.
func report(_ name: String, _ value: Double, unit: String, note: String = "") {
    print("\(name)\t\(String(format3: value))\t\(unit)\t\(note)")
}

extension String {
    /// A number with three decimals, without Foundation.
    init(format3 value: Double) {
        let scaled = Int((value * 1000).rounded())
        let fraction = String(abs(scaled % 1000))
        self = "\(scaled / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)"
    }
}

/// Keeps a value alive so the optimiser cannot drop the work that produced it.
@inline(never)
func blackHole<T>(_ value: T) {
    withExtendedLifetime(value) {}
}
