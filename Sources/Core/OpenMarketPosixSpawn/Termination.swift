#if os(macOS) || os(Linux)
/// How a spawned process ended.
package enum Termination: Equatable, Sendable, CustomStringConvertible {
    /// It called exit with this code.
    case exited(Int32)
    /// A signal ended it.
    case signalled(Int32)
    /// Something else in this process reaped it (SIGCHLD set to SIG_IGN, or a waitpid for any child), so how it
    /// ended is lost.
    case reapedElsewhere

    /// Decodes a status from waitpid. The bit layout (signal number in the low 7 bits, 0 when it exited; the exit
    /// code in the next byte) is the same on Linux and Darwin; Swift imports neither's WIFEXITED macros.
    init(waitStatus: Int32) {
        let signal = waitStatus & 0x7f
        self = signal == 0 ? .exited((waitStatus >> 8) & 0xff) : .signalled(signal)
    }

    /// Foundation's `terminationStatus` convention, which callers compared against before: the exit code, or the
    /// number of the signal that ended it; -1 when that is lost.
    package var status: Int32 {
        switch self {
        case .exited(let code), .signalled(let code): code
        case .reapedElsewhere: -1
        }
    }

    package var description: String {
        switch self {
        case .exited(let code): "exited with status \(code)"
        case .signalled(let signal): "ended by signal \(signal)"
        case .reapedElsewhere: "ended, reaped by another part of this process, which kept its status"
        }
    }
}
#endif
