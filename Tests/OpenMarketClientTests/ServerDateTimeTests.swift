import Foundation
import OpenMarketClient
import Testing

@Suite struct ServerDateTimeTests {
    @Test(arguments: ["2023-03-23T00:00:00", "2022-05-14T00:00:00.00", "2023-03-23T13:45:59.123"])
    func parsesV2bAndV2aForms(text: String) throws {
        let value = try #require(ServerDateTime(serverText: text))
        #expect(value.description == String(text.prefix(19)))
    }

    @Test func readsEveryComponent() throws {
        let value = try #require(ServerDateTime(serverText: "2023-03-23T13:45:59"))
        #expect([value.year, value.month, value.day, value.hour, value.minute, value.second] as [Int] == [2023, 3, 23, 13, 45, 59])
        #expect(value.dateComponents == DateComponents(year: 2023, month: 3, day: 23, hour: 13, minute: 45, second: 59))
    }

    @Test(arguments: [
        "", "2023-03-23", "2023-03-23 00:00:00", "2023-13-01T00:00:00", "2023-00-01T00:00:00", "2023-01-32T00:00:00",
        "2023-01-01T24:00:00", "2023-01-01T00:60:00", "2023-01-01T00:00:00.", "2023-01-01T00:00:00Z", "2023-1-01T00:00:00",
        "２０２３-01-01T00:00:00", "2023-01-01T00:00:00.5x",
    ])
    func rejectsOtherText(text: String) {
        #expect(ServerDateTime(serverText: text) == nil)
    }

    @Test func acceptsAFractionTooLongForAnyInteger() {
        #expect(ServerDateTime(serverText: "2023-01-01T00:00:00." + String(repeating: "9", count: 40)) != nil)
    }

    @Test func decodingFailureNamesTheKey() throws {
        let json = #"{"created_at": "yesterday"}"#
        struct Holder: Decodable {
            let createdAt: ServerDateTime
            enum CodingKeys: String, CodingKey { case createdAt = "created_at" }
        }
        #expect {
            try JSONDecoder().decode(Holder.self, from: Data(json.utf8))
        } throws: { error in
            guard case DecodingError.dataCorrupted(let context) = error else { return false }
            return context.codingPath.map(\.stringValue) == ["created_at"] && context.debugDescription.contains("yesterday")
        }
    }

    @Test func padsComponentsWhenWriting() throws {
        #expect(ServerDateTime(year: 987, month: 1, day: 2, hour: 3, minute: 4, second: 5)?.description == "0987-01-02T03:04:05")
        #expect(ServerDateTime(year: 2023, month: 2, day: 0) == nil)
    }
}
