#if os(macOS) || os(Linux)
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// posix_spawn refused to start the executable (missing, not executable, an output file that cannot be opened, ...).
package struct LaunchError: Error, Equatable, Sendable, CustomStringConvertible {
    package let executable: String
    /// The errno value posix_spawn returned.
    package let code: Int32

    /// The system's wording for the code, e.g. "No such file or directory".
    package var reason: String {
        String(cString: strerror(code))
    }

    package var description: String {
        "\(executable) could not be started: \(reason)"
    }
}
#endif
