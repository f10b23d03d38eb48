import LocomotionIO
/// A stretch of time drawn as a coloured band: an activity segment or a recording mode.
struct ChartBand: Sendable, Hashable {
    /// Start and end in seconds (the trace's clock).
    var start: Double
    var end: Double
    /// What the band stands for, as the legend names it (`walking`, `high-accuracy`).
    var label: String
    /// Fill colour, `#rrggbb`.
    var colour: String
}
