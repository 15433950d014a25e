import Catalogue

/// What an emulator starts with besides its vendors: the demo catalogue or a fixture file.
package enum EmulatorSeed: Sendable, Equatable {
    /// About 80 products with drawn pictures, several vendors and every case an app must show.
    case demo
    /// A fixture file (see docs), or a page of the API's own JSON.
    case fixture(path: String)

    /// As `--seed` takes it: `demo` or a path.
    package init(option: String) {
        self = option == "demo" ? .demo : .fixture(path: option)
    }

    /// As `--seed` names it, for messages.
    package var name: String {
        switch self {
        case .demo: "demo"
        case .fixture(let path): path
        }
    }

    /// The one place a seed becomes a catalogue.
    func catalogue(for generation: SeedGeneration) throws(FixtureError) -> SeedCatalogue {
        switch self {
        case .demo: DemoCatalogue.shared(for: generation)
        case .fixture(let path): try FixtureReader.read(path: path)
        }
    }
}
