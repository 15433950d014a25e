/// Memory for a lock or an atomic word on cache lines of its own. Two daemon threads write a lock's memory on every
/// request; had `malloc` put another hot word (the store's write count, another lock) on the same line, each of
/// those writes would take that word away from the other core too. 128 bytes: Apple silicon's line, two of x86's.
enum CacheLine {
    static let bytes = 128

    /// Uninitialized room for one `Value`, alone on its lines; free it with `deallocate()`.
    static func allocate<Value>(_ type: Value.Type) -> UnsafeMutablePointer<Value> {
        let byteCount = (MemoryLayout<Value>.stride + bytes - 1) / bytes * bytes
        let memory = UnsafeMutableRawPointer.allocate(byteCount: byteCount, alignment: bytes)
        return memory.bindMemory(to: type, capacity: 1)
    }
}
