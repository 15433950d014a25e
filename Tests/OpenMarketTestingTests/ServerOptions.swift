import Foundation
import OpenMarketClient
import OpenMarketHTTPTestSupport
import OpenMarketPosixSpawn
import OpenMarketTesting
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Options that run this package's own build of the binary, so the tests need no environment variable.
func builtServerOptions(_ generation: OpenMarketServer.Generation = .v2b, seed: OpenMarketServer.Seed? = nil)
    throws -> OpenMarketServer.Options
{
    OpenMarketServer.Options(generation: generation, seed: seed, binary: try builtExecutable(named: "openmarket"))
}

/// Every generation the built binary serves, newest first: the first field of each line of `openmarket generations`.
func servedGenerations() throws -> [OpenMarketServer.Generation] {
    let process = try SpawnedProcess(
        executable: try builtExecutable(named: "openmarket").path, arguments: ["generations"], standardOutput: .pipe)
    let listing = process.readOutputToEnd()
    _ = process.waitUntilExit()
    return String(decoding: listing, as: UTF8.self).split(separator: "\n").compactMap { line in
        line.split(separator: "\t").first.map { OpenMarketServer.Generation(rawValue: String($0)) }
    }
}

/// Whether no process has this id any more (the server was stopped and reaped).
func processIsGone(_ pid: Int32) -> Bool {
    kill(pid, 0) == -1 && errno == ESRCH
}

/// The status of the first list page, a path every generation has: v2's `/api/products`, v1's `/items/1`.
func firstPageStatus(_ server: OpenMarketServer, _ generation: OpenMarketServer.Generation) async throws -> Int {
    let path = generation.rawValue.hasPrefix("v2") ? "api/products?page_no=1&items_per_page=1" : "items/1"
    let url = try #require(URL(string: path, relativeTo: server.baseURL))
    let (_, response) = try await URLSession(configuration: .ephemeral).data(from: url)
    return (response as? HTTPURLResponse)?.statusCode ?? 0
}

struct DeliberateFailure: Error {}

let samplePNG = ImageUpload(data: Data(SampleImages.png), filename: "pixel.png", mediaType: "image/png")
