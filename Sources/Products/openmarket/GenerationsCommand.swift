import ArgumentParser
import OpenMarketAPI

/// `openmarket generations`: the generations `--api` accepts, from `Generation.all`, so a script asks the binary
/// instead of keeping a list of its own.
struct GenerationsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "generations",
        abstract: "List the API generations --api accepts, newest first, one a line.",
        discussion: """
            Each line is NAME, FAMILY and HOST, separated by tabs: the --api value; spring (v2: vendors, \
            /api/products) or vapor (v1: a password per item, /items and /item); the host the real server answered \
            on. The one served without --api has a fourth field, default.
            """)

    func run() {
        for generation in Generation.all {
            let mark = generation.name == Generation.default.name ? "\tdefault" : ""
            print("\(generation.name)\t\(generation.family.rawValue)\t\(generation.host)\(mark)")
        }
    }
}
