/// SplitMix64: a seed gives the same numbers on every platform and Swift version, which `SystemRandomNumberGenerator`
/// cannot and a reproduction needs.
struct SeededGenerator: RandomNumberGenerator, Sendable {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Random operation sequences for one set of rules. It keeps a model of its own while it draws, so most steps name
/// products that exist, pages near the end of the list and texts that some names contain.
struct SequenceGenerator {
    let rules: MarketRules
    /// Products inserted at once when a step grows the store past a threshold (0: never).
    let bulkInsert: Int
    private var random: SeededGenerator
    private var model: ReferenceMarket
    private var names: [String] = []
    private var inserted = 0
    private var bulkInserts = 0

    init(rules: MarketRules, seed: UInt64, bulkInsert: Int = 0) {
        self.rules = rules
        self.bulkInsert = bulkInsert
        random = SeededGenerator(seed: seed)
        model = ReferenceMarket(rules: rules)
    }

    mutating func sequence(length: Int) -> [MarketOperation] {
        (0..<length).map { step in
            // A sequence that grows the store past the thresholds does so first; the rest runs past them.
            let operation = step == 0 && bulkInsert > 0 ? insert() : next()
            // Reads change nothing; working out their answers here would only double the model's time.
            if operation.isWrite { _ = model.apply(operation) }
            return operation
        }
    }

    private mutating func next() -> MarketOperation {
        let roll = Int.random(in: 0..<1000, using: &random)
        switch roll {
        case ..<180: return .create(name: name(), vendor: vendor(), images: Int.random(in: 0...3, using: &random) == 0 ? 0 : Int.random(in: 1...2, using: &random))
        case ..<260:
            return .patch(
                id: productID(), name: Bool.random(using: &random) ? name() : nil,
                price: Bool.random(using: &random) ? Int.random(in: 1...5000, using: &random) : nil, vendor: vendor(),
                images: Int.random(in: 0...3, using: &random) == 0 ? Int.random(in: 0...2, using: &random) : nil)
        case ..<320: return .delete(id: productID(), vendor: vendor())
        case ..<340 where rules.isV2: return .secretLookup(id: productID(), vendor: vendor())
        case ..<350 where rules == .store:
            return .renameVendor(vendor: vendor(), name: [ "renamed MUG", "zhilly", "kyo12", "맥북 vendor"].randomElement(using: &random)!)
        case ..<356: return .reset
        case ..<366: return .snapshot(["one", "two"].randomElement(using: &random)!)
        case ..<376: return .restore(["one", "two", "never"].randomElement(using: &random)!)
        case ..<386: return insert()
        case ..<880: return list()
        default: return .detail(id: productID())
        }
    }

    private mutating func insert() -> MarketOperation {
        defer { inserted += 1_000 }
        // The first bulk insert crosses the index's threshold, a second one its extension's.
        if bulkInsert > 0, bulkInserts == 0 || (bulkInserts == 1 && Int.random(in: 0..<3, using: &random) == 0) {
            bulkInserts += 1
            return .insert(first: inserted, count: bulkInsert, id: nil)
        }
        // Now and then a deleted product's id, which an insert may take again (or a live one's, which it may not).
        let reused = Bool.random(using: &random) && model.nextID > 1
            ? Int64.random(in: 1..<model.nextID, using: &random) : nil
        return .insert(first: inserted, count: reused == nil ? Int.random(in: 1...30, using: &random) : 1, id: reused)
    }

    private mutating func list() -> MarketOperation {
        let size = [1, 2, 3, 7, 20, 20, 20, 100, 1000, 1001, 0].randomElement(using: &random)!
        let lastPage = size > 0 ? max(1, (model.productCount + size - 1) / size) : 1
        let page = [1, 1, 1, 2, 3, lastPage, lastPage + 1, 0, Int.random(in: 1...(lastPage + 2), using: &random)]
            .randomElement(using: &random)!
        return .list(page: page, size: size, search: rules.searches ? search() : nil)
    }

    private mutating func search() -> String? {
        switch Int.random(in: 0..<10, using: &random) {
        case 0..<3: return nil
        case 3..<6: return MarketNames.pieces.randomElement(using: &random)!
        case 6: return MarketNames.extraSearches.randomElement(using: &random)!
        default:
            // A piece of a name some product had, in another case now and then.
            guard let name = names.randomElement(using: &random), !name.isEmpty else { return "mug" }
            let scalars = Array(name.unicodeScalars)
            let start = Int.random(in: 0..<scalars.count, using: &random)
            let end = Int.random(in: (start + 1)...min(scalars.count, start + 5), using: &random)
            var text = String.UnicodeScalarView()
            text.append(contentsOf: scalars[start..<end])
            let piece = String(text)
            return Bool.random(using: &random) ? piece : piece.uppercased()
        }
    }

    private mutating func name() -> String {
        let name = (0..<Int.random(in: 1...3, using: &random))
            .map { _ in MarketNames.pieces.randomElement(using: &random)! }.joined()
        names.append(name)
        return name
    }

    private mutating func vendor() -> Int {
        Int.random(in: 0..<4, using: &random) == 0 ? 1 : 0
    }

    /// Mostly a live product, now and then one that never was.
    private mutating func productID() -> Int64 {
        let ids = model.productIDs
        guard !ids.isEmpty, Int.random(in: 0..<8, using: &random) != 0 else {
            return Int64.random(in: 1...(model.nextID + 2), using: &random)
        }
        // The newest ones most of the time: the first page is what caches keep.
        return Bool.random(using: &random) ? ids.suffix(5).randomElement(using: &random)! : ids.randomElement(using: &random)!
    }
}
