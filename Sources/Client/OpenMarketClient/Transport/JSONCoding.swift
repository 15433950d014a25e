import Foundation

/// JSON encoding of request bodies and decoding of response bodies, with their failures typed.
enum JSONCoding {
    /// Sorted keys make request bodies byte-for-byte reproducible.
    static func encode(_ value: some Encodable) throws(OpenMarketError) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        do {
            return try encoder.encode(value)
        } catch {
            throw .invalidRequest(reason: "The request body cannot be written as JSON: \(error)")
        }
    }

    static func decode<Value: Decodable>(_ type: Value.Type, from data: Data) throws(OpenMarketError) -> Value {
        do {
            return try JSONDecoder().decode(Value.self, from: data)
        } catch let error as DecodingError {
            throw .decoding(DecodingFailure(error))
        } catch {
            throw .decoding(DecodingFailure(keyPath: "", reason: String(describing: error)))
        }
    }
}
