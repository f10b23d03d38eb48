/// A stretch of time drawn as a coloured band: an activity segment or a recording mode.
package struct ChartBand: Sendable, Hashable {
    /// Start and end in seconds (the trace's clock).
    package var start: Double
    package var end: Double
    /// What the band stands for, as the legend names it (`walking`, `high-accuracy`).
    package var label: String
    /// Fill colour, `#rrggbb`.
    package var colour: String

    package init(start: Double, end: Double, label: String, colour: String) {
        self.start = start
        self.end = end
        self.label = label
        self.colour = colour
    }
}
