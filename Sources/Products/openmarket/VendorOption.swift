import OpenMarketStore
import OpenMarketWireFormat

/// `--vendor` and `OPENMARKET_VENDORS` entries: NAME:IDENTIFIER:SECRET.
enum VendorOption {
    /// `givenAs` is `--vendor` or `OPENMARKET_VENDORS`, named when an entry is refused.
    static func parse(_ entries: [String], givenAs source: String) throws -> [VendorConfiguration] {
        try entries.map { entry in
            let fields = entry.split(separator: ":", omittingEmptySubsequences: false).map {
                String($0.trimmingSpaces)
            }
            guard fields.count == 3, fields.allSatisfy({ !$0.isEmpty }) else {
                throw SettingRefusal.refuse(
                    source,
                    "takes vendors as NAME:IDENTIFIER:SECRET with three non-empty parts and no other colon; "
                        + "got \"\(entry)\"")
            }
            return VendorConfiguration(name: fields[0], identifier: fields[1], secret: fields[2])
        }
    }
}
