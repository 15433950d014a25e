import OpenMarketAPI
import OpenMarketAdminPlane
import OpenMarketLocking
import OpenMarketStore

/// What an emulator's store holds once it is made: the store, and the seed rows a reset writes again.
struct StoreStart {
    let store: MarketStore
    let seeded: (rows: SeedRows, report: SeedReport)?
    /// The class's teams with their accounts (`EmulatorOptions.classRoster`); empty without a class.
    var classTeams: [ClassTeam] = []
}

/// Fresh in-memory stores kept as snapshots, one per set of options that decides what such a store holds, so that
/// the emulators of a process after the first with those options copy pages instead of migrating the schema,
/// storing the vendors and writing the seed again. Each copy is a store of its own, as independent as if written.
///
/// Only the demo seed, a generated one or none: a fixture file can change between two emulators, and its products
/// may take the time of the start. The demo's and a generated catalogue's products have times of their own, so the one thing that depends on the moment is the
/// vendors' creation time, which every copy sets anew.
final class StoreTemplates: Sendable {
    static let shared = StoreTemplates(capacity: 4)

    /// Everything that decides what a fresh in-memory store holds, the time of its vendors aside.
    struct Key: Equatable, Sendable {
        let generation: String
        let vendors: [VendorConfiguration]
        /// The demo, a generated catalogue, or nil.
        let seed: EmulatorSeed?

        /// nil when the options' store is not to be copied from a template (a file, a fixture seed, or not asked).
        init?(_ options: EmulatorOptions) {
            guard options.copiesStoreTemplate, options.database == ":memory:", options.classRoster == nil else {
                return nil
            }
            if case .fixture? = options.seed { return nil }
            generation = options.generation.name
            vendors = options.vendors
            seed = options.seed
        }
    }

    private struct Template: Sendable {
        let key: Key
        let snapshot: StoreSnapshot
        let seededRows: SeedRows?
        let seedReport: SeedReport?
    }

    /// The most recently used last. Each demo template holds a few megabytes (a generated one more, by its count),
    /// so there are at most `capacity`.
    private let templates = Locked<[Template]>([])
    private let capacity: Int

    init(capacity: Int) {
        self.capacity = capacity
    }

    /// A copy of the template for `key` with its vendors created at `now`; without a template yet, the store `make`
    /// makes, kept as the template for the next ones. Two first emulators made at once both make theirs.
    func start(
        for key: Key, now: Double, making make: () throws(EmulatorError) -> StoreStart
    ) throws(EmulatorError) -> StoreStart {
        guard let template = template(for: key) else {
            let made = try make()
            // A store that cannot be snapshotted is still a good store; the next emulator makes its own again.
            if let snapshot = try? made.store.snapshot() {
                // One index for the template's stores, this one included: built from the template, so that it is
                // built whole even when this emulator is dropped before a million names are read.
                snapshot.prepareSearchIndex()
                made.store.inheritSearchIndex(of: snapshot)
                keep(Template(key: key, snapshot: snapshot, seededRows: made.seeded?.rows, seedReport: made.seeded?.report))
            }
            return made
        }
        let copyStart = ContinuousClock.now
        let store: MarketStore
        do {
            store = try MarketStore(copying: template.snapshot)
            try store.setCreationTimeOfAllVendors(now)
            // After the one write a copy gets, which leaves the names as they were: the template's index counts them.
            store.inheritSearchIndex(of: template.snapshot)
        } catch let error as StoreError {
            throw .store(database: ":memory:", error)
        } catch {
            throw .database(path: ":memory:", message: "\(error)")
        }
        let seeded = template.seededRows.flatMap { rows in
            template.seedReport.map { report in (rows, report.copied(in: ContinuousClock.now - copyStart)) }
        }
        return StoreStart(store: store, seeded: seeded)
    }

    private func template(for key: Key) -> Template? {
        templates.withLock { templates in
            guard let index = templates.firstIndex(where: { $0.key == key }) else { return nil }
            let template = templates.remove(at: index)
            templates.append(template)
            return template
        }
    }

    private func keep(_ template: Template) {
        templates.withLock { templates in
            guard !templates.contains(where: { $0.key == template.key }) else { return }
            templates.append(template)
            if templates.count > capacity { templates.removeFirst() }
        }
    }
}

extension SeedReport {
    /// The report of a seed copied from a template in `time`: nothing built, the rows the template's.
    fileprivate func copied(in time: Duration) -> SeedReport {
        SeedReport(
            source: source, productCount: productCount, written: written, buildTime: .zero, writeTime: time,
            credentialLines: credentialLines)
    }
}
