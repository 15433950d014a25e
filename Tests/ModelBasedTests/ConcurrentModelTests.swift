import Dispatch
import Foundation
import OpenMarketLocking
import Testing

/// Several threads writing and reading one emulator at once. Each thread names its products with a tag no other
/// thread's names hold, so whatever order the others' steps take, the model of its own products says exactly what a
/// search for its tag answers: a stale count, a page missing a product whose create returned, or one still showing a
/// product whose delete returned, is a difference. Creates of the others land beside every read, which is where kept
/// counts and cached pages must not go stale.
@Suite("Concurrent sequences against the model")
struct ConcurrentModelTests {
    static let threads = 4
    static let stepsPerThread = 150

    @Test("Each thread's products are what its searches and pages show, whatever the others do",
          arguments: [(MarketRules.v2b, 0), (.v2a, 0), (.v2b, 10_050)])
    func threadsSeeTheirOwnWrites(rules: MarketRules, preloaded: Int) throws {
        let market = try EmulatorMarket(rules: rules, inFile: true)
        if preloaded > 0 {
            // Past the search index's threshold: its build runs beside the threads.
            _ = try market.apply(.insert(first: 0, count: preloaded, id: nil))
        }
        let problems = Locked<[String]>([])
        let group = DispatchGroup()
        let start = ContinuousClock.now
        for thread in 0..<Self.threads {
            group.enter()
            let worker = Thread {
                defer { group.leave() }
                do {
                    try Self.run(thread: thread, on: market, rules: rules) { problem in
                        problems.withLock { $0.append("thread \(thread): \(problem)") }
                    }
                } catch {
                    problems.withLock { $0.append("thread \(thread) threw \(error)") }
                }
            }
            worker.start()
        }
        #expect(group.wait(timeout: .now() + .seconds(300)) == .success, "the threads did not end within 5 minutes")
        let elapsed = ContinuousClock.now - start
        print("model-based concurrent \(rules) (\(preloaded) preloaded): \(Self.threads * Self.stepsPerThread) steps on \(Self.threads) threads in \(elapsed)")
        for problem in problems.withLock({ $0 }).prefix(10) {
            Issue.record("\(problem)")
        }
    }

    private static func tag(_ thread: Int) -> String {
        "¶\(thread)¶"
    }

    /// One thread's steps; `report` is told each difference from its own model.
    private static func run(
        thread: Int, on market: EmulatorMarket, rules: MarketRules, report: (String) -> Void
    ) throws {
        var random = SeededGenerator(seed: UInt64(thread) &* 7_919 &+ 17)
        var own: [Int64: String] = [:]
        let tag = tag(thread)
        for _ in 0..<stepsPerThread {
            let roll = Int.random(in: 0..<10, using: &random)
            let piece = MarketNames.pieces.randomElement(using: &random)!
            switch roll {
            case 0..<3:
                let answer = try market.apply(.create(name: piece + tag, vendor: 0, images: 1))
                guard case let .product(201, item) = answer else {
                    report("create answered \(answer)")
                    continue
                }
                own[item.id] = item.name
                // The product it just created is on the first page, or newer ones are.
                let first = try market.apply(.list(page: 1, size: 1, search: nil))
                if case let .page(_, items, _, _, _) = first, let newest = items.first, newest.id >= item.id { break }
                report("after creating #\(item.id), the first page is \(first)")
            case 3:
                // A rename that keeps the tag or drops it.
                guard let id = own.keys.randomElement(using: &random) else { continue }
                let name = Bool.random(using: &random) ? piece + tag : piece
                let answer = try market.apply(.patch(id: id, name: name, price: nil, vendor: 0, images: nil))
                guard case .product(202, _) = answer else {
                    report("patch of #\(id) answered \(answer)")
                    continue
                }
                own[id] = name
            case 4:
                guard let id = own.keys.randomElement(using: &random) else { continue }
                let answer = try market.apply(.delete(id: id, vendor: 0))
                guard case .product(200, _) = answer else {
                    report("delete of #\(id) answered \(answer)")
                    continue
                }
                own[id] = nil
                let detail = try market.apply(.detail(id: id))
                if detail != .status(404) { report("after deleting #\(id), its detail is \(detail)") }
            default:
                // The tag whole (looked up by trigram), or its last two characters (scanned).
                let search = Bool.random(using: &random) ? tag : String(tag.unicodeScalars.suffix(2))
                let expected = own.filter { $0.value.contains(search) }.keys.sorted(by: >)
                let answer = try market.apply(.list(page: 1, size: 1000, search: search))
                guard case let .page(total, items, _, _, _) = answer, total == expected.count,
                    items.map(\.id) == expected
                else {
                    report("search \(String(reflecting: search)) should find \(expected), found \(answer)")
                    continue
                }
            }
        }
    }
}
