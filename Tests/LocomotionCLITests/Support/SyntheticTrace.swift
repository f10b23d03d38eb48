import Foundation

/// Small traces written for command-line tests: mechanics only, never accuracy.
enum SyntheticTrace {
    /// `seconds` of a still phone then `seconds` of a 2 Hz, 0.3 g bounce (a walking-like rhythm), at `rate` Hz,
    /// starting at Unix time `start`; CSV with a header.
    static func csv(seconds: Double = 20, rate: Double = 50, start: Double = 1_700_000_000) -> String {
        var text = "timestamp,x,y,z\n"
        let count = Int(2 * seconds * rate)
        for index in 0..<count {
            let time = Double(index) / rate
            let bounce = time < seconds ? 0 : 0.3 * sin(2 * Double.pi * 2 * time)
            text += "\(String(format: "%.3f", start + time)),0.01,\(String(format: "%.4f", -1 - bounce)),0.02\n"
        }
        return text
    }

    /// Fixes along a straight northward line at `speed` m/s, one a second, matching ``csv(seconds:rate:start:)``.
    static func fixesCSV(seconds: Double = 40, speed: Double = 1.4, start: Double = 1_700_000_000) -> String {
        var text = "timestamp,latitude,longitude,horizontal_accuracy,speed\n"
        for second in 0...Int(seconds) {
            let latitude = 47.0 + Double(second) * speed / 111_200
            text += "\(Int(start) + second),\(String(format: "%.7f", latitude)),8.5,5,\(speed)\n"
        }
        return text
    }
}
