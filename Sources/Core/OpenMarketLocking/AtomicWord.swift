public import COpenMarketAtomics

/// A 64-bit value read on every request and changed rarely: a read is a plain load, where `Locked` would take a
/// mutex whose memory both daemon threads write. Sendable: every access is atomic, and the word never moves
/// (heap-allocated).
public final class AtomicWord: @unchecked Sendable {
    @usableFromInline let word: UnsafeMutablePointer<UInt64>

    public init(_ value: UInt64) {
        word = CacheLine.allocate(UInt64.self)
        word.initialize(to: value)
    }

    deinit {
        word.deinitialize(count: 1)
        word.deallocate()
    }

    /// Sees every store made before it by other threads, and what they wrote before storing.
    @inlinable @inline(__always)
    public func load() -> UInt64 {
        openmarket_atomic_load(word)
    }

    @inlinable @inline(__always)
    public func store(_ value: UInt64) {
        openmarket_atomic_store(word, value)
    }

    /// Adds `amount`, wrapping, and returns the sum.
    @inlinable @inline(__always)
    @discardableResult
    public func add(_ amount: UInt64) -> UInt64 {
        openmarket_atomic_add(word, amount)
    }

    /// Stores `desired` if the value is still `expected`; true when it did.
    @inlinable @inline(__always)
    public func compareExchange(expected: UInt64, desired: UInt64) -> Bool {
        openmarket_atomic_compare_exchange(word, expected, desired)
    }
}
