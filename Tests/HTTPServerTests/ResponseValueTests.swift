import OpenMarketHTTPCore
import Testing

/// A response is a value over one shared box of fields: a change to a copy never shows in another, and only a change
/// to what goes on the wire drops what a transport made of it for reuse.
@Suite struct ResponseValueTests {
    private static func kept() -> Response {
        var response = Response(status: .ok, contentType: "application/json", body: Array("\"OK\"".utf8))
        response.reuse = ResponseReuse()
        return response
    }

    @Test func aChangedCopyLeavesTheOriginalAsItWas() {
        let original = Self.kept()
        var copy = original
        copy.body.append(UInt8(ascii: "!"))
        copy.headers.add(name: "X-Changed", value: "yes")
        copy.status = .created
        copy.errorMessage = "changed"
        #expect(original.body == Array("\"OK\"".utf8))
        #expect(original.headers["X-Changed"] == nil)
        #expect(original.status == .ok)
        #expect(original.errorMessage == nil)
        #expect(original.reuse != nil)
        #expect(copy.body == Array("\"OK\"!".utf8))
        #expect(copy.status == .created)
    }

    @Test(arguments: ["status", "headers", "body", "sharedBody"])
    func aChangeOnTheWireDropsTheReuse(field: String) {
        var response = Self.kept()
        switch field {
        case "status": response.status = .accepted
        case "headers": response.headers.add(name: "X-Changed", value: "yes")
        case "body": response.body = []
        default: response.sharedBody = SharedBytes([1, 2, 3])
        }
        #expect(response.reuse == nil)
        #expect(Self.kept().reuse != nil)
    }

    @Test func howAndWhenItIsSentKeepsTheReuse() {
        var response = Self.kept()
        response.delivery = .truncate
        response.delay = .milliseconds(5)
        response.faultNote = "fault 1: truncate"
        response.errorKind = "kind"
        #expect(response.reuse != nil)
        #expect(response.delivery == .truncate)
        #expect(response.delay == .milliseconds(5))
    }

    @Test func theSentLengthIsTheSharedBodysWhenThereIsOne() {
        var response = Self.kept()
        #expect(response.bodyCount == 4)
        response.sharedBody = SharedBytes([UInt8](repeating: 7, count: 10))
        #expect(response.bodyCount == 10)
    }
}
