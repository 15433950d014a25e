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
}
