import OpenMarketLocking

/// What a transport made of a response for its first send, kept for the next sends of the same response: the socket
/// server's ready libmicrohttpd answer, which each send then shares instead of copying the body and headers again.
/// The in-process transport keeps nothing here.
///
/// Made once and never replaced, so every later send finds it with one atomic load: a lock here would be written by
/// both daemon threads on every send of a cached answer.
package final class ResponseReuse: Sendable {
    /// The form's address, retained once by this box; 0 until it is made.
    private let made = AtomicWord(0)

    package init() {}

    deinit {
        if let form = Self.object(at: made.load()) { Unmanaged.passUnretained(form).release() }
    }

    /// The form made before, or the one `make` makes now (nil when it cannot: then the next send tries again). Two
    /// first sends at once may both make one; the first stored is kept and the other dropped.
    package func form<Form: AnyObject & Sendable>(_ make: () -> Form?) -> Form? {
        if let existing = Self.object(at: made.load()) { return existing as? Form }
        guard let form = make() else { return nil }
        let address = UInt64(UInt(bitPattern: Unmanaged.passRetained(form).toOpaque()))
        guard made.compareExchange(expected: 0, desired: address) else {
            Unmanaged.passUnretained(form).release()
            return Self.object(at: made.load()) as? Form
        }
        return form
    }

    private static func object(at address: UInt64) -> AnyObject? {
        UnsafeRawPointer(bitPattern: UInt(address)).map { Unmanaged<AnyObject>.fromOpaque($0).takeUnretainedValue() }
    }
}
