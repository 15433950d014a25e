/// How a transaction takes its locks.
package enum TransactionKind: Sendable {
    /// Locks on first access; right for read-only work.
    case deferred
    /// Takes the write lock at once, so a writer waits in `busy_timeout` instead of failing on upgrade.
    case immediate

    var beginSQL: String {
        switch self {
        case .deferred: "BEGIN DEFERRED"
        case .immediate: "BEGIN IMMEDIATE"
        }
    }
}

extension Connection {
    /// Runs `body` in a transaction: commits if it returns, rolls back if it (or the commit) throws.
    package func transaction<Result>(
        _ kind: TransactionKind = .deferred, _ body: () throws -> Result
    ) throws -> Result {
        try withStatement(kind.beginSQL) { try $0.run() }
        do {
            let result = try body()
            try withStatement("COMMIT") { try $0.run() }
            return result
        } catch {
            if !isAutocommit {
                // The original error is what the caller needs; a failing rollback adds nothing to it.
                try? withStatement("ROLLBACK") { try $0.run() }
            }
            throw error
        }
    }
}
