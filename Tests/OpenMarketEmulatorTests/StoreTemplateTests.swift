import Foundation
import OpenMarketEmulatorCore
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import OpenMarketAPI
import OpenMarketClient
import OpenMarketEmulator
import Testing

/// Emulators after the first in a process copy the first one's store (`StoreTemplates`): each must answer exactly as
/// one whose store was written row by row, at its own time, and stay its own.
@Suite struct StoreTemplateTests {
    /// v2a, whose answers show the vendors' creation time: a copy made at another `now` than the template's must show
    /// its own. Two times, so that whichever case runs first, the other copies a template made at another time.
    @Test("a copied store answers byte for byte as a written one, its vendors created at its own time",
          arguments: [1_707_274_800.0, 1_717_171_717.5])
    func copiedAsWritten(now: Double) async throws {
        let copies = try (0..<2).map { _ in
            try OpenMarketEmulator(.init(generation: .v2a, seed: .demo, now: Date(timeIntervalSince1970: now)))
        }
        let written = try OpenMarketEmulator(
            core: EmulatorOptions(generation: .v2a, seed: .demo, now: now), hosts: [], maxBodyBytes: 1 << 20)
        let host = OpenMarketEmulator.Generation.v2a.host
        for path in ["/api/products?page_no=1&items_per_page=30", "/api/products/1", "/api/products/2"] {
            let expected = try await Self.get(path, host: host, from: written)
            for copy in copies {
                let answer = try await Self.get(path, host: host, from: copy)
                #expect(answer.response.statusCode == expected.response.statusCode, "\(path)")
                #expect(answer.body == expected.body, "\(path)")
            }
        }
    }

    @Test("a copied store hands out the ids a written one does, and a write to one copy reaches no other")
    func copiesAreIndependent() async throws {
        let copies = try (0..<3).map { _ in try OpenMarketEmulator(.init(generation: .v2b, seed: .demo)) }
        let written = try OpenMarketEmulator(
            core: EmulatorOptions(generation: .v2b, seed: .demo), hosts: [], maxBodyBytes: 1 << 20)
        let expected = try await written.client.createProduct(.sample(name: "written"))
        let created = try await copies[1].client.createProduct(.sample(name: "copy 1"))
        #expect(created.id == expected.id)
        for index in [0, 2] {
            let page = try await copies[index].client.productPage(number: 1, itemsPerPage: 20)
            #expect(page?.products.contains { $0.id == created.id } == false, "copy \(index)")
        }
    }

    private static func get(
        _ path: String, host: String, from emulator: OpenMarketEmulator
    ) async throws -> (body: Data, response: HTTPURLResponse) {
        let market = EmulatorSession(session: URLSession(configuration: emulator.sessionConfiguration()))
        return try await market.send(URLRequest(url: market.url(path, host: host)))
    }
}
