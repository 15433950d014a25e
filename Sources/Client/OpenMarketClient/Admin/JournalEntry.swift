public import Foundation

/// `GET /__admin/requests/{id}`: one request and its answer in full.
public struct JournalEntry: Sendable, Hashable, Decodable {
    /// What the journal's list shows of it.
    public let summary: JournalSummary
    public let request: Request
    public let response: Response

    public struct Request: Sendable, Hashable, Decodable {
        /// The request line, e.g. `POST /api/products HTTP/1.1`.
        public let line: String
        /// In the order they were sent.
        public let headers: [HeaderField]
        public let body: Body
        /// How a multipart body was read; `nil` for other bodies.
        public let multipart: MultipartReading?
        /// How the server read the body, in the words of `openmarket explain`.
        public let explanation: String?
    }

    public struct Response: Sendable, Hashable, Decodable {
        public let status: Int
        public let reason: String
        public let headers: [HeaderField]
        public let body: Body
        /// The message of a refusal, `nil` for an accepted request.
        public let error: String?
    }

    public struct HeaderField: Sendable, Hashable, Decodable {
        public let name: String
        public let value: String
    }

    /// A body as the journal kept it: as text when it is UTF-8, else as base64.
    public struct Body: Sendable, Hashable, Decodable {
        /// The full size in bytes.
        public let size: Int
        /// Whether only the first part was kept (each body is kept up to the journal's cap, 1 MiB unless raised).
        public let truncated: Bool
        public let text: String?
        public let base64: String?

        /// The kept bytes, whichever way they were sent.
        public var data: Data {
            if let text { return Data(text.utf8) }
            return base64.flatMap { Data(base64Encoded: $0) } ?? Data()
        }
    }

    /// The list's fields sit beside `request` and `response` in the same object.
    public init(from decoder: any Decoder) throws {
        summary = try JournalSummary(from: decoder)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        request = try container.decode(Request.self, forKey: .request)
        response = try container.decode(Response.self, forKey: .response)
    }

    private enum CodingKeys: String, CodingKey {
        case request, response
    }
}

/// How the server read a multipart body: where each part is, and where and why it stopped reading a bad one.
public struct MultipartReading: Sendable, Hashable, Decodable {
    /// `nil` when the Content-Type names none.
    public let boundary: String?
    public let parts: [Part]
    /// Why the body was refused; `nil` when it was read to its end. A body the journal cut short reads as
    /// refused where its kept bytes end: see `cutPart`.
    public let rejection: Rejection?
    /// The part the journal's cap cut through; `nil` unless the body was cut inside a part.
    public let cutPart: CutPart?

    /// Where the journal's cap cut a body.
    public struct CutPart: Sendable, Hashable, Decodable {
        /// 1-based, in body order.
        public let index: Int
        public let name: String?
    }

    public struct Part: Sendable, Hashable, Decodable {
        /// 1-based, in body order.
        public let index: Int
        public let name: String
        public let filename: String?
        /// As the part's Content-Type header says.
        public let declaredContentType: String?
        /// As its first bytes say (PNG, JPEG, ...).
        public let sniffedContentType: String?
        /// Byte ranges in the body (sent as `[start, end]`, end excluded).
        public let headerRange: Range<Int>
        public let bodyRange: Range<Int>
        public let size: Int
    }

    public struct Rejection: Sendable, Hashable, Decodable {
        public let kind: String
        /// The byte offset in the body where reading stopped.
        public let offset: Int?
        /// The index of the part being read.
        public let part: Int?
        public let partName: String?
        /// The message the client got.
        public let message: String
    }
}
