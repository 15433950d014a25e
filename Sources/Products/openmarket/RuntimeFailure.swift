#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ArgumentParser

/// A failure after the command line was accepted (the port is taken, the database cannot be opened): the user's
/// flags were fine, so there is no usage text. It is reported as one line on stderr and exits with status 1, or 2
/// when a file the flags name holds bad data (a seed fixture); mistakes on the command line stay
/// `ValidationError`s, which ArgumentParser answers with usage and 64.
struct RuntimeFailure: Error, CustomStringConvertible {
    let description: String
    let exitStatus: Int32

    init(_ description: String, exitStatus: Int32 = 1) {
        self.description = description
        self.exitStatus = exitStatus
    }

    /// Runs `body`, turning a `RuntimeFailure` it throws into its line on stderr and its exit status.
    static func reporting(command: String, _ body: () throws -> Void) throws {
        do {
            try body()
        } catch let failure as RuntimeFailure {
            let line = Array("openmarket \(command): \(failure)\n".utf8)
            _ = line.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
            throw ExitCode(failure.exitStatus)
        }
    }
}
