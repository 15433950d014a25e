/// The journal's entries, oldest first, in a ring: adding one and dropping the oldest cost O(1) at any size.
struct EntryRing {
    private var slots: [JournalEntry?]
    private var head = 0
    private(set) var count = 0

    init(capacity: Int) {
        slots = Array(repeating: nil, count: capacity)
    }

    var capacity: Int { slots.count }

    /// Appends when there is room; the caller makes room first.
    mutating func append(_ entry: JournalEntry) {
        slots[(head + count) % slots.count] = entry
        count += 1
    }

    mutating func removeOldest() -> JournalEntry? {
        guard count > 0 else { return nil }
        defer {
            slots[head] = nil
            head = (head + 1) % slots.count
            count -= 1
        }
        return slots[head]
    }

    mutating func removeAll() {
        slots = Array(repeating: nil, count: slots.count)
        head = 0
        count = 0
    }

    var oldest: JournalEntry? {
        count > 0 ? slots[head] : nil
    }

    /// Newest first.
    var newestFirst: [JournalEntry] {
        (0..<count).reversed().compactMap { slots[(head + $0) % slots.count] }
    }
}
