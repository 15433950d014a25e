// Makes, uses and drops demo emulators one after another, as a test suite with one emulator per test does, and
// prints the resident memory after the first and at the end, and the time per emulator in buckets. Exits 1 when the
// memory grew by more than the allowance: an emulator that outlives its last reference shows here first.
// Usage: OpenMarketEmulatorLifetimeBenchmark [COUNT (1000)] [ALLOWANCE_MB (50)]
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import OpenMarketClient
import OpenMarketEmulator

let arguments = CommandLine.arguments.dropFirst().compactMap { Int($0) }
let count = max(arguments.first ?? 1000, 10)
let allowance = arguments.dropFirst().first ?? 50
let buckets = 10

/// Resident memory now, in bytes (Linux); the peak so far where there is no /proc (Apple platforms).
func residentBytes() -> Int {
    #if os(Linux)
    let statm = (try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8)) ?? ""
    let pages = statm.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    #else
    var usage = rusage()
    getrusage(RUSAGE_SELF, &usage)
    return Int(usage.ru_maxrss)
    #endif
}

/// A list's first page, a detail, a create (with `picture`) and the first page again, as an app's test would.
func use(_ emulator: OpenMarketEmulator, picture: Data) async throws {
    let client = emulator.client
    let page = try await client.productPage()
    _ = try await client.productDetail(id: page?.products.first?.product.id ?? 1)
    _ = try await client.createProduct(
        NewProduct(
            name: "lifetime", description: "made and dropped", price: 1000, currency: .krw, stock: 1,
            images: [ImageUpload(data: picture, filename: "picture.png", mediaType: "image/png")]))
    _ = try await client.productPage()
}

/// One of the demo's own pictures, to upload.
func demoPicture() async throws -> Data {
    let emulator = try OpenMarketEmulator(.init(generation: .v2b, seed: .demo))
    let session = URLSession(configuration: emulator.sessionConfiguration())
    defer { session.finishTasksAndInvalidate() }
    let detail = try await emulator.client.productDetail(id: 1)
    return try await session.data(from: detail.product.thumbnailURL).0
}

let picture = try await demoPicture()
let clock = ContinuousClock()
var milliseconds: [Double] = []
var afterFirst = 0
for index in 0..<count {
    let started = clock.now
    try await use(try OpenMarketEmulator(.init(generation: .v2b, seed: .demo)), picture: picture)
    let elapsed = started.duration(to: clock.now)
    milliseconds.append(Double(elapsed.components.seconds) * 1e3 + Double(elapsed.components.attoseconds) / 1e15)
    if index == 0 { afterFirst = residentBytes() }
}
let atEnd = residentBytes()

let megabyte = 1024.0 * 1024.0
print("\(count) demo emulators made, used (list, detail, create, list) and dropped one after another")
print(String(format: "RSS after the first: %.1f MB, at the end: %.1f MB, growth %.1f MB (allowed %d MB)",
             Double(afterFirst) / megabyte, Double(atEnd) / megabyte, Double(atEnd - afterFirst) / megabyte, allowance))
print("milliseconds per emulator, median (p90) of each tenth:")
let size = count / buckets
for bucket in 0..<buckets {
    let times = milliseconds[(bucket * size)..<((bucket + 1) * size)].sorted()
    print(String(format: "  %5d-%5d  %6.2f (%6.2f)", bucket * size + 1, (bucket + 1) * size,
                 times[times.count / 2], times[times.count * 9 / 10]))
}
if Double(atEnd - afterFirst) / megabyte > Double(allowance) {
    print("FAIL: memory grew by more than \(allowance) MB: emulators outlive their last reference")
    exit(1)
}
