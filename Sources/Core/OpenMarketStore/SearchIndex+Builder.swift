import OpenMarketSQLite

extension SearchIndex {
    /// Collects the names of the products in id order, and their vendors, into a `SearchIndex`.
    struct Builder {
        private var names: [UInt8] = []
        private var byteCounts = [Int](repeating: 0, count: 256)
        private let vendorNames: [[UInt8]]
        private var productsOfVendor: [Int]
        private let slotOfVendor: [Int64: Int]
        private(set) var productCount = 0

        /// nil when there are more vendors than a slot can tell apart.
        init?(vendors: [(id: Int64, name: [UInt8])]) {
            guard vendors.count < SearchIndex.noVendor else { return nil }
            vendorNames = vendors.map(\.name)
            productsOfVendor = [Int](repeating: 0, count: vendors.count)
            slotOfVendor = Dictionary(vendors.enumerated().map { ($1.id, $0) }) { first, _ in first }
        }

        /// Goes on from `base` with the products created after its largest id, `expectedProducts` or so; nil when the
        /// vendors are not those `base` was built with, slot for slot (a vendor change is a rewrite, so a store whose
        /// rewrite count still matches `base` has the same ones).
        init?(extending base: SearchIndex, vendors: [(id: Int64, name: [UInt8])], expectedProducts: Int) {
            guard vendors.map(\.name) == base.vendorNames else { return nil }
            self.init(vendors: vendors)
            names = base.names
            // One copy of the shared buffer, at its final size, instead of a copy on the first append and more as it grows.
            names.reserveCapacity(base.names.count + expectedProducts * (base.names.count / max(base.productCount, 1) + 1))
            byteCounts = base.byteCounts
            productsOfVendor = base.productsOfVendor
            productCount = base.productCount
        }

        /// Adds a product's name as stored and its vendor's id; false, adding nothing, for a name that holds the
        /// separator (see `SearchIndex`). A vendor that is not in the list (a product without one) is none, as the
        /// SQL's LEFT JOIN finds none.
        mutating func append(name: UnsafeRawBufferPointer, vendorID: Int64?) -> Bool {
            guard !name.contains(SearchIndex.separator) else { return false }
            let slot = vendorID.flatMap { slotOfVendor[$0] }
            if let slot { productsOfVendor[slot] += 1 }
            for byte in name { add(ASCIIFolding.folded(byte)) }
            add(SearchIndex.separator)
            let slotValue = slot ?? SearchIndex.noVendor
            for shift in stride(from: 6 * (SearchIndex.slotWidth - 1), through: 0, by: -6) {
                add(0x80 | UInt8(truncatingIfNeeded: slotValue >> shift) & 0x3F)
            }
            productCount += 1
            return true
        }

        /// Counted as it is added: a search picks its text's rarest byte by these counts.
        private mutating func add(_ byte: UInt8) {
            names.append(byte)
            byteCounts[Int(byte)] += 1
        }

        func finished(largestID: Int64, rewrites: UInt64) -> SearchIndex {
            SearchIndex(
                names: names, byteCounts: byteCounts, vendorNames: vendorNames, productsOfVendor: productsOfVendor,
                productCount: productCount, largestID: largestID, rewrites: rewrites)
        }
    }
}
