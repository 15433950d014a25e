#if os(Linux)
import Foundation
import OpenMarketHTTPTestSupport

/// What the memory tests do with a real server started with its demo vendor.
enum DemoMarket {
    /// Creates a product as the demo vendor with one PNG image of `imageBytes`.
    static func createProduct(port: UInt16, imageBytes: Int) throws -> (id: Int, imagePath: String) {
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        var generator = SystemRandomNumberGenerator()
        png += (0..<(imageBytes / 8)).flatMap { _ in withUnsafeBytes(of: generator.next() as UInt64) { Array($0) } }
        var builder = MultipartBuilder()
        builder.addField(
            "params",
            #"{"name":"large","description":"a large image","price":1000,"currency":"KRW","secret":"demo-vendor-secret"}"#,
            contentType: "application/json")
        builder.addFile("images", filename: "large.png", data: png)
        let response = try RawHTTPConnection(port: port, timeoutSeconds: 30).request(
            "POST", "/api/products",
            headers: [("identifier", "demo-vendor-identifier"), ("Content-Type", builder.contentType)],
            body: builder.finished())
        guard response.status == 201, let id = response.json["id"] as? Int, let images = response.json["images"] as? [[String: Any]],
              let url = images.first?["url"] as? String, let components = URLComponents(string: url)
        else { throw RawHTTPError("create failed: \(response.status) \(response.text.prefix(200))") }
        return (id, components.path)
    }

    /// The resident memory of a process (Linux).
    static func residentBytes(of pid: Int32) throws -> Int {
        let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
        guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
              let kilobytes = Int(line.split(separator: " ")[1])
        else { throw RawHTTPError("no VmRSS for \(pid)") }
        return kilobytes * 1024
    }
}
#endif
