import ArgumentParser

struct LabelCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "label",
        abstract: "Write activity segments (start,end,activity,confidence) for a trace."
    )

    func run() async throws {
        throw CommandFailure.badUsage("'label' is not available yet in this build.")
    }
}
