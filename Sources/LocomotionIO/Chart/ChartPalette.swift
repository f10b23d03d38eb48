import Locomotion

/// The chart's colours: activities and modes in the Okabe–Ito palette, which
/// stays distinguishable with the common forms of colour blindness.
package enum ChartPalette {
    package static func colour(of activity: MotionActivity) -> String {
        switch activity {
        case .stationary: "#a6a6a6"
        case .walking: "#009e73"
        case .running: "#d55e00"
        case .cycling: "#0072b2"
        case .automotive: "#cc79a7"
        case .unknown: "#e8e8e8"
        }
    }

    /// Recording at high accuracy: the colour that draws the eye.
    package static let highAccuracy = "#e69f00"
    /// Saving power: a quiet blue.
    package static let lowPower = "#b3d7ef"
    /// No input (the collector was not running).
    package static let gap = "#f4f4f4"

    package static let magnitude = "#3b3b3b"
    package static let steps = "#009e73"
    package static let distance = "#0072b2"
    package static let grid = "#e3e3e3"
    package static let axis = "#555555"
    package static let text = "#222222"
    package static let secondaryText = "#666666"
}
