import OpenMarketAPI
import OpenMarketHTTPCore
import Testing

/// The committed document and the router must list the same routes: an endpoint added to either alone fails here.
@Suite("OpenAPI documents and routers agree")
struct DocumentRouteTests {
    @Test(arguments: Generation.all)
    func everyDocumentedOperationHasItsRouteAndEveryRouteIsDocumented(_ generation: Generation) throws {
        let document = try CommittedDocument(generation)
        let router = generation.makeRouter(context: try TemporaryFolder().context(publicURL: nil))
        var documented: Set<RouteSignature> = []
        for operation in document.operations {
            let method = HTTPMethod(operation.method)
            guard let route = router.signature(reaching: method, path: Self.example(of: operation.path)) else {
                Issue.record("\(document.fileName) lists \(operation.method) \(operation.path), which the \(generation) router does not serve")
                continue
            }
            #expect(
                Self.sameShape(route.pattern, operation.path),
                "\(document.fileName)'s \(operation.method) \(operation.path) reaches the \(generation) route \(route)")
            documented.insert(route)
        }
        for route in router.signatures where !documented.contains(route) {
            Issue.record("the \(generation) router serves \(route), which \(document.fileName) does not document")
        }
    }

    /// A path the document's template stands for, each `{parameter}` filled in.
    private static func example(of template: String) -> String {
        segments(template).map { isParameter($0) ? "1" : $0 }.joined(separator: "/")
    }

    /// The same literal segments with parameters in the same places, whatever they are called (`{id}`, `{token}`);
    /// a route's `{rest...}` stands for one or more parameter segments of the document.
    private static func sameShape(_ pattern: String, _ template: String) -> Bool {
        let route = segments(pattern)
        let document = segments(template)
        if let last = route.last, last.hasSuffix("...}") {
            let prefix = route.dropLast()
            return document.count > prefix.count && zip(prefix, document).allSatisfy(sameSegment)
        }
        return route.count == document.count && zip(route, document).allSatisfy(sameSegment)
    }

    private static func sameSegment(_ route: Substring, _ document: Substring) -> Bool {
        isParameter(route) ? isParameter(document) : route == document
    }

    private static func segments(_ path: String) -> [Substring] {
        path.split(separator: "/", omittingEmptySubsequences: false)
    }

    private static func isParameter(_ segment: Substring) -> Bool {
        segment.hasPrefix("{") && segment.hasSuffix("}")
    }
}
