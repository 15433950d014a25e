import OpenMarketSQLite

extension MarketStore {
    /// Every team's progress as stored, in no particular order.
    package func classProgress() throws -> [ClassProgressRecord] {
        try connections.read { connection in
            try connection.withStatement("""
                SELECT team, step, record, at, journal_run, request_id, method, target, status, by_address, mistake_kind,
                    message
                FROM class_progress
                """) { statement in
                var records: [ClassProgressRecord] = []
                while try statement.step() {
                    records.append(ClassProgressRecord(
                        team: statement.column(0), step: statement.column(1),
                        kind: ClassProgressRecord.Kind(rawValue: statement.column(2)) ?? .done,
                        time: statement.column(3), journalRun: statement.column(4), requestID: statement.column(5),
                        method: statement.column(6), target: statement.column(7), status: statement.column(8),
                        byAddress: statement.column(9) as Int != 0, mistakeKind: statement.column(10),
                        message: statement.column(11)))
                }
                return records
            }
        }
    }

    /// Writes `records` in one transaction: a step done is kept as first written, a mistake replaces the last one.
    package func saveClassProgress(_ records: [ClassProgressRecord]) throws {
        guard !records.isEmpty else { return }
        try connections.writeTransactionOutsideCatalogue { connection in
            for record in records {
                let verb = record.kind == .done ? "INSERT OR IGNORE" : "INSERT OR REPLACE"
                try connection.withStatement("""
                    \(verb) INTO class_progress (team, step, record, at, journal_run, request_id, method, target, status,
                        by_address, mistake_kind, message)
                    VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)
                    """) { statement in
                    try statement.bind(
                        record.team, record.step, record.kind.rawValue, record.time, record.journalRun, record.requestID,
                        record.method, record.target, record.status, record.byAddress ? 1 : 0, record.mistakeKind,
                        record.message)
                    try statement.run()
                }
            }
        }
    }

    /// Removes the progress of the team with this identifier, or of every team when nil; returns how many records
    /// went.
    package func deleteClassProgress(team: String?) throws -> Int {
        try connections.writeTransactionOutsideCatalogue { connection in
            try connection.withStatement(
                team == nil ? "DELETE FROM class_progress" : "DELETE FROM class_progress WHERE team = ?1"
            ) { statement in
                if let team { try statement.bind(team, at: 1) }
                try statement.run()
            }
            return connection.changes
        }
    }
}
