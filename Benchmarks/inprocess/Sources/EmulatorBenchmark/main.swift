import Dispatch
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import OpenMarketEmulator

// Usage: EmulatorBenchmark inprocess ROUNDS SECONDS CONCURRENCY
//        EmulatorBenchmark live URL ROUNDS SECONDS CONCURRENCY
//        EmulatorBenchmark creation COUNT
//        EmulatorBenchmark generated COUNT SIZE
// Prints one line per figure: NAME MEDIAN (requests per second, the median of the rounds), or for creation the
// microseconds of the first of each kind in the process, then the median and p90 of COUNT after it (generated: a
// demo emulator and a `.generated(count: SIZE)` one, each after the first of its kind). The same client
// code measures both transports; only the session differs.

let arguments = CommandLine.arguments

/// Requests per second over `seconds`, with `concurrency` requests in flight, each sent again when it completes.
func roundTrips(_ session: URLSession, _ url: URL, seconds: Double, concurrency: Int) -> Double {
    let deadline = DispatchTime.now() + seconds
    let group = DispatchGroup()
    let counts = UnsafeMutableBufferPointer<Int>.allocate(capacity: concurrency)
    counts.initialize(repeating: 0)
    defer { counts.deallocate() }
    nonisolated(unsafe) let shared = counts
    for lane in 0..<concurrency {
        group.enter()
        @Sendable func next() {
            guard DispatchTime.now() < deadline else { return group.leave() }
            session.dataTask(with: url) { data, response, _ in
                guard (response as? HTTPURLResponse)?.statusCode == 200, data?.isEmpty == false else {
                    fatalError("\(url) did not answer 200")
                }
                shared[lane] += 1
                next()
            }.resume()
        }
        next()
    }
    group.wait()
    return Double(counts.reduce(0, +)) / seconds
}

func median(_ values: [Double]) -> Double {
    percentile(50, of: values)
}

/// The value that `percent` % of `values` do not exceed (nearest rank).
func percentile(_ percent: Int, of values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted[max(0, (sorted.count * percent + 99) / 100 - 1)]
}

func measure(_ session: URLSession, base: String, rounds: Int, seconds: Double, concurrency: Int) {
    for (name, path) in [("detail", "/api/products/1"), ("list", "/api/products?page_no=1&items_per_page=20")] {
        let url = URL(string: base + path)!
        _ = roundTrips(session, url, seconds: min(1, seconds), concurrency: concurrency)  // warm-up
        let rates = (0..<rounds).map { _ in roundTrips(session, url, seconds: seconds, concurrency: concurrency) }
        print("\(name) \(Int(median(rates)))")
    }
}

func microseconds(_ body: () throws -> Void) rethrows -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    try body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1000
}

/// Makes the first emulator of each kind, then `count` more of each in turn, and prints the first's time and the
/// median and p90 of the later ones (which copy the first's store), in microseconds.
func printCreationTimes(_ kinds: [(name: String, options: OpenMarketEmulator.Options)], count: Int) throws {
    let firsts = try kinds.map { kind in try microseconds { _ = try OpenMarketEmulator(kind.options) } }
    print(zip(kinds, firsts).map { "first \($0.name) \(Int($1))" }.joined(separator: ", "))
    var later = kinds.map { _ in [Double]() }
    for _ in 0..<count {
        for (index, kind) in kinds.enumerated() {
            later[index].append(try microseconds { _ = try OpenMarketEmulator(kind.options) })
        }
    }
    for (kind, times) in zip(kinds, later) {
        print("\(kind.name) median \(Int(median(times))), p90 \(Int(percentile(90, of: times)))")
    }
}

switch arguments.dropFirst().first {
case "inprocess":
    let (rounds, seconds, concurrency) = (Int(arguments[2])!, Double(arguments[3])!, Int(arguments[4])!)
    let emulator = try OpenMarketEmulator(.init(generation: .v2b, seed: .demo, journal: 0))
    let session = URLSession(configuration: emulator.sessionConfiguration())
    measure(session, base: "https://openmarket.yagom-academy.kr", rounds: rounds, seconds: seconds, concurrency: concurrency)
case "live":
    let (base, rounds, seconds, concurrency) = (arguments[2], Int(arguments[3])!, Double(arguments[4])!, Int(arguments[5])!)
    let session = URLSession(configuration: .ephemeral)
    measure(session, base: base, rounds: rounds, seconds: seconds, concurrency: concurrency)
case "creation":
    try printCreationTimes(
        [("demo", .init(generation: .v2b, seed: .demo)), ("empty", .init(generation: .v2b))], count: Int(arguments[2])!)
case "generated":
    let size = Int(arguments[3])!
    let generated = OpenMarketEmulator.Options(generation: .v2b, seed: .generated(count: size))
    try printCreationTimes(
        [("demo", .init(generation: .v2b, seed: .demo)), ("generated:\(size)", generated)], count: Int(arguments[2])!)
default:
    FileHandle.standardError.write(Data("usage: EmulatorBenchmark inprocess|live|creation|generated ...\n".utf8))
    exit(64)
}
