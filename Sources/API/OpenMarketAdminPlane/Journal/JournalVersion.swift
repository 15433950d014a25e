/// Which entries the journal holds: ids only grow, entries never change, and only the oldest go (evicted or
/// cleared), so the newest id given and the oldest id held name the contents. Equal versions, equal journals.
struct JournalVersion: Equatable {
    /// Told apart from another run of the server, whose ids start again from 1.
    let journal: UInt32
    let latestID: Int
    let oldestID: Int?

    /// A strong validator: the same version always lists the same bytes for the same query.
    var entityTag: String {
        "\"\(String(journal, radix: 36))-\(latestID)-\(oldestID ?? 0)\""
    }
}

/// The entries, newest first, and the last id given when they were taken.
struct JournalSnapshot {
    let journal: UInt32
    let entries: [JournalEntry]
    let latestID: Int

    var version: JournalVersion {
        JournalVersion(journal: journal, latestID: latestID, oldestID: entries.last?.id)
    }
}
