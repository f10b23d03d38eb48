import ArgumentParser

struct DistanceCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "distance",
        abstract: "Daily distance from location fixes."
    )

    func run() async throws {
        throw CommandFailure.badUsage("'distance' is not available yet in this build.")
    }
}
