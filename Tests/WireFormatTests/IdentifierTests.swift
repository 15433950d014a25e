import OpenMarketLocking
@testable import OpenMarketWireFormat
import Testing

@Suite struct IdentifierTests {
    private static let base64URLAlphabet = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")

    @Test(arguments: [
        ("", ""), ("f", "Zg=="), ("fo", "Zm8="), ("foo", "Zm9v"), ("foob", "Zm9vYg=="), ("fooba", "Zm9vYmE="),
        ("foobar", "Zm9vYmFy"),
    ])
    func encodesTheRFC4648Vectors(_ input: String, _ expected: String) {
        #expect(Base64URL.encode(Array(input.utf8)) == expected)
    }

    @Test func usesTheURLSafeAlphabet() {
        #expect(Base64URL.encode([0xFB, 0xFF, 0xFE]) == "-__-")
        #expect(Base64URL.encode(Array(0..<32)) == "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=")
    }

    @Test func deleteTokensAreURLSafeEndInOnePaddingCharacterAndDoNotRepeat() {
        var seen = Set<String>()
        for _ in 0..<1_000 {
            let token = Identifiers.deleteToken()
            #expect(token.count == 44)
            #expect(token.hasSuffix("=") && !token.dropLast().contains("="))
            #expect(token.dropLast().allSatisfy(Self.base64URLAlphabet.contains))
            seen.insert(token)
        }
        #expect(seen.count == 1_000)
    }

    @Test func deleteTokensComeFromTheirGenerator() {
        var first = SplitMix64(seed: 1)
        var again = SplitMix64(seed: 1)
        var other = SplitMix64(seed: 2)
        let token = Identifiers.deleteToken(using: &first)
        #expect(token == Identifiers.deleteToken(using: &again))
        #expect(token != Identifiers.deleteToken(using: &other))
    }

    @Test func writesTheThreeUUIDLayouts() {
        let uuid = UUIDValue(high: 0x827C_04D7_7838_11EC, low: 0xABFA_5534_7A6E_30E7)
        #expect(uuid.lowercaseDashed == "827c04d7-7838-11ec-abfa-55347a6e30e7")
        #expect(uuid.lowercaseHex == "827c04d7783811ecabfa55347a6e30e7")
        #expect(uuid.uppercaseDashed == "827C04D7-7838-11EC-ABFA-55347A6E30E7")
    }

    @Test func randomUUIDsAreVersion4AndUnique() {
        var seen = Set<String>()
        for _ in 0..<1_000 {
            let text = Identifiers.uppercaseRandomUUID()
            let characters = Array(text)
            #expect(characters.count == 36)
            #expect([8, 13, 18, 23].allSatisfy { characters[$0] == "-" })
            #expect(characters[14] == "4" && "89AB".contains(characters[19]))
            #expect(text.allSatisfy { "0123456789ABCDEF-".contains($0) })
            seen.insert(text)
        }
        #expect(seen.count == 1_000)
    }

    /// The real server's first image of product 2456 was `b5b494e9-c59a-11ee-…`, made at 2024-02-07T09:24:35.921Z
    /// (its lowest digits are the counter below the millisecond).
    @Test func encodesTheMillisecondClockLikeTheRealServer() {
        let generator = TimeBasedUUIDGenerator { 1_707_297_875_921 }
        let origin = generator.next()
        let thumbnail = generator.next()
        #expect(origin.lowercaseDashed.hasPrefix("b5b49410-c59a-11ee-"))
        #expect(thumbnail.lowercaseDashed.hasPrefix("b5b49411-c59a-11ee-"))
        #expect(origin.low >> 48 == thumbnail.low >> 48, "one clock sequence per generator")
        for uuid in [origin, thumbnail] {
            #expect(uuid.low >> 62 == 0b10, "RFC 4122 variant")
            #expect(uuid.low >> 40 & 1 == 1, "random node marked multicast")
        }
    }

    @Test func staysMonotonicWhenTheClockStepsBack() {
        let clock = SteppingClock(readings: [2_000, 2_000, 1_000, 3_000])
        let generator = TimeBasedUUIDGenerator { clock.next() }
        let ticks = (0..<4).map { _ in Self.ticks(of: generator.next()) }
        let atTwoSeconds: UInt64 = (2_000 + 12_219_292_800_000) * 10_000
        #expect(ticks == [atTwoSeconds, atTwoSeconds + 1, atTwoSeconds + 2, atTwoSeconds + 10_000_000])
    }

    @Test func pairsAreOneTickApartEvenAcrossAMillisecond() {
        let clock = SteppingClock(readings: [5_000, 5_001, 5_001])
        let generator = TimeBasedUUIDGenerator { clock.next() }
        let (first, second) = generator.nextPair()
        #expect(Self.ticks(of: second) == Self.ticks(of: first) + 1)
        let next = generator.nextPair()
        #expect(Self.ticks(of: next.second) == Self.ticks(of: next.first) + 1)
        #expect(Self.ticks(of: next.first) == (5_001 + 12_219_292_800_000) * 10_000)
    }

    @Test func survivesClocksOutsideTheUUIDRange() {
        for reading in [Int64.min, -12_219_292_800_001, Int64.max] {
            let generator = TimeBasedUUIDGenerator { reading }
            let pair = generator.nextPair()
            #expect(generator.next() != generator.next() && pair.first != pair.second)
        }
    }

    @Test func isThreadSafeAndGivesConsecutiveIdsWithinOneMillisecond() async {
        let generator = TimeBasedUUIDGenerator { 1_707_297_875_921 }
        let batches = await withTaskGroup(of: [UInt64].self) { group in
            for _ in 0..<8 {
                group.addTask { (0..<500).map { _ in Self.ticks(of: generator.next()) } }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        let all = batches.flatMap { $0 }.sorted()
        let first = (1_707_297_875_921 + 12_219_292_800_000) * 10_000 as UInt64
        #expect(all == Array(first..<first + 4_000))
        #expect(batches.allSatisfy { $0 == $0.sorted() })
    }

    @Test func sharedGeneratorsGiveWellFormedDistinctIds() {
        let hex = (0..<100).map { _ in Identifiers.timeHex() }
        #expect(Set(hex).count == 100)
        #expect(hex.allSatisfy { $0.count == 32 && $0.allSatisfy { "0123456789abcdef".contains($0) } })
        #expect(hex.allSatisfy { Array($0)[12] == "1" })
        let pair = Identifiers.consecutiveTimeHexPair()
        #expect(UInt64(pair.second.prefix(8), radix: 16) == UInt64(pair.first.prefix(8), radix: 16).map { $0 + 1 }
            || pair.second.prefix(8) == "00000000")
        let dashed = Identifiers.dashedTimeUUID()
        #expect(dashed.count == 36 && Array(dashed)[14] == "1" && dashed == dashed.lowercased())
    }

    private static func ticks(of uuid: UUIDValue) -> UInt64 {
        (uuid.high & 0x0FFF) << 48 | (uuid.high >> 16 & 0xFFFF) << 32 | uuid.high >> 32
    }
}

/// A clock that returns prepared readings in turn, then repeats the last one.
private final class SteppingClock: Sendable {
    private let readings: Locked<[Int64]>

    init(readings: [Int64]) {
        self.readings = Locked(readings)
    }

    func next() -> Int64 {
        readings.withLock { readings in readings.count > 1 ? readings.removeFirst() : readings[0] }
    }
}
