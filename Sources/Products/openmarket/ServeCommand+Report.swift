#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ArgumentParser
import Logging
import OpenMarketAPI
import OpenMarketAdminPlane
import OpenMarketEmulatorCore
import OpenMarketStore

/// What `serve` tells its operator: the addresses it answers on, what the seed did, and why it could not start.
extension ServeCommand {
    /// Where it listens and whom to sign in as, flushed at once: scripts wait for these lines, so none may stay in a
    /// pipe buffer.
    func announce(_ emulator: Emulator, settings: ServeSettings, port: UInt16) {
        printAddresses(settings, port: port)
        if emulator.options.usesDemoVendor {
            let demo = EmulatorOptions.demoVendor
            print("demo vendor: name \(demo.name), identifier \(demo.identifier), secret \(demo.secret)")
        }
        emulator.seedReport?.credentialLines.forEach { print($0) }
        if let roster = settings.classRosterPath {
            printClass(emulator, roster: roster, settings: settings, port: port)
        }
        fflush(nil)
    }

    /// The first line keeps one form for the scripts that read it; bound to a wildcard address, the lines after it
    /// name the URLs that work from this machine and from other devices (a phone on the same Wi-Fi).
    private func printAddresses(_ settings: ServeSettings, port: UInt16) {
        let local = settings.listeningURL(port: port)
        print("openmarket \(settings.generation.name) listening on \(local)")
        guard let network = settings.networkURLs(port: port) else { return }
        print("  from this machine: \(local)")
        if network.isEmpty {
            print("  from the network:  none (no network interface of this machine is up)")
        }
        for url in network {
            print("  from the network:  \(url)")
        }
    }

    /// The class's size and the next steps: the handouts to print, the teacher's and the students' pages.
    private func printClass(_ emulator: Emulator, roster: String, settings: ServeSettings, port: UInt16) {
        let members = emulator.classTeams.reduce(0) { $0 + $1.members.count }
        print("class: \(emulator.classTeams.count) teams, \(members) students from \(roster)")
        let url = settings.networkURLs(port: port)?.first ?? settings.listeningURL(port: port)
        print("  handouts: openmarket class handouts --database \(settings.database) --url \(url) --output handouts")
        print("  teacher:  \(settings.listeningURL(port: port))/__admin/  students: \(url)/__admin/me/")
    }

    /// A bad seed file exits with 2, vendors the command line cannot configure are a usage error, the rest 1.
    static func failure(_ error: EmulatorError, settings: ServeSettings) -> any Error {
        switch error {
        case .seed(let source, let message):
            RuntimeFailure("\(settings.seedGivenAs) \(source): \(message)", exitStatus: 2)
        case .vendors(let message): ValidationError(message)
        case .store(let database, let error): RuntimeFailure(starting: error, database: database)
        case .database(let path, let message):
            RuntimeFailure("cannot open the database \(path): \(message)\(DatabaseFolderHint.suffix(for: path))")
        case .products:
            // Products given at the start come from Swift's `Options`; the command line has none to give.
            RuntimeFailure("\(error)")
        }
    }

    func log(_ seed: SeedReport, logger: Logger) {
        guard seed.written else {
            logger.notice("--seed \(seed.source): the store already has products, so it is left as it is")
            return
        }
        logger.info(
            "--seed \(seed.source): \(seed.productCount) products built in \(Self.milliseconds(seed.buildTime)) ms, written in \(Self.milliseconds(seed.writeTime)) ms")
    }

    /// Says what the index of names that counts searches costs (from 10,000 products), and when it is ready; an
    /// extension (the products created since) says what it added.
    func log(_ build: SearchIndexBuild, logger: Logger) {
        let time = "\(Self.milliseconds(build.duration)) ms, \(build.byteCount / 1_000_000) MB"
        if build.namesRead < build.productCount {
            logger.info("search index: \(build.namesRead) product names added in \(time), \(build.productCount) in all")
        } else {
            logger.info("search index: \(build.productCount) product names read in \(time)")
        }
    }

    private static func milliseconds(_ duration: Duration) -> Int64 {
        duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000
    }
}
