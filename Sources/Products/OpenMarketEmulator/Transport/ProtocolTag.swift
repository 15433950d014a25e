import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A type that names one emulator, so that `EmulatorURLProtocol<Tag>` is a class of its own per emulator: the
/// loading system shows a protocol neither the session nor its headers, so the class is the only thing that can
/// tell which emulator a session belongs to. Tags are made at run time from a number, one binary digit per level
/// (`One<Zero<Root>>` is 2), so any number of emulators get distinct classes with a nesting of at most 64.
protocol ProtocolTag {}

enum RootTag: ProtocolTag {}
/// The class `install()` registers, answering for the installed emulator (`EmulatorRegistry.installedProtocolClass`).
enum InstalledTag: ProtocolTag {}
enum ZeroTag<Higher: ProtocolTag>: ProtocolTag {}
enum OneTag<Higher: ProtocolTag>: ProtocolTag {}

enum ProtocolTags {
    /// The protocol class of emulator `number`; a number is never given twice (see `EmulatorRegistry`).
    static func protocolClass(number: UInt64) -> URLProtocol.Type {
        var tag: any ProtocolTag.Type = RootTag.self
        var rest = number
        repeat {
            tag = rest & 1 == 0 ? zero(above: tag) : one(above: tag)
            rest >>= 1
        } while rest > 0
        return protocolClass(tag)
    }

    private static func zero<Higher: ProtocolTag>(above: Higher.Type) -> any ProtocolTag.Type {
        ZeroTag<Higher>.self
    }

    private static func one<Higher: ProtocolTag>(above: Higher.Type) -> any ProtocolTag.Type {
        OneTag<Higher>.self
    }

    private static func protocolClass<Tag: ProtocolTag>(_: Tag.Type) -> URLProtocol.Type {
        EmulatorURLProtocol<Tag>.self
    }
}
