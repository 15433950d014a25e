import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What `install()` changes in the URL loading system. One class, `EmulatorRegistry.installedProtocolClass`, is put
/// where sessions find it, once per process; it answers for the emulator installed at the time of each request, so
/// a later `install()` replaces the earlier one in every session that found it, and `uninstall()` leaves it guarding
/// the hosts installed emulators answered (their requests fail at once) until `releaseGuardedHosts()`.
/// docs/in-process-tests.md says which sessions that is on each platform.
enum Installation {
    static func install(_ protocolClass: AnyClass) {
        EmulatorRegistry.shared.install(protocolClass)
        _ = placed
        #if canImport(ObjectiveC)
        DefaultConfigurations.insert(EmulatorRegistry.installedProtocolClass)
        #endif
    }

    static func uninstall(_ protocolClass: AnyClass) {
        EmulatorRegistry.shared.uninstall(protocolClass)
    }

    /// Apple platforms: the configurations made from now on no longer list the class, so they reach the network.
    static func releaseGuardedHosts() {
        EmulatorRegistry.shared.releaseGuardedHosts()
        #if canImport(ObjectiveC)
        DefaultConfigurations.restore()
        #endif
    }

    /// Whether installed emulators reach `URLSession.shared`; ask after an `install()` (on Linux, asking first makes
    /// the shared session, without the class).
    static var reachesSharedSession: Bool {
        #if canImport(FoundationNetworking)
        URLSession.shared.configuration.protocolClasses?.contains { $0 == EmulatorRegistry.installedProtocolClass } ?? false
        #else
        true
        #endif
    }

    #if canImport(FoundationNetworking)
    /// FoundationNetworking consults a session's `configuration.protocolClasses` in order, then, when none of them
    /// takes the request, the registered classes in the order they were registered. `.default` and `.ephemeral` list
    /// its own HTTP protocol, which takes every http(s) request, so sessions made from them are never reached. The
    /// shared session's list is the registered classes at the moment it is first used, kept for good. So the class
    /// goes in front of the built-in ones (they are registered again behind it; `.default` names them), then the shared
    /// session is made, with the class in its list, unless something used it earlier.
    private static let placed: Void = {
        let installed = EmulatorRegistry.installedProtocolClass
        let builtIn = URLSessionConfiguration.default.protocolClasses ?? []
        for protocolClass in builtIn { URLProtocol.unregisterClass(protocolClass) }
        _ = URLProtocol.registerClass(installed)
        for protocolClass in builtIn { _ = URLProtocol.registerClass(protocolClass) }
        _ = URLSession.shared
    }()
    #else
    /// Apple platforms put a registered class before the others and consult the registered classes for
    /// `URLSession.shared` on every request; sessions with a configuration of their own get the class from
    /// `DefaultConfigurations`.
    private static let placed: Void = {
        _ = URLProtocol.registerClass(EmulatorRegistry.installedProtocolClass)
    }()
    #endif
}
