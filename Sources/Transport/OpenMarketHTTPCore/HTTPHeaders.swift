/// Request or response headers in arrival order. Names compare without regard to ASCII case, as HTTP requires.
package struct HTTPHeaders: Sendable, Equatable, Sequence {
    private(set) var fields: [(name: String, value: String)]

    package init(_ fields: [(name: String, value: String)] = []) {
        self.fields = fields
    }

    /// The first value of the header, or nil.
    package subscript(name: String) -> String? {
        fields.first { $0.name.equalsIgnoringASCIICase(name) }?.value
    }

    package var count: Int { fields.count }

    /// The field at `index`, in arrival order.
    package func field(at index: Int) -> (name: String, value: String) {
        fields[index]
    }

    package mutating func add(name: String, value: String) {
        fields.append((name, value))
    }

    package func makeIterator() -> IndexingIterator<[(name: String, value: String)]> {
        fields.makeIterator()
    }

    package static func == (lhs: HTTPHeaders, rhs: HTTPHeaders) -> Bool {
        lhs.fields.elementsEqual(rhs.fields) { $0.name == $1.name && $0.value == $1.value }
    }
}

extension String {
    /// Compares UTF-8 bytes with ASCII letters folded; no allocation, unlike `lowercased()`. Over the bytes in place:
    /// stepping through two UTF-8 views cost a header lookup more than the rest of it.
    func equalsIgnoringASCIICase(_ other: String) -> Bool {
        // Most names a lookup passes differ in length, which a native string knows without reading it.
        guard utf8.count == other.utf8.count else { return false }
        var left = self
        var right = other
        return left.withUTF8 { left in
            right.withUTF8 { right in
                for index in left.indices where left[index].asciiLowercased != right[index].asciiLowercased {
                    return false
                }
                return true
            }
        }
    }
}

extension UInt8 {
    var asciiLowercased: UInt8 {
        (0x41...0x5A).contains(self) ? self | 0x20 : self
    }
}
