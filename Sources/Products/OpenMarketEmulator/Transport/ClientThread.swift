#if !canImport(FoundationNetworking)
import CoreFoundation
import Foundation

/// Apple platforms only: the thread that called `startLoading`, as its run loop and the modes it was running in.
/// Apple's URL loading system expects every call to a protocol's client on that thread, and calls `stopLoading`
/// there too (the rule of Apple's CustomHTTPProtocol sample; OHHTTPStubs keeps the client's CFRunLoop for the same
/// reason). Work performed here therefore never overlaps `stopLoading`.
struct ClientThread: @unchecked Sendable {
    // Unchecked Sendable: CFRunLoopPerformBlock and CFRunLoopWakeUp may be called from any thread.
    private let runLoop: CFRunLoop
    private let modes: CFArray

    /// The calling thread's; made in `startLoading`.
    init() {
        runLoop = CFRunLoopGetCurrent()
        var modes = [RunLoop.Mode.default.rawValue]
        if let current = RunLoop.current.currentMode, current != .default {
            modes.append(current.rawValue)
        }
        self.modes = modes as CFArray
    }

    /// Runs `work` on the client's thread, from its run loop in one of its modes.
    func perform(_ work: @escaping @Sendable () -> Void) {
        CFRunLoopPerformBlock(runLoop, modes, work)
        CFRunLoopWakeUp(runLoop)
    }
}
#endif
