import EmulatorCore
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Locking

/// Which emulator each protocol class answers for. An entry keeps the hosts for good and the emulator weakly: a
/// session that outlives its emulator still has its requests to those hosts answered (with an error), never sent to
/// the real server.
final class EmulatorRegistry: Sendable {
    static let shared = EmulatorRegistry()

    struct Entry: Sendable {
        let hosts: AnsweredHosts
        let maxBodyBytes: Int
        let emulator: WeakEmulator
    }

    /// Unchecked Sendable: `Emulator` is Sendable and a weak reference to it is only read.
    struct WeakEmulator: @unchecked Sendable {
        weak var emulator: Emulator?
    }

    private let entries = Locked<[ObjectIdentifier: Entry]>([:])
    private let lastNumber = Locked<UInt64>(0)

    /// A protocol class no emulator had before, now answering for `emulator`.
    func register(_ emulator: Emulator, hosts: AnsweredHosts, maxBodyBytes: Int) -> URLProtocol.Type {
        let number = lastNumber.withLock { number in
            number += 1
            return number
        }
        let protocolClass = ProtocolTags.protocolClass(number: number)
        let entry = Entry(hosts: hosts, maxBodyBytes: maxBodyBytes, emulator: WeakEmulator(emulator: emulator))
        entries.withLock { $0[ObjectIdentifier(protocolClass)] = entry }
        return protocolClass
    }

    func entry(for protocolClass: AnyClass) -> Entry? {
        entries.withLock { $0[ObjectIdentifier(protocolClass)] }
    }
}
