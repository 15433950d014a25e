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
/// later install, so each test can install an emulator of its own.
final class EmulatorRegistry: Sendable {
    static let shared = EmulatorRegistry()
    static let installedProtocolClass: URLProtocol.Type = EmulatorURLProtocol<InstalledTag>.self

    struct Entry: Sendable {
        let hosts: AnsweredHosts
        let maxBodyBytes: Int
        let emulator: WeakEmulator
        /// The emulator's own protocol class.
        let owner: ObjectIdentifier
    }

    /// Unchecked Sendable: `Emulator` is Sendable and a weak reference to it is only read.
    struct WeakEmulator: @unchecked Sendable {
        weak var emulator: Emulator?
    }

    private let entries = Locked<[ObjectIdentifier: Entry]>([:])
    private let installed = Locked<Entry?>(nil)
    private let lastNumber = Locked<UInt64>(0)

    /// A protocol class no emulator had before, now answering for `emulator`.
    func register(_ emulator: Emulator, hosts: AnsweredHosts, maxBodyBytes: Int) -> URLProtocol.Type {
        let number = lastNumber.withLock { number in
            number += 1
            return number
        }
        let protocolClass = ProtocolTags.protocolClass(number: number)
        let owner = ObjectIdentifier(protocolClass)
        let entry = Entry(hosts: hosts, maxBodyBytes: maxBodyBytes, emulator: WeakEmulator(emulator: emulator), owner: owner)
        entries.withLock { $0[owner] = entry }
        return protocolClass
    }

    func entry(for protocolClass: AnyClass) -> Entry? {
        if protocolClass == Self.installedProtocolClass {
            return installed.withLock { $0 }
        }
        return entries.withLock { $0[ObjectIdentifier(protocolClass)] }
    }

    /// `installedProtocolClass` answers for the emulator of `protocolClass` from now on, in place of any other.
    func install(_ protocolClass: AnyClass) {
        let entry = entry(for: protocolClass)
        installed.withLock { $0 = entry }
    }

    /// Ends the installation of `protocolClass`'s emulator; false when another one is installed (or none).
    func uninstall(_ protocolClass: AnyClass) -> Bool {
        installed.withLock { installed in
            guard installed?.owner == ObjectIdentifier(protocolClass) else { return false }
            installed = nil
            return true
        }
    }
}
