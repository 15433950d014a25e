import OpenMarketHTTPCore
import OpenMarketMultipart

/// A kind of refusal, as the teacher's view counts them: a multipart body refused for the same reason is one kind
/// whatever its offsets; any other refusal is one kind per status.
struct ClassMistake: Hashable, Sendable {
    let kind: String
    let message: String

    /// The kind of `entry`'s refusal; nil for an answer that is no refusal. The error's own kind decides: a refused
    /// multipart body names the parser's kind whatever the message around it says.
    static func of(_ entry: JournalEntry) -> ClassMistake? {
        let code = entry.status.code
        guard code >= 400 else { return nil }
        if let multipart = entry.errorKind.flatMap(MultipartError.Kind.init(rawValue:)) {
            return ClassMistake(kind: multipart.rawValue, message: summary(of: multipart))
        }
        if code == 429 {
            return ClassMistake(kind: "fairShareSpent", message: "requests faster than the class's fair share (429)")
        }
        return ClassMistake(kind: "status\(code)", message: "\(code) \(entry.status.reasonPhrase)")
    }

    /// The reason in a teacher's words, the same for every body refused for it.
    static func summary(of kind: MultipartError.Kind) -> String {
        switch kind {
        case .notMultipartFormData: "Content-Type is not multipart/form-data"
        case .missingBoundary: "no boundary in the Content-Type header"
        case .invalidBoundary: "an empty or broken boundary in the Content-Type header"
        case .boundaryNotFound: "the body never uses the boundary the header names"
        case .malformedDelimiterLine: "something other than CRLF after a boundary line"
        case .missingBlankLineAfterHeaders: "no blank line after a part's headers"
        case .partHeadersTooLarge: "a part's headers too long"
        case .missingContentDisposition: "a part without Content-Disposition"
        case .invalidContentDisposition: "a Content-Disposition that is not form-data"
        case .missingName: "a part without a name"
        case .missingClosingDelimiter: "no closing --boundary-- at the end"
        case .tooManyParts: "too many parts"
        case .bodyTooLarge: "a body over the size limit"
        }
    }
}
