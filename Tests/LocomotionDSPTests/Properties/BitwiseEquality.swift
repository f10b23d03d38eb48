import LocomotionDSP

/// True when both arrays hold the same doubles bit for bit (so -0 ≠ 0, and NaN equals the same NaN).
func bitwiseEqual(_ a: [Double], _ b: [Double]) -> Bool {
    a.count == b.count && zip(a, b).allSatisfy { $0.bitPattern == $1.bitPattern }
}

/// True when both vectors hold the same doubles bit for bit.
func bitwiseEqual(_ a: Vector3, _ b: Vector3) -> Bool {
    a.x.bitPattern == b.x.bitPattern && a.y.bitPattern == b.y.bitPattern && a.z.bitPattern == b.z.bitPattern
}
