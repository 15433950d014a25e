/// What a step answered, reduced to what the model can say: the same value for the model, the store and every
/// generation's JSON.
enum MarketAnswer: Equatable, Sendable, CustomStringConvertible {
    /// A list page: v2's numbers (`lastPage` and the flags are nil where the generation has none), and its items.
    case page(total: Int?, items: [ItemSummary], lastPage: Int?, hasNext: Bool?, hasPrev: Bool?)
    /// A product's detail (created, patched, deleted or read), and the status it came with.
    case product(status: Int, ItemSummary)
    /// v1a's delete answer, and what an insert gave.
    case ids([Int64])
    /// Anything else: an error, v2's 204 past the end, a secret lookup, an admin call.
    case status(Int)

    var description: String {
        switch self {
        case let .page(total, items, lastPage, hasNext, hasPrev):
            let numbers = "total \(total.map(String.init) ?? "-"), last page \(lastPage.map(String.init) ?? "-"), "
                + "next \(hasNext.map(String.init) ?? "-"), prev \(hasPrev.map(String.init) ?? "-")"
            return "page (\(numbers)) [\(items.map(\.description).joined(separator: ", "))]"
        case let .product(status, item): return "\(status) \(item)"
        case let .ids(ids): return "ids \(ids)"
        case let .status(status): return "status \(status)"
        }
    }
}

/// A product as every side can tell it: `imageCount` is nil in list items, which carry no images.
struct ItemSummary: Equatable, Sendable, CustomStringConvertible {
    var id: Int64
    var name: String
    /// The vendor's position in the configuration (0 or 1); nil on v1.
    var vendor: Int?
    var price: Int
    var imageCount: Int?

    var description: String {
        "#\(id) \(String(reflecting: name)) v\(vendor.map(String.init) ?? "-") \(price)"
            + (imageCount.map { " \($0) img" } ?? "")
    }
}

/// Where a sequence runs: the store alone, or a generation's API. Each has its own paging, search and owner rules.
enum MarketRules: String, Sendable, CaseIterable {
    case store, v2b, v2a, v1b, v1a

    var isV2: Bool { self == .v2a || self == .v2b }
    var isV1: Bool { self == .v1a || self == .v1b }
    /// v1 lists take no search text.
    var searches: Bool { !isV1 }
}

/// The plain reference the model-based tests compare the emulator with: products in a dictionary, every answer
/// worked out from them directly, the way the spec words it (docs/wire-format.md, spec §3.3 and §6.4). Written to be
/// obviously right, not fast: every list filters and sorts every product.
struct ReferenceMarket: Sendable {
    struct Item: Equatable, Sendable {
        var name: String {
            didSet { foldedName = ReferenceMarket.asciiLowered(name) }
        }
        var vendor: Int?
        var price: Int
        var imageCount: Int
        /// What a search compares: lists of thousands of products fold no name again.
        private(set) var foldedName: [UInt8]

        init(name: String, vendor: Int?, price: Int, imageCount: Int) {
            self.name = name
            self.vendor = vendor
            self.price = price
            self.imageCount = imageCount
            foldedName = ReferenceMarket.asciiLowered(name)
        }
    }

    private struct State: Sendable {
        var products: [Int64: Item] = [:]
        /// The id AUTOINCREMENT gives next: past the largest ever given, deleted ones included.
        var nextID: Int64 = 1
        var vendorNames: [String]
    }

    let rules: MarketRules
    private var state: State
    private var snapshots: [String: State] = [:]

    static let vendorNames = ["zhilly", "kyo12"]
    static let createdPrice = 1000
    static let insertedPrice = 700

    init(rules: MarketRules) {
        self.rules = rules
        state = State(vendorNames: Self.vendorNames)
    }

    var productIDs: [Int64] { state.products.keys.sorted() }
    var nextID: Int64 { state.nextID }
    var productCount: Int { state.products.count }

    /// What `operation` answers on `rules`, and the model after it.
    mutating func apply(_ operation: MarketOperation) -> MarketAnswer {
        switch operation {
        case let .create(name, vendor, images): return create(name: name, vendor: vendor, images: images)
        case let .patch(id, name, price, vendor, images):
            return patch(id: id, name: name, price: price, vendor: vendor, images: images)
        case let .delete(id, vendor):
            if let refusal = ownerRefusal(id: id, vendor: vendor) { return .status(refusal) }
            let item = summary(id, withImages: true)
            state.products[id] = nil
            return rules == .v1a ? .ids([id]) : .product(status: rules == .store ? 0 : 200, item)
        case let .secretLookup(id, vendor):
            return .status(ownerRefusal(id: id, vendor: vendor) ?? 200)
        case let .renameVendor(vendor, name):
            state.vendorNames[vendor] = name
            return .status(0)
        case .reset:
            state = State(vendorNames: state.vendorNames)
            return .status(rules == .store ? 0 : 200)
        case let .snapshot(name):
            // The admin plane keeps a name's first snapshot until it is deleted.
            if rules != .store, snapshots[name] != nil { return .status(409) }
            snapshots[name] = state
            return .status(rules == .store ? 0 : 201)
        case let .restore(name):
            guard let saved = snapshots[name] else { return .status(404) }
            state = saved
            return .status(rules == .store ? 0 : 200)
        case let .insert(first, count, id):
            return insert(first: first, count: count, id: id)
        case let .list(page, size, search):
            return list(page: page, size: size, search: search)
        case let .detail(id):
            guard state.products[id] != nil else { return .status(404) }
            return .product(status: rules == .store ? 0 : 200, summary(id, withImages: true))
        }
    }

    private mutating func create(name: String, vendor: Int, images: Int) -> MarketAnswer {
        // The API requires an image; the store takes what it is given.
        guard images > 0 || rules == .store else { return .status(400) }
        let id = state.nextID
        state.nextID += 1
        state.products[id] = Item(
            name: name, vendor: rules.isV1 ? nil : vendor, price: Self.createdPrice, imageCount: images)
        return .product(status: rules.isV2 ? 201 : rules == .store ? 0 : 200, summary(id, withImages: true))
    }

    private mutating func patch(id: Int64, name: String?, price: Int?, vendor: Int, images: Int?) -> MarketAnswer {
        if let refusal = ownerRefusal(id: id, vendor: vendor) { return .status(refusal) }
        if let name { state.products[id]?.name = name }
        if let price { state.products[id]?.price = price }
        switch rules {
        case .store: if let images { state.products[id]?.imageCount = images }
        // A v1 PATCH with image parts replaces the images; without, it keeps them.
        case .v1a, .v1b: if let images, images > 0 { state.products[id]?.imageCount = images }
        case .v2a, .v2b: break
        }
        let status = switch rules {
        case .store: 0
        case .v2a, .v2b: 202
        case .v1a, .v1b: 200
        }
        return .product(status: status, summary(id, withImages: true))
    }

    /// Why `vendor` may not change product `id`: 404 when there is none (and on v1, where vendor 1 stands for a
    /// wrong password, which the real server answered with 404), 403 when another vendor's (v2). nil: it may.
    private func ownerRefusal(id: Int64, vendor: Int) -> Int? {
        guard let item = state.products[id] else { return 404 }
        switch rules {
        case .store: return nil
        case .v2a, .v2b: return item.vendor == vendor ? nil : 403
        case .v1a, .v1b: return vendor == 0 ? nil : 404
        }
    }

    private mutating func insert(first: Int, count: Int, id: Int64?) -> MarketAnswer {
        let ids = id.map { first in (0..<Int64(count)).map { first + $0 } }
            ?? (0..<Int64(count)).map { state.nextID + $0 }
        if ids.contains(where: { state.products[$0] != nil }) { return .status(409) }
        for (offset, id) in ids.enumerated() {
            state.products[id] = Item(
                name: MarketNames.inserted(first + offset), vendor: rules.isV1 ? nil : 0, price: Self.insertedPrice,
                imageCount: 1)
        }
        state.nextID = max(state.nextID, (ids.max() ?? 0) + 1)
        return .ids(ids)
    }

    private func list(page: Int, size: Int, search: String?) -> MarketAnswer {
        switch rules {
        case .v1a, .v1b:
            guard page >= 1 else { return .status(400) }
            let items = productIDs.dropFirst((page - 1) * 20).prefix(20).map { summary($0, withImages: false) }
            return .page(total: nil, items: Array(items), lastPage: nil, hasNext: nil, hasPrev: nil)
        case .store:
            guard page >= 1, size >= 0 else { return .status(400) }
            let matches = self.matches(search)
            let items = matches.dropFirst((page - 1) * size).prefix(size).map { summary($0, withImages: false) }
            return .page(total: matches.count, items: Array(items), lastPage: nil, hasNext: nil, hasPrev: nil)
        case .v2a, .v2b:
            guard page >= 1, size >= 1, size <= 1000 else { return .status(400) }
            let matches = self.matches(search)
            let lastPage = (matches.count + size - 1) / size
            if page > 1 && page > lastPage { return .status(204) }
            let items = matches.dropFirst((page - 1) * size).prefix(size).map { summary($0, withImages: false) }
            return .page(
                total: matches.count, items: Array(items), lastPage: lastPage, hasNext: page < lastPage,
                hasPrev: page > 1)
        }
    }

    /// Newest first: the products whose name or vendor's name contains `search`, ASCII letters of both lowered, byte
    /// for byte; nil or empty keeps every product.
    private func matches(_ search: String?) -> [Int64] {
        let all = productIDs.reversed()
        guard let search, !search.isEmpty else { return Array(all) }
        let needle = Self.asciiLowered(search)
        let vendorMatches = state.vendorNames.map { Self.asciiLowered($0).contains(needle) }
        return all.filter { id in
            let item = state.products[id]!
            return item.foldedName.contains(needle) || item.vendor.map { vendorMatches[$0] } == true
        }
    }

    static func asciiLowered(_ text: String) -> [UInt8] {
        text.utf8.map { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) ? $0 + 32 : $0 }
    }

    private func summary(_ id: Int64, withImages: Bool) -> ItemSummary {
        let item = state.products[id]!
        return ItemSummary(
            id: id, name: item.name, vendor: item.vendor, price: item.price,
            imageCount: withImages ? item.imageCount : nil)
    }
}

extension Array where Element == UInt8 {
    func contains(_ needle: [UInt8]) -> Bool {
        guard needle.count <= count else { return false }
        return (0...(count - needle.count)).contains { self[$0..<($0 + needle.count)].elementsEqual(needle) }
    }
}
