import Foundation
import Testing

/// Random sequences of every operation, on the store and on each generation's API, each answer compared with the
/// plain model's (`ReferenceMarket`). CI runs the seeds below, bounded in time; a longer run takes its seeds and
/// time from the environment (docs/contributing.md, "Model-based tests"):
///
///     OPENMARKET_MODEL_SEEDS=1000 OPENMARKET_MODEL_SECONDS=600 swift test --filter ModelBasedTests
///
/// A failure prints the failing sequence shrunk to a few steps, as Swift for `ModelRegressionTests`.
@Suite("The emulator against a plain model")
struct ModelBasedTests {
    /// Seeds per side in CI, and how long one side may take at most (it stops, and says so, when that comes first).
    static let seeds = ProcessInfo.processInfo.environment["OPENMARKET_MODEL_SEEDS"].flatMap { UInt64($0) } ?? 24
    /// Where a run's seeds start, so that a long run can go on where the last one stopped.
    static let firstSeed = ProcessInfo.processInfo.environment["OPENMARKET_MODEL_FIRST_SEED"].flatMap { UInt64($0) } ?? 0
    static let budget = Duration.seconds(
        ProcessInfo.processInfo.environment["OPENMARKET_MODEL_SECONDS"].flatMap { Int($0) } ?? 12)
    static let length = 250

    @Test("Single-threaded sequences answer as the model does", arguments: MarketRules.allCases)
    func sequences(rules: MarketRules) throws {
        // Half the seeds on a file database (reader connections beside the writer), half in memory.
        let run = SequenceRun(rules: rules) { try Self.side(rules, inFile: false) }
        let fileRun = SequenceRun(rules: rules) { try Self.side(rules, inFile: true) }
        try Self.runSeeds(rules: rules) { seed, length in
            var generator = SequenceGenerator(rules: rules, seed: seed)
            return (seed % 2 == 0 ? run : fileRun, generator.sequence(length: length))
        }
    }

    /// Past 10,000 products, where the search index takes over, and past 10,000 more, where it is extended, with the
    /// response cache in front: few seeds, the inserts are most of their time.
    @Test("Sequences past the search index's thresholds answer as the model does", arguments: [MarketRules.v2b, .v2a])
    func sequencesPastTheThresholds(rules: MarketRules) throws {
        let run = SequenceRun(rules: rules) { try Self.side(rules, inFile: true) }
        try Self.runSeeds(rules: rules, seeds: max(1, Self.seeds / 24), length: Self.length / 2) { seed, length in
            var generator = SequenceGenerator(rules: rules, seed: 1_000 + seed, bulkInsert: 10_050)
            return (run, generator.sequence(length: length))
        }
    }

    static func side(_ rules: MarketRules, inFile: Bool) throws -> any MarketUnderTest {
        rules == .store ? try StoreMarket(inFile: inFile) : try EmulatorMarket(rules: rules, inFile: inFile)
    }

    /// Runs `sequence(seed)` for seeds 0..<`seeds` until `budget` is spent; a failure is shrunk and reported.
    static func runSeeds(
        rules: MarketRules, seeds: UInt64 = Self.seeds, length: Int = Self.length,
        _ sequence: (_ seed: UInt64, _ length: Int) throws -> (SequenceRun, [MarketOperation])
    ) throws {
        let clock = ContinuousClock()
        let start = clock.now
        var (ran, operations) = (0, 0)
        for seed in firstSeed..<(firstSeed + seeds) where clock.now - start < Self.budget {
            let (run, steps) = try sequence(seed, length)
            if let failure = try run.firstFailure(of: steps) {
                let shrunk = try run.shrink(failure)
                Issue.record("seed \(seed): \(run.reproduction(shrunk))")
                return
            }
            ran += 1
            operations += steps.count
        }
        let seconds = Double((clock.now - start).components.attoseconds) / 1e18 + Double((clock.now - start).components.seconds)
        print(
            "model-based \(rules): \(ran) sequences of \(length) steps (of \(seeds) seeds), \(operations) operations "
                + "in \(String(format: "%.1f", seconds)) s: \(Int(Double(operations) / max(seconds, 0.001))) per second")
        #expect(ran > 0)
    }
}
