import OpenMarketHTTPCore
import OpenMarketLocking

/// The bytes of images being sent right now, by key, so that every client asking for one image while it is
/// being sent shares one buffer instead of holding a copy each. An entry lives as long as some response holds
/// it. A key always names the same bytes (keys are unique ids, images are never rewritten), and the store is still
/// asked first on every request, so a deleted image is never served from here.
final class SharedImages: Sendable {
    private final class Entry: Sendable {
        weak let bytes: SharedBytes?
        init(_ bytes: SharedBytes) { self.bytes = bytes }
    }

    private let entries = Locked<[String: Entry]>([:])

    func bytes(for key: String, stored: [UInt8]) -> SharedBytes {
        entries.withLock { entries in
            if let shared = entries[key]?.bytes, shared.count == stored.count { return shared }
            // Entries whose responses have all been sent are dropped here, so the table stays as small as the
            // number of images in flight.
            entries = entries.filter { $0.value.bytes != nil }
            let shared = SharedBytes(stored)
            entries[key] = Entry(shared)
            return shared
        }
    }
}
