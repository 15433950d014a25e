import Foundation
import OpenMarketWireFormat
import Testing

struct StandardBase64Tests {
    @Test func decodesWhatFoundationEncodesForEveryLengthModuloThree() throws {
        var random = SplitMix64(seed: 15)
        for length in 0..<200 {
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &random) }
            let text = Data(bytes).base64EncodedString()
            #expect(try StandardBase64.decode(text) == bytes, "\(length) bytes: \(text)")
        }
    }

    @Test func encodesAsFoundationDoesForEveryLengthModuloThree() {
        var random = SplitMix64(seed: 16)
        for length in 0..<200 {
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &random) }
            #expect(StandardBase64.encode(bytes) == Data(bytes).base64EncodedString(), "\(length) bytes")
        }
    }

    @Test func decodesEveryByteValue() throws {
        let bytes = (0...255).map(UInt8.init)
        #expect(try StandardBase64.decode(Data(bytes).base64EncodedString()) == bytes)
    }

    @Test(arguments: [
        ("iVBORw0KGgo", Base64Error.length(11)),
        ("iVBORw0KGg-", .character(UInt8(ascii: "-"), at: 10)),
        ("iVBO\r\nRw0K", .character(0x0D, at: 4)),
        ("iVBO Rw0KGgo", .character(0x20, at: 4)),
        ("iVBORw0K-go=", .character(UInt8(ascii: "-"), at: 8)),
        ("data:image/png;base64,iVB", .character(UInt8(ascii: ":"), at: 4)),
        ("iV=ORw0K", .misplacedPadding(at: 2)),
        ("iVB=Rw==", .misplacedPadding(at: 3)),
        ("iV==", nil),
        ("i===", .misplacedPadding(at: 1)),
        ("aé=", .character(0xC3, at: 1)),
    ] as [(String, Base64Error?)])
    func refusesWhatIsNotStandardBase64(text: String, error: Base64Error?) throws {
        guard let error else {
            #expect(try StandardBase64.decode(text) == Array(Data(base64Encoded: text) ?? Data()))
            return
        }
        #expect(throws: error) { try StandardBase64.decode(text) }
        #expect(Data(base64Encoded: text) == nil, "Foundation refuses it too")
    }

    @Test func explainsEachProblem() {
        #expect(Base64Error.length(11).description.contains("not a multiple of 4"))
        #expect(Base64Error.character(UInt8(ascii: "_"), at: 3).description
            == #""_" at offset 3 is not in the standard base64 alphabet A-Z a-z 0-9 + / (that is base64url: use "+" and "/" instead of "-" and "_")"#)
        #expect(Base64Error.character(UInt8(ascii: ":"), at: 4).description.contains("after the comma of a data: URL"))
        #expect(Base64Error.character(0xC3, at: 1).description.hasPrefix("a non-ASCII byte at offset 1"))
        #expect(Base64Error.misplacedPadding(at: 2).description.contains("may only end the text"))
    }
}
