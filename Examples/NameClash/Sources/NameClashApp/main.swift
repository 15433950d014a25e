// One file of an app that imports this project's emulator and, beside it, modules of the generic names other
// packages use; it asks the emulator for a page of products and each stand-in for its name, so all of them are
// linked into one binary and run.
import Catalogue
import CSQLite
import CZlib
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HTTPCore
import Locking
import Multipart
import MultipartTests
import OpenMarketEmulator
import SQLite
import WireFormat

let emulator = try OpenMarketEmulator(.init(generation: .v2b))
let session = URLSession(configuration: emulator.sessionConfiguration())
let page = emulator.baseURL.appendingPathComponent("api/products")
let (body, response) = try await session.data(from: URL(string: page.absoluteString + "?page_no=1&items_per_page=1")!)
let status = (response as? HTTPURLResponse)?.statusCode ?? 0
print("OpenMarketEmulator: GET /api/products answered \(status), \(body.count) bytes")

let standIns = [
    SQLite.standInName, Locking.standInName, Multipart.standInName, WireFormat.standInName, HTTPCore.standInName,
    Catalogue.standInName, MultipartTests.standInName,
]
print("stand-ins: \(standIns.joined(separator: ", ")); CSQLite's sqlite3 \(String(cString: sqlite3_libversion())), "
    + "CZlib's zlib \(String(cString: zlibVersion()))")
guard status == 200, !body.isEmpty else {
    print("the emulator did not answer the product list beside the stand-ins")
    exit(1)
}
