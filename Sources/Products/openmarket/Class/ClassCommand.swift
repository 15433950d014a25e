import ArgumentParser

/// `openmarket class`: what a teacher does around `serve --class`.
struct ClassCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "class",
        abstract: "Tools for a class served with serve --class ROSTER.csv.",
        subcommands: [HandoutsCommand.self])
}
