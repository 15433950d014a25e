#if canImport(Glibc)
public import Glibc  // The inlinable lock calls reach pthread where they are inlined.
#elseif canImport(Musl)
public import Musl  // The inlinable lock calls reach pthread where they are inlined.
#elseif canImport(Darwin)
public import Darwin  // The inlinable lock calls reach pthread where they are inlined.
#endif

/// Many shared holders or one exclusive holder, over a pthread rwlock. Unlike `Locked` it guards no value: it
/// orders whole operations (API requests share it; a reset takes it alone, so no request sees half a reset).
/// Sendable: a pthread rwlock is made to be shared between threads, and it never moves (heap-allocated).
public final class ReadWriteLock: @unchecked Sendable {
    @usableFromInline let lock: UnsafeMutablePointer<pthread_rwlock_t>  // Inlined where it is used, as Locked's.

    public init() {
        lock = CacheLine.allocate(pthread_rwlock_t.self)
        lock.initialize(to: pthread_rwlock_t())
        #if canImport(Glibc)
        // glibc prefers readers by default, so a steady stream of requests could hold a reset off for ever.
        var attributes = pthread_rwlockattr_t()
        pthread_rwlockattr_init(&attributes)
        pthread_rwlockattr_setkind_np(&attributes, Int32(PTHREAD_RWLOCK_PREFER_WRITER_NONRECURSIVE_NP))
        pthread_rwlock_init(lock, &attributes)
        pthread_rwlockattr_destroy(&attributes)
        #else
        pthread_rwlock_init(lock, nil)
        #endif
    }

    deinit {
        pthread_rwlock_destroy(lock)
        lock.deinitialize(count: 1)
        lock.deallocate()
    }

    /// Runs `body` beside other shared holders, never beside an exclusive one. Never nest on one thread: a waiting
    /// exclusive holder would deadlock it.
    @inlinable @inline(__always)
    public func withSharedLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        pthread_rwlock_rdlock(lock)
        defer { pthread_rwlock_unlock(lock) }
        return try body()
    }

    /// Runs `body` once every shared holder has left, with none let in until it returns.
    @inlinable @inline(__always)
    public func withExclusiveLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        pthread_rwlock_wrlock(lock)
        defer { pthread_rwlock_unlock(lock) }
        return try body()
    }
}
