import Foundation
import OpenMarketAdminPlane
import OpenMarketEmulatorCore
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import OpenMarketAPI
import OpenMarketEmulator
import OpenMarketHTTPServer
import OpenMarketHTTPTestSupport
import Testing

/// The same emulator options behind both transports, asked the same requests: the same status, headers and body
/// bytes, but for the headers only a socket has.
@Suite struct FidelityTests {
    /// Added by the socket server's library, or by URLSession for its own bookkeeping.
    static let transportHeaders: Set<String> = ["date", "connection", "keep-alive"]

    static let targets = [
        ("GET", "/api/products?page_no=1&items_per_page=5"),
        ("GET", "/api/products?page_no=2&items_per_page=7&search_value=a"),
        ("GET", "/api/products/3"),
        ("GET", "/api/products/99999"),
        ("GET", "/api/products/abc"),
        ("DELETE", "/api/products"),
        ("HEAD", "/api/products?page_no=1&items_per_page=5"),
        ("GET", "/healthChecker"),
        ("GET", "/__admin/faults"),
        ("GET", "/__admin/openapi.json"),
        ("GET", "/nowhere"),
    ]

    @Test("list, detail, images, refusals and admin answers are byte for byte the same", arguments: ["v2b", "v2a", "v1b", "v1a"])
    func sameAnswers(generationName: String) async throws {
        let generation = try #require(Generation.named(generationName))
        let folder = try TemporaryDirectory()
        func options(_ name: String) -> EmulatorOptions {
            EmulatorOptions(
                generation: generation, seed: .demo, now: 1_707_274_800, database: folder.path(name),
                admin: AdminSettings())
        }
        let socketCore = try Emulator(options("socket.sqlite"))
        let server = try HTTPServer(
            configuration: ServerConfiguration(host: "127.0.0.1", port: 0, threads: 2), router: socketCore.router,
            interceptor: socketCore.admin)
        defer { server.stop() }
        let base = "http://127.0.0.1:\(server.port)"
        let inProcess = try OpenMarketEmulator(
            core: options("in-process.sqlite"), hosts: ["127.0.0.1:\(server.port)"], maxBodyBytes: 32 * 1024 * 1024)
        let socketSession = URLSession(configuration: .ephemeral)
        let inProcessSession = URLSession(configuration: inProcess.sessionConfiguration())

        var targets = Self.targets
        let (list, _) = try await inProcessSession.data(from: URL(string: base + "/api/products?page_no=1&items_per_page=1")!)
        if let image = Self.firstImageURL(in: list) {
            targets.append(("GET", URLPath.of(image)))
        }
        for (method, target) in targets {
            var request = URLRequest(url: URL(string: base + target)!)
            request.httpMethod = method
            let (socketBody, socketResponse) = try await socketSession.data(for: request)
            let (inProcessBody, inProcessResponse) = try await inProcessSession.data(for: request)
            let socket = try #require(socketResponse as? HTTPURLResponse)
            let local = try #require(inProcessResponse as? HTTPURLResponse)
            #expect(local.statusCode == socket.statusCode, "\(method) \(target)")
            #expect(Self.headers(of: local) == Self.headers(of: socket), "\(method) \(target)")
            #expect(inProcessBody == socketBody, "\(method) \(target)")
        }
    }

    private static func headers(of response: HTTPURLResponse) -> [String: String] {
        var fields: [String: String] = [:]
        for (name, value) in response.allHeaderFields {
            guard let name = (name as? String)?.lowercased(), !transportHeaders.contains(name) else { continue }
            fields[name] = "\(value)"
        }
        return fields
    }

    /// The first image URL of a list page, in any generation's shape.
    private static func firstImageURL(in list: Data) -> String? {
        let json = list.json
        let items = (json["pages"] as? [[String: Any]]) ?? (json["items"] as? [[String: Any]]) ?? []
        guard let item = items.first else { return nil }
        return (item["thumbnail"] as? String) ?? (item["thumbnails"] as? [String])?.first
    }
}
