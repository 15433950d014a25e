#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import OpenMarketSQLite

/// Every product's name in memory, so that a search's first count is a scan of one buffer (milliseconds) instead of
/// the trigram index's candidates each checked and joined to its vendor in SQL (a fifth of a million products: a
/// quarter of a second).
///
/// A snapshot: it describes the products with ids up to `largestID` as they were while the store's settled rewrite
/// count was `rewrites`. It answers with a `SearchCounts.Entry`, so the products created since are counted by the
/// same path as a kept count's, and a rewrite makes it stale like any kept count.
///
/// The names are stored with ASCII letters lowered (`ASCIIFolding`, what `contains_text` compares), each followed by
/// `separator` and its vendor's slot in `slotWidth` bytes of the form 10xxxxxx. No match can take in either: the
/// search text is valid UTF-8 (a Swift String), so it holds no 0xFF and does not begin with a byte 10xxxxxx. A name
/// that holds 0xFF itself (not valid UTF-8) would break that, so such a store has no index (see `Builder.append`).
struct SearchIndex: Sendable {
    static let separator: UInt8 = 0xFF
    /// 6 bits each: 16,777,215 vendors, the last value standing for none.
    static let slotWidth = 4
    static let noVendor = (1 << (6 * slotWidth)) - 1

    /// Arrays share their storage when copied: a copy of the index (`relabeled`) costs a few words.
    let names: [UInt8]
    /// How often each byte value occurs in `names`: a search looks for its text's rarest byte first.
    let byteCounts: [Int]
    /// By slot, as stored (`ASCIIFolding.contains` folds them).
    let vendorNames: [[UInt8]]
    let productsOfVendor: [Int]
    let productCount: Int
    let largestID: Int64
    private(set) var rewrites: UInt64

    /// What it holds in memory: the names with their separators and slots, and per vendor a few words.
    var byteCount: Int {
        names.count + byteCounts.count * 8 + vendorNames.reduce(0) { $0 + $1.count + 16 } + productsOfVendor.count * 8
    }

    /// The same index for a store whose rewrite count differs while its products are the same (a copy of the store
    /// it was made from); the buffers are shared, not copied.
    func relabeled(rewrites: UInt64) -> SearchIndex {
        var relabeled = self
        relabeled.rewrites = rewrites
        return relabeled
    }

    /// The count of `ProductRows.matches` for `text` among the indexed products, as a kept count.
    func entry(for text: String) -> SearchCounts.Entry {
        SearchCounts.Entry(count: count(of: text), largestID: largestID, rewrites: rewrites)
    }

    /// Products whose name matches, plus those of a matching vendor whose name does not. A product without a
    /// vendor (v1) matches by its name alone, as the SQL's NULL vendor name does.
    func count(of text: String) -> Int {
        let needle = text.utf8.map(ASCIIFolding.folded)
        guard !needle.isEmpty else { return productCount }
        let (nameMatches, nameMatchesOfVendor) = self.nameMatches(of: needle)
        return needle.withUnsafeBufferPointer { needle in
            vendorNames.indices.reduce(nameMatches) { count, slot in
                let matches = vendorNames[slot].withUnsafeBufferPointer { ASCIIFolding.contains($0, needle) }
                return matches ? count + productsOfVendor[slot] - nameMatchesOfVendor[slot] : count
            }
        }
    }

    /// The names that contain `needle` (folded), all and by vendor slot. memchr finds each place of the needle's
    /// rarest byte, a comparison checks the needle around it, and after a match the scan goes on from the next name,
    /// so that a name counts once.
    private func nameMatches(of needle: [UInt8]) -> (all: Int, byVendor: [Int]) {
        var byVendor = [Int](repeating: 0, count: vendorNames.count + 1)
        let anchor = needle.indices.min { byteCounts[Int(needle[$0])] < byteCounts[Int(needle[$1])] } ?? 0
        let anchorByte = Int32(needle[anchor])
        var all = 0
        names.withUnsafeBytes { names in
            needle.withUnsafeBytes { needle in
                guard let base = names.baseAddress, let needleBase = needle.baseAddress else { return }
                let end = names.count
                var from = anchor  // where the anchor byte of a match that starts at `from - anchor` would be
                while from < end, let found = memchr(base + from, anchorByte, end - from) {
                    let position = base.distance(to: UnsafeRawPointer(found))
                    let start = position - anchor
                    guard start + needle.count <= end, memcmp(base + start, needleBase, needle.count) == 0 else {
                        from = position + 1
                        continue
                    }
                    all += 1
                    let matchEnd = start + needle.count
                    // Every name is followed by its separator, and the match lies inside one name.
                    let separatorAddress = memchr(base + matchEnd, Int32(Self.separator), end - matchEnd)!
                    let separator = base.distance(to: UnsafeRawPointer(separatorAddress))
                    byVendor[min(Self.slot(at: base + separator + 1), vendorNames.count)] += 1
                    from = separator + 1 + Self.slotWidth + anchor
                }
            }
        }
        return (all, byVendor)
    }

    private static func slot(at pointer: UnsafeRawPointer) -> Int {
        (0..<slotWidth).reduce(0) { slot, offset in
            slot << 6 | Int(pointer.load(fromByteOffset: offset, as: UInt8.self) & 0x3F)
        }
    }
}
