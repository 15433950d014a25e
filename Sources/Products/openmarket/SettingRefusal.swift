import ArgumentParser

/// A refused setting, named as the user gave it. A flag's mistake is a usage error: ArgumentParser prints it with
/// the usage and exits 64. An environment variable's is one line that names the variable and the fix, also exit 64
/// (EX_USAGE): in a container's log (`docker compose logs`) the usage text of a command line nobody typed would only
/// bury it.
enum SettingRefusal {
    static let exitStatus: Int32 = 64

    /// `name` is the flag (`--api`) or the variable (`OPENMARKET_API`); `problem` follows it, e.g.
    /// "must be one of v2b, v2a; got \"v3\"".
    static func refuse(_ name: String, _ problem: String) -> any Error {
        name.hasPrefix("--")
            ? ValidationError("\(name) \(problem)")
            : RuntimeFailure("\(name) \(problem)", exitStatus: exitStatus)
    }
}
