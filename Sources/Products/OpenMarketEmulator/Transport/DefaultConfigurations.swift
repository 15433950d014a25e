#if canImport(ObjectiveC)
import Foundation
import ObjectiveC
import OpenMarketLocking

/// Apple platforms only. A registered protocol class reaches `URLSession.shared` but not a session made with a
/// configuration of its own, so while an emulator is installed `URLSessionConfiguration.default` and `.ephemeral`
/// give configurations with the installed class first, as OHHTTPStubs does: the class getters' implementations are
/// replaced through the Objective-C runtime, and put back by `restore()` when the guarded hosts are released (after
/// an `uninstall()` the class in those configurations keeps guarding the hosts).
enum DefaultConfigurations {
    /// The getters' own implementations while they are replaced; empty otherwise.
    private static let originals = Locked<[Original]>([])

    /// Unchecked Sendable: a method and an implementation are addresses in the runtime's tables, fixed for the process.
    private struct Original: @unchecked Sendable {
        let method: Method
        let implementation: IMP
    }

    private typealias Getter = @convention(c) (AnyObject, Selector) -> URLSessionConfiguration

    static func insert(_ protocolClass: AnyClass) {
        originals.withLock { originals in
            guard originals.isEmpty else { return }
            let selectors = [
                #selector(getter: URLSessionConfiguration.default), #selector(getter: URLSessionConfiguration.ephemeral),
            ]
            for selector in selectors {
                guard let method = class_getClassMethod(URLSessionConfiguration.self, selector) else { continue }
                let implementation = method_getImplementation(method)
                let original = unsafeBitCast(implementation, to: Getter.self)
                let replacement: @convention(block) (AnyObject) -> URLSessionConfiguration = { receiver in
                    let configuration = original(receiver, selector)
                    let classes = configuration.protocolClasses ?? []
                    // .ephemeral may be made from .default, which already put it in.
                    if !classes.contains(where: { $0 == protocolClass }) {
                        configuration.protocolClasses = [protocolClass] + classes
                    }
                    return configuration
                }
                method_setImplementation(method, imp_implementationWithBlock(replacement))
                originals.append(Original(method: method, implementation: implementation))
            }
        }
    }

    static func restore() {
        originals.withLock { originals in
            for original in originals {
                method_setImplementation(original.method, original.implementation)
            }
            originals.removeAll()
        }
    }
}
#endif
