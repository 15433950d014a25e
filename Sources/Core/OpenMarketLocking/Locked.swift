#if canImport(Glibc)
public import Glibc  // The inlinable lock calls reach pthread where they are inlined.
#elseif canImport(Musl)
public import Musl  // The inlinable lock calls reach pthread where they are inlined.
#elseif canImport(Darwin)
public import Darwin  // The inlinable lock calls reach pthread where they are inlined.
#endif

/// A value guarded by a pthread mutex (the standard library's `Mutex` would require macOS 15). The value is only
/// reached inside `withLock`, so the box may cross threads exactly when the value may: it is Sendable only when
/// its value is. A type that keeps a non-Sendable value here and shares it must say why that is safe.
public final class Locked<Value> {
    // Heap-allocated: a pthread mutex must not move, and a Swift stored property may. Usable from inline code:
    // `withLock` is inlined where it is called, so each use is specialized for its value instead of going through
    // generic code on every request. That takes `public`: the compiler serializes no `package` inlinable body for
    // other modules, and the journal's call stayed generic, its closure behind thunks that copied the request.
    @usableFromInline let mutex: UnsafeMutablePointer<pthread_mutex_t>
    // No runtime exclusivity check (a thread-local lookup on every request): the mutex already keeps two accesses from
    // overlapping, and a nested `withLock` on one box would deadlock before its access began.
    @usableFromInline @exclusivity(unchecked) var value: Value

    public init(_ value: Value) {
        mutex = CacheLine.allocate(pthread_mutex_t.self)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
        self.value = value
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Runs `body` with the value while holding the lock; keep it short, and never lock the same box inside it.
    @inlinable @inline(__always)
    public func withLock<Result, Failure: Error>(
        _ body: (inout Value) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }

    /// Runs `body` with the value if the lock is free right now; nil, without waiting, if another thread holds it.
    @inlinable @inline(__always)
    public func withLockIfAvailable<Result, Failure: Error>(
        _ body: (inout Value) throws(Failure) -> Result
    ) throws(Failure) -> Result? {
        guard pthread_mutex_trylock(mutex) == 0 else { return nil }
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}

extension Locked: @unchecked Sendable where Value: Sendable {}
