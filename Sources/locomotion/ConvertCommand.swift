import ArgumentParser

struct ConvertCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "convert",
        abstract: "Convert a public dataset's native files to trace CSVs."
    )

    func run() async throws {
        throw CommandFailure.badUsage("'convert' is not available yet in this build.")
    }
}
