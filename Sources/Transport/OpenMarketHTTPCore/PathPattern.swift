/// A route's path, such as `/api/products/{id}` or `/images/{key...}` (the last one takes the rest of the path).
struct PathPattern: Sendable {
    enum Segment: Sendable, Equatable {
        case literal(String)
        case parameter(String)
        case remainder(String)
    }

    let segments: [Segment]

    /// Patterns are written by the program, never taken from a request.
    init(_ pattern: String) {
        segments = pattern.split(separator: "/").map { piece in
            guard piece.hasPrefix("{"), piece.hasSuffix("}") else { return .literal(String(piece)) }
            let name = piece.dropFirst().dropLast()
            return name.hasSuffix("...") ? .remainder(String(name.dropLast(3))) : .parameter(String(name))
        }
    }

    /// The segments of a pattern without parameters; nil when it has any.
    var literals: [String]? {
        var texts: [String] = []
        for segment in segments {
            guard case .literal(let text) = segment else { return nil }
            texts.append(text)
        }
        return texts
    }

    func match(_ path: [String]) -> RouteParameters? {
        var parameters = RouteParameters()
        for (position, segment) in segments.enumerated() {
            switch segment {
            case .literal(let text):
                guard position < path.count, path[position] == text else { return nil }
            case .parameter(let name):
                guard position < path.count else { return nil }
                parameters.append(name: name, value: path[position])
            case .remainder(let name):
                // Joined with "/", a decoded "%2F" would pass for a separator (docs/wire-format.md §6.7), so such a
                // path is refused.
                guard position < path.count, !path[position...].contains(where: { $0.contains("/") }) else { return nil }
                parameters.append(name: name, value: path[position...].joined(separator: "/"))
                return parameters
            }
        }
        return path.count == segments.count ? parameters : nil
    }
}

/// The values a matched pattern captured, by name.
package struct RouteParameters: Sendable {
    private var values: [(name: String, value: String)] = []

    init() {}

    mutating func append(name: String, value: String) {
        values.append((name, value))
    }

    package subscript(name: String) -> String? {
        values.first { $0.name == name }?.value
    }
}

enum RequestPath {
    /// Splits on `/` after dropping empty segments, so `/api/products/`, `//api/products` and `/api/products`
    /// reach the same route, then percent-decodes each segment: an encoded slash (`%2F`) never separates. Split by
    /// byte: every request pays it (by Character it was a fifteenth of a kept-alive detail's time), and a `/` is a
    /// separator even before a combining mark, which would make one Character of the two. One pass into an array
    /// made once: the generic split built an array of slices first.
    static func segments(_ rawPath: String) -> [String] {
        var segments: [String] = []
        segments.reserveCapacity(4)
        let bytes = rawPath.utf8
        var start = bytes.startIndex
        while start != bytes.endIndex {
            let end = bytes[start...].firstIndex(of: UInt8(ascii: "/")) ?? bytes.endIndex
            if start != end {
                segments.append(PercentDecoding.decode(Substring(bytes[start..<end]), plusIsSpace: false))
            }
            start = end == bytes.endIndex ? end : bytes.index(after: end)
        }
        return segments
    }
}
