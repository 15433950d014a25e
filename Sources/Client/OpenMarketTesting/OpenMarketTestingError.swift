/// Why a test server did not start.
public enum OpenMarketTestingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Neither `OPENMARKET_BINARY` nor any directory of `PATH` has an `openmarket` executable.
    case binaryNotFound(searchedPath: [String])
    /// ``OpenMarketServer/Options/binary`` or `OPENMARKET_BINARY` names a file that is missing or not executable.
    case binaryNotExecutable(path: String)
    /// The process could not be launched.
    case launchFailed(path: String, reason: String)
    /// The server ended before it printed its address, e.g. on a bad flag or fixture.
    case exitedBeforeListening(status: Int32, standardError: String)
    /// The server printed no address in time; it has been killed.
    case noAddressInTime(timeout: Duration, standardOutput: String, standardError: String)

    public var description: String {
        switch self {
        case .binaryNotFound(let directories):
            "The openmarket binary was not found: \(ServerBinary.variable) is not set and no directory of PATH "
                + "(\(directories.joined(separator: ":"))) has it. \(Self.howToBuild)"
        case .binaryNotExecutable(let path):
            "The openmarket binary \(path) (from Options.binary or \(ServerBinary.variable)) is not an executable file. "
                + Self.howToBuild
        case .launchFailed(let path, let reason):
            "\(path) could not be started: \(reason)"
        case .exitedBeforeListening(let status, let standardError):
            "openmarket exited with status \(status) before it listened; its stderr:\n\(standardError)"
        case .noAddressInTime(let timeout, let standardOutput, let standardError):
            "openmarket printed no \"listening on\" line within \(timeout) and was killed; its stdout:\n"
                + "\(standardOutput)\nits stderr:\n\(standardError)"
        }
    }

    private static let howToBuild = """
        Build it in the OpenMarket package with `swift build --product openmarket` (add `-c release` for a faster \
        one); it lands in the directory `swift build --show-bin-path` prints, e.g. .build/debug/openmarket. Then \
        set \(ServerBinary.variable) to that file's absolute path (in the test scheme or the shell) or put its \
        directory on PATH.
        """
}
