import ArgumentParser

struct PlotCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plot",
        abstract: "Draw a trace, its activities, steps and gating modes as SVG."
    )

    func run() async throws {
        throw CommandFailure.badUsage("'plot' is not available yet in this build.")
    }
}
