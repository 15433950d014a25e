#if os(macOS) || os(Linux)
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension SpawnedProcess {
    /// One posix_spawn call: the file actions and attributes it needs, and the C strings of its argument and
    /// environment lists, all made here and freed before returning. Returns posix_spawn's result (0 or an errno).
    static func spawn(
        _ pid: inout pid_t, _ executable: String, _ arguments: [String], _ environment: [String: String]?,
        _ input: InputSource, _ output: OutputDestination, _ errors: OutputDestination, _ pipeWrite: Int32?
    ) -> Int32 {
        var actions = emptyFileActions
        let actionsMade = posix_spawn_file_actions_init(&actions)
        guard actionsMade == 0 else { return actionsMade }
        defer { posix_spawn_file_actions_destroy(&actions) }
        var attributes = emptySpawnAttributes
        let attributesMade = posix_spawnattr_init(&attributes)
        guard attributesMade == 0 else { return attributesMade }
        defer { posix_spawnattr_destroy(&attributes) }

        let setUp = [
            redirect(STDIN_FILENO, from: input, &actions),
            redirect(STDOUT_FILENO, to: output, pipeWrite, &actions),
            redirect(STDERR_FILENO, to: errors, pipeWrite, &actions),
            closeUnnamedDescriptors(&actions),
            defaultSignalHandling(&attributes),
            // Its own process group, as Foundation's Process gave it: a Ctrl-C meant for the test run is not
            // delivered to the servers the tests stop themselves.
            posix_spawnattr_setpgroup(&attributes, 0),
            posix_spawnattr_setflags(
                &attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP | platformSpawnFlags)),
        ]
        if let failure = setUp.first(where: { $0 != 0 }) { return failure }

        let argv = CStrings([executable] + arguments)
        defer { argv.release() }
        guard let environment else {
            return posix_spawn(&pid, executable, &actions, &attributes, argv.pointers, inheritedEnvironment)
        }
        let envp = CStrings(environment.map { "\($0.key)=\($0.value)" })
        defer { envp.release() }
        return posix_spawn(&pid, executable, &actions, &attributes, argv.pointers, envp.pointers)
    }

    private static func redirect(_ fd: Int32, from input: InputSource, _ actions: inout FileActions) -> Int32 {
        switch input {
        case .nullDevice: posix_spawn_file_actions_addopen(&actions, fd, "/dev/null", O_RDONLY, 0)
        case .file(let path): posix_spawn_file_actions_addopen(&actions, fd, path, O_RDONLY, 0)
        }
    }

    private static func redirect(
        _ fd: Int32, to destination: OutputDestination, _ pipeWrite: Int32?, _ actions: inout FileActions
    ) -> Int32 {
        switch destination {
        case .inherit: inheritDescriptor(fd, &actions)
        case .nullDevice: posix_spawn_file_actions_addopen(&actions, fd, "/dev/null", O_WRONLY, 0)
        case .file(let path): posix_spawn_file_actions_addopen(&actions, fd, path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        // The caller made the pipe whenever a destination is `.pipe`.
        case .pipe: posix_spawn_file_actions_adddup2(&actions, pipeWrite!, fd)
        }
    }

    /// Nothing blocked and every signal at its default action in the child: a thread of this process may block
    /// SIGTERM (libdispatch's worker threads block most signals) or ignore SIGPIPE, and a child would inherit that
    /// mask and the ignored signals through exec, and then ignore the SIGTERM meant to stop it.
    private static func defaultSignalHandling(_ attributes: inout SpawnAttributes) -> Int32 {
        var none = sigset_t()
        sigemptyset(&none)
        var all = sigset_t()
        sigfillset(&all)
        // No process may change these two; some systems refuse a default set that names them.
        sigdelset(&all, SIGKILL)
        sigdelset(&all, SIGSTOP)
        let mask = posix_spawnattr_setsigmask(&attributes, &none)
        return mask != 0 ? mask : posix_spawnattr_setsigdefault(&attributes, &all)
    }
}

/// A NULL-terminated array of C strings copied with strdup, for argv and envp; `release()` frees them all.
private struct CStrings {
    let pointers: [UnsafeMutablePointer<CChar>?]

    init(_ strings: [String]) {
        pointers = strings.map { strdup($0) } + [nil]
    }

    func release() {
        for pointer in pointers { free(pointer) }
    }
}
#endif
