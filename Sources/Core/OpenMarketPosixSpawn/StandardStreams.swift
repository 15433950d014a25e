#if os(macOS) || os(Linux)
/// Where a spawned process reads its standard input from.
package enum InputSource: Sendable {
    /// /dev/null: the child never waits on a terminal or on the parent's input.
    case nullDevice
    /// The file at this path, opened read-only by the child.
    case file(String)
}

/// Where a spawned process writes its standard output or standard error.
package enum OutputDestination: Sendable {
    /// The parent's own descriptor.
    case inherit
    case nullDevice
    /// The file at this path, created or truncated by the child: a file never fills up and blocks the child the way
    /// an unread pipe does.
    case file(String)
    /// The process's one output pipe, read with `SpawnedProcess.readOutput()`; standard output and standard error
    /// both sent here share it, interleaved as written.
    case pipe

    var isPipe: Bool {
        if case .pipe = self { true } else { false }
    }
}
#endif
