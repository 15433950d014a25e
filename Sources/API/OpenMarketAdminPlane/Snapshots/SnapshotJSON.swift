import OpenMarketHTTPCore
import OpenMarketStore
import OpenMarketWireFormat

/// Snapshots as the admin API shows them: what each holds and the memory they take against the limit.
enum SnapshotJSON {
    static func one(_ entry: SnapshotShelf.Entry, status: HTTPStatus = .ok) -> Response {
        AdminJSON.response(status: status) { json in
            json.object { write(&$0, entry) }
        }
    }

    static func list(_ shelf: SnapshotShelf) -> Response {
        let entries = shelf.all
        return AdminJSON.response { json in
            json.object { json in
                json.key("snapshots")
                json.array { json in
                    for entry in entries {
                        json.object { write(&$0, entry) }
                    }
                }
                json.field("byteCount", entries.reduce(0) { $0 + $1.snapshot.byteCount })
                json.field("byteLimit", shelf.byteLimit)
            }
        }
    }

    private static func write(_ json: inout JSONWriter, _ entry: SnapshotShelf.Entry) {
        json.field("name", entry.name.text)
        json.field("createdAt", UTCTimestamp.format(entry.createdAt))
        json.field("products", entry.snapshot.productCount)
        json.field("images", entry.snapshot.imageCount)
        json.field("byteCount", entry.snapshot.byteCount)
    }
}
