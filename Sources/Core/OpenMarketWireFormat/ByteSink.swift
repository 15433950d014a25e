/// Growable bytes written through a pointer. Writing a page is hundreds of tiny appends; `Array`'s
/// uniqueness and capacity checks on each of them cost more than the bytes themselves.
struct ByteSink: ~Copyable {
    private var base: UnsafeMutablePointer<UInt8>
    private(set) var count = 0
    private var capacity: Int

    init(capacity: Int) {
        self.capacity = max(capacity, 16)
        base = .allocate(capacity: self.capacity)
    }

    deinit {
        base.deallocate()
    }

    var bytes: [UInt8] {
        Array(UnsafeBufferPointer(start: base, count: count))
    }

    var text: String {
        String(decoding: UnsafeBufferPointer(start: base, count: count), as: UTF8.self)
    }

    @inline(__always)
    mutating func append(_ byte: UInt8) {
        if count == capacity {
            grow(toHold: 1)
        }
        base[count] = byte
        count += 1
    }

    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        reserve(bytes.count).update(from: source, count: bytes.count)
        count += bytes.count
    }

    mutating func append(literal text: StaticString) {
        text.withUTF8Buffer { append($0) }
    }

    mutating func append(_ byte: UInt8, times: Int) {
        guard times > 0 else { return }
        reserve(times).update(repeating: byte, count: times)
        count += times
    }

    /// Room for `length` more bytes at the end, written by the caller, who then calls `commit(length)`.
    @inline(__always)
    mutating func reserve(_ length: Int) -> UnsafeMutablePointer<UInt8> {
        if capacity - count < length {
            grow(toHold: length)
        }
        return base + count
    }

    @inline(__always)
    mutating func commit(_ length: Int) {
        count += length
    }

    /// Inserts one byte `distanceFromEnd` bytes before the end (a decimal point into digits just written).
    mutating func insert(_ byte: UInt8, distanceFromEnd: Int) {
        append(byte)
        var index = count - 1
        while index > count - 1 - distanceFromEnd {
            base[index] = base[index - 1]
            index -= 1
        }
        base[index] = byte
    }

    @inline(never)
    private mutating func grow(toHold extra: Int) {
        let newCapacity = max(capacity * 2, count + extra)
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBase.initialize(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }
}
