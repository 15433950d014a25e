#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ArgumentParser

extension RuntimeFailure {
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
