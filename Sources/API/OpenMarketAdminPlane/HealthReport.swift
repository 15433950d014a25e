import OpenMarketHTTPCore
import OpenMarketStore
import OpenMarketVersion
import OpenMarketWireFormat

/// `GET /__admin/health` (and the answer to a reset): what runs, on what, and whether it can take writes.
struct HealthReport {
    let generation: String
    let uptimeSeconds: Double
    let store: StoreHealth
    let journalCapacity: Int
    let journalEntries: Int
    let activeFaults: Int

    /// 200, or 503 when the database cannot take writes, with the same body and the reason in it.
    var response: Response {
        AdminJSON.response(status: store.isWritable ? .ok : .serviceUnavailable) { json in
            json.object { json in
                json.field("status", store.isWritable ? "ok" : "unwritable")
                json.field("generation", generation)
                json.field("version", OpenMarketVersion.current)
                json.field("uptimeSeconds", (uptimeSeconds * 1000).rounded() / 1000, .swiftPlain)
                json.key("database")
                json.object { json in
                    json.field("path", store.path)
                    if let counts = store.counts {
                        json.field("schemaVersion", counts.schemaVersion)
                        json.field("products", counts.products)
                        json.field("images", counts.images)
                        json.field("imageBytes", counts.imageBytes)
                    }
                    json.field("writable", store.isWritable)
                    if let reason = store.unwritableReason {
                        json.field("reason", reason)
                    }
                }
                json.key("journal")
                json.object { json in
                    json.field("capacity", journalCapacity)
                    json.field("entries", journalEntries)
                }
                json.field("activeFaults", activeFaults)
            }
        }
    }
}
