import Foundation

extension RawResponse {
    /// The body parsed with Foundation, for tests that look at values rather than bytes.
    package var json: [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(body))) as? [String: Any] ?? [:]
    }

    /// The object keys in the order they appear in the body, at every depth.
    package var keyOrder: [String] {
        JSONKeyOrder.keys(in: text)
    }
}

package enum JSONKeyOrder {
    /// Every `"key":` in document order; values that are strings are skipped, so this reads any JSON text.
    package static func keys(in text: String) -> [String] {
        var keys: [String] = []
        var index = text.startIndex
        while index < text.endIndex {
            guard text[index] == "\"" else {
                index = text.index(after: index)
                continue
            }
            var end = text.index(after: index)
            while end < text.endIndex, text[end] != "\"" {
                end = text[end] == "\\" ? text.index(end, offsetBy: 2, limitedBy: text.endIndex) ?? text.endIndex : text.index(after: end)
            }
            guard end < text.endIndex else { break }
            let string = String(text[text.index(after: index)..<end])
            var after = text.index(after: end)
            while after < text.endIndex, text[after].isWhitespace { after = text.index(after: after) }
            if after < text.endIndex, text[after] == ":" { keys.append(string) }
            index = after
        }
        return keys
    }
}

package enum URLPath {
    /// The path of an absolute URL on a test server, e.g. `http://127.0.0.1:5000/a/b` gives `/a/b`.
    package static func of(_ url: String) -> String {
        guard let scheme = url.range(of: "://"), let slash = url[scheme.upperBound...].firstIndex(of: "/") else { return url }
        return String(url[slash...])
    }
}
