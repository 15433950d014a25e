import ArgumentParser
import OpenMarketVersion

@main
struct OpenMarketCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "openmarket",
        abstract: "A local emulator of the yagom-academy Open Market server, for iOS apps and their tests.",
        version: OpenMarketVersion.current,
        subcommands: [ServeCommand.self, HealthcheckCommand.self, ExportCommand.self, BackupCommand.self, ExplainCommand.self],
        defaultSubcommand: ServeCommand.self)
}
