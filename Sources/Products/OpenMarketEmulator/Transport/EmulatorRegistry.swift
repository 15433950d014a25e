import Foundation
import OpenMarketEmulatorCore
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import OpenMarketLocking

/// Which emulator each protocol class answers for. An entry keeps the hosts for good and the emulator weakly: a
/// session that outlives its emulator still has its requests to those hosts answered (with an error), never sent to
/// the real server.
///
/// One more class, `installedProtocolClass`, answers for whichever emulator `install()` put in place last: sessions
/// that captured it once (FoundationNetworking's shared session, a configuration made while installed) reach every
/// later install, so each test can install an emulator of its own. It also keeps the hosts of every emulator
/// installed so far (the guarded hosts): with none installed, after an `uninstall()` or between tests, a request
/// for one of them fails at once instead of reaching the real server, until `releaseGuardedHosts()`.
final class EmulatorRegistry: Sendable {
    static let shared = EmulatorRegistry()
    static let installedProtocolClass: URLProtocol.Type = EmulatorURLProtocol<InstalledTag>.self

    struct Entry: Sendable {
        let hosts: AnsweredHosts
        let maxBodyBytes: Int
        let emulator: WeakEmulator
        /// The emulator's own protocol class.
        let owner: ObjectIdentifier
        let inFlight: InFlightRequests
    }

    /// Unchecked Sendable: `Emulator` is Sendable and a weak reference to it is only read.
    struct WeakEmulator: @unchecked Sendable {
        weak var emulator: Emulator?
    }

    /// What the installed-emulator class finds for a request.
    enum Installed {
        case emulator(Entry)
        /// No emulator is installed, and the request is for a host one answered.
        case guarded
        /// Not a host any installed emulator answered: the network's.
        case elsewhere
    }

    private struct Installation {
        var entry: Entry?
        var guarded = AnsweredHosts.none
        /// Whether `install()` was ever called: only then may the shared session be touched (on Linux, using it
        /// first makes it, and it must be made by the first `install()` to reach the emulators).
        var happened = false
    }

    private let entries = Locked<[ObjectIdentifier: Entry]>([:])
    private let installation = Locked<Installation>(Installation())
    private let lastNumber = Locked<UInt64>(0)

    /// A protocol class no emulator had before, now answering for `emulator`.
    func register(_ emulator: Emulator, hosts: AnsweredHosts, maxBodyBytes: Int) -> URLProtocol.Type {
        let number = lastNumber.withLock { number in
            number += 1
            return number
        }
        let protocolClass = ProtocolTags.protocolClass(number: number)
        let owner = ObjectIdentifier(protocolClass)
        let entry = Entry(
            hosts: hosts, maxBodyBytes: maxBodyBytes, emulator: WeakEmulator(emulator: emulator), owner: owner,
            inFlight: InFlightRequests(hosts: hosts))
        entries.withLock { $0[owner] = entry }
        return protocolClass
    }

    /// The entry of an emulator's own protocol class.
    func entry(for protocolClass: AnyClass) -> Entry? {
        entries.withLock { $0[ObjectIdentifier(protocolClass)] }
    }

    /// What the installed-emulator class answers `url` with.
    func installed(for url: URL?) -> Installed {
        installation.withLock { installation in
            if let entry = installation.entry, entry.hosts.answers(url) { return .emulator(entry) }
            return installation.guarded.answers(url) ? .guarded : .elsewhere
        }
    }

    /// `installedProtocolClass` answers for the emulator of `protocolClass` from now on, in place of any other, and
    /// guards its hosts.
    func install(_ protocolClass: AnyClass) {
        guard let entry = entry(for: protocolClass) else { return }
        installation.withLock { installation in
            installation.entry = entry
            installation.guarded = installation.guarded.adding(entry.hosts)
            installation.happened = true
        }
    }

    /// Ends the installation of `protocolClass`'s emulator, unless another one is installed (or none). Its hosts
    /// stay guarded.
    func uninstall(_ protocolClass: AnyClass) {
        installation.withLock { installation in
            if installation.entry?.owner == ObjectIdentifier(protocolClass) {
                installation.entry = nil
            }
        }
    }

    var installHappened: Bool {
        installation.withLock(\.happened)
    }

    /// Lets the hosts of the emulators installed so far reach the network again while none is installed.
    func releaseGuardedHosts() {
        installation.withLock { $0.guarded = .none }
    }
}
