/// A 128-bit UUID and the three ways the real servers wrote one.
package struct UUIDValue: Sendable, Hashable {
    /// The first 8 bytes, most significant first.
    package let high: UInt64
    /// The last 8 bytes.
    package let low: UInt64

    package init(high: UInt64, low: UInt64) {
        self.high = high
        self.low = low
    }

    /// A random (version 4) UUID.
    package static func random(using generator: inout some RandomNumberGenerator) -> UUIDValue {
        let high = generator.next() & ~0xF000 | 0x4000
        let low = generator.next() & ~(0xC000 << 48) | 0x8000 << 48
        return UUIDValue(high: high, low: low)
    }

    /// `5a0cd56b6d3411ecabfa97fd953cf965`, as in v2 image keys.
    package var lowercaseHex: String { text(dashed: false, uppercase: false) }

    /// `827c04d7-7838-11ec-abfa-55347a6e30e7`, as v2a's product secret.
    package var lowercaseDashed: String { text(dashed: true, uppercase: false) }

    /// `2B42F97E-96F4-4778-B8A5-826C4E44D670`, as in v1 image names (Foundation's `UUID().uuidString`).
    package var uppercaseDashed: String { text(dashed: true, uppercase: true) }

    private func text(dashed: Bool, uppercase: Bool) -> String {
        let digits: StaticString = uppercase ? "0123456789ABCDEF" : "0123456789abcdef"
        var bytes: [UInt8] = []
        bytes.reserveCapacity(36)
        digits.withUTF8Buffer { digits in
            for nibble in 0..<32 {
                if dashed && (8...20).contains(nibble) && nibble % 4 == 0 {
                    bytes.append(UInt8(ascii: "-"))
                }
                let word = nibble < 16 ? high : low
                let shift = UInt64(60 - 4 * (nibble % 16))
                bytes.append(digits[Int(word >> shift & 0xF)])
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
