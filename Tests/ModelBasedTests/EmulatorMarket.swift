import OpenMarketCatalogue
import OpenMarketEmulatorCore
import Foundation
import OpenMarketHTTPCore
import OpenMarketHTTPTestSupport
import OpenMarketAPI
import OpenMarketStore

/// A side the model is compared with: it runs one operation and says what it answered.
protocol MarketUnderTest: Sendable {
    func apply(_ operation: MarketOperation) throws -> MarketAnswer
}

/// A generation's API through `Emulator.respond`, the core both transports share (the transports are compared with
/// each other elsewhere: `scripts/test` runs the API suites both ways). Requests are built the way apps built them.
final class EmulatorMarket: MarketUnderTest {
    static let vendors = [
        VendorConfiguration(name: ReferenceMarket.vendorNames[0], identifier: "id-zhilly-6941", secret: "zhillysecret0001"),
        VendorConfiguration(name: ReferenceMarket.vendorNames[1], identifier: "id-kyo12-6941", secret: "kyo12secret00002"),
    ]
    static let itemPassword = "camp1234"

    let rules: MarketRules
    let emulator: Emulator
    /// Holds a file database while the emulator lives; nil in memory.
    /// Only held, so that the folder goes when this does; never used from two threads.
    nonisolated(unsafe) private let folder: TemporaryDirectory?

    init(rules: MarketRules, inFile: Bool = false) throws {
        precondition(rules != .store, "the store has its own runner, StoreMarket")
        self.rules = rules
        let generation = Generation.all.first { $0.name == rules.rawValue }!
        folder = inFile ? try TemporaryDirectory() : nil
        emulator = try Emulator(
            EmulatorOptions(
                generation: generation, vendors: rules.isV2 ? Self.vendors : [], now: 1_707_274_800,
                database: folder?.path("market.sqlite") ?? ":memory:"))
    }

    func apply(_ operation: MarketOperation) throws -> MarketAnswer {
        switch operation {
        case let .create(name, vendor, images):
            return rules.isV2
                ? try answer(send(.post, "/api/products", vendor: vendor, multipart: springCreate(name, vendor, images)))
                : try answer(send(.post, "/item", multipart: vaporFields(title: name, price: ReferenceMarket.createdPrice, vendor: 0, images: images, creating: true)))
        case let .patch(id, name, price, vendor, images):
            guard rules.isV2 else {
                return try answer(send(.patch, "/item/\(id)", multipart: vaporFields(title: name, price: price, vendor: vendor, images: images ?? 0, creating: false)))
            }
            var fields: [String: Any] = ["secret": Self.vendors[vendor].secret]
            fields["name"] = name
            fields["price"] = price
            return try answer(send(.patch, "/api/products/\(id)", vendor: vendor, json: fields))
        case let .delete(id, vendor):
            return try answer(deleteFlow(id: id, vendor: vendor))
        case let .secretLookup(id, vendor):
            return .status(try secretLookup(id: id, vendor: vendor).status.code)
        case .renameVendor:
            preconditionFailure("vendors are renamed by restarting the API; the generator gives this to the store only")
        case .reset:
            return .status(try send(.post, "/__admin/reset").status.code)
        case let .snapshot(name):
            return .status(try send(.post, "/__admin/snapshots", json: ["name": name]).status.code)
        case let .restore(name):
            return .status(try send(.post, "/__admin/snapshots/\(name)/restore").status.code)
        case let .insert(first, count, id):
            return insert(first: first, count: count, id: id)
        case let .list(page, size, search):
            guard rules.isV2 else { return try answer(send(.get, "/items/\(page)")) }
            var query = "page_no=\(page)&items_per_page=\(size)"
            if let search { query += "&search_value=" + Self.percentEncoded(search) }
            return try answer(send(.get, "/api/products", query: query))
        case let .detail(id):
            return try answer(send(.get, rules.isV2 ? "/api/products/\(id)" : "/item/\(id)"))
        }
    }

    private func insert(first: Int, count: Int, id: Int64?) -> MarketAnswer {
        let products = (0..<count).map { offset in
            InsertedProduct(
                id: offset == 0 ? id : nil, vendor: nil,
                fields: ProductFields(
                    name: MarketNames.inserted(first + offset), description: "inserted for the model",
                    price: Double(ReferenceMarket.insertedPrice), currency: "KRW", discountedPrice: nil, stock: 1),
                registeredAt: nil, secret: rules.isV1 ? Self.itemPassword : nil, images: [SampleImages.png])
        }
        do {
            return .ids(try emulator.insert(products))
        } catch let error as InsertionError where error.isIDTaken {
            return .status(409)
        } catch {
            return .status(500)
        }
    }

    private func deleteFlow(id: Int64, vendor: Int) throws -> Response {
        switch rules {
        case .v2a:
            let secret = try secretLookup(id: id, vendor: vendor)
            guard secret.status.code == 200 else { return secret }
            return try send(.delete, "/api/products/\(id)/\(String(decoding: body(of: secret), as: UTF8.self))", vendor: vendor)
        case .v2b:
            let uri = try secretLookup(id: id, vendor: vendor)
            guard uri.status.code == 200 else { return uri }
            return try send(.delete, String(decoding: body(of: uri), as: UTF8.self), vendor: vendor)
        case .v1a:
            return try send(.delete, "/item/\(id)", json: ["id": id, "password": password(vendor)])
        case .v1b:
            return try send(.delete, "/item/\(id)", json: ["password": password(vendor)])
        case .store:
            preconditionFailure("not an API")
        }
    }

    private func secretLookup(id: Int64, vendor: Int) throws -> Response {
        let step = rules == .v2a ? "secret" : "archived"
        return try send(.post, "/api/products/\(id)/\(step)", vendor: vendor, json: ["secret": Self.vendors[vendor].secret])
    }

    private func password(_ vendor: Int) -> String {
        vendor == 0 ? Self.itemPassword : "not-the-password"
    }

    private func springCreate(_ name: String, _ vendor: Int, _ images: Int) throws -> MultipartBuilder {
        var builder = MultipartBuilder()
        let params: [String: Any] = [
            "name": name, "description": "made by the model-based test", "price": ReferenceMarket.createdPrice,
            "currency": "KRW", "secret": Self.vendors[vendor].secret,
        ]
        builder.addField("params", try Self.json(params), contentType: "application/json")
        for index in 0..<images { builder.addFile("images", filename: "photo\(index).png", data: SampleImages.png) }
        return builder
    }

    /// A create also carries the fields a patch leaves out.
    private func vaporFields(title: String?, price: Int?, vendor: Int, images: Int, creating: Bool) -> MultipartBuilder {
        var builder = MultipartBuilder()
        if let title { builder.addField("title", title) }
        if let price { builder.addField("price", "\(price)") }
        for (name, value) in [("descriptions", "made by the model-based test"), ("currency", "KRW"), ("stock", "1")]
        where creating {
            builder.addField(name, value)
        }
        builder.addField("password", password(vendor))
        for index in 0..<images { builder.addFile("images[]", filename: "photo\(index).png", data: SampleImages.png) }
        return builder
    }

    private func send(
        _ method: HTTPMethod, _ path: String, query: String = "", vendor: Int? = nil, json: [String: Any]? = nil,
        multipart: MultipartBuilder? = nil
    ) throws -> Response {
        var headers: [(name: String, value: String)] = [("Host", "127.0.0.1:1")]
        if let vendor { headers.append(("identifier", Self.vendors[vendor].identifier)) }
        var body: [UInt8] = []
        if let json {
            headers.append(("Content-Type", "application/json"))
            body = Array(try Self.json(json).utf8)
        } else if let multipart {
            headers.append(("Content-Type", multipart.contentType))
            body = multipart.finished()
        }
        let rawPath = path.split(separator: "?", maxSplits: 1)
        return emulator.respond(
            to: Request(
                method: method, path: String(rawPath[0]), query: rawPath.count > 1 ? String(rawPath[1]) : query,
                headers: HTTPHeaders(headers), body: body, clientAddress: "127.0.0.1"))
    }

    private func body(of response: Response) -> [UInt8] {
        guard let shared = response.sharedBody else { return response.body }
        return Array(UnsafeRawBufferPointer(start: shared.start, count: shared.count))
    }

    /// The answer in the model's terms: a page, a product, an id, or the status alone.
    private func answer(_ response: Response) throws -> MarketAnswer {
        let status = response.status.code
        guard (200..<300).contains(status), status != 204 else { return .status(status) }
        let object = try JSONSerialization.jsonObject(with: Data(body(of: response)), options: [.fragmentsAllowed])
        guard let json = object as? [String: Any] else { throw ModelMismatch("not a JSON object: \(object)") }
        let v2b = rules == .v2b
        if let pages = json["pages"] as? [[String: Any]] {
            return .page(
                total: int(json[v2b ? "totalCount" : "total_count"]),
                items: try pages.map { try item($0, withImages: false) },
                lastPage: int(json[v2b ? "lastPage" : "last_page"]), hasNext: json[v2b ? "hasNext" : "has_next"] as? Bool,
                hasPrev: json[v2b ? "hasPrev" : "has_prev"] as? Bool)
        }
        if let items = json["items"] as? [[String: Any]] {
            return .page(
                total: nil, items: try items.map { try item($0, withImages: false) }, lastPage: nil, hasNext: nil,
                hasPrev: nil)
        }
        if rules == .v1a, json.count == 1, let id = int(json["id"]) { return .ids([Int64(id)]) }
        return .product(status: status, try item(json, withImages: true))
    }

    private func item(_ json: [String: Any], withImages: Bool) throws -> ItemSummary {
        guard let id = int(json["id"]), let name = (json["name"] ?? json["title"]) as? String, let price = int(json["price"])
        else { throw ModelMismatch("not a product: \(json)") }
        let images = (json["images"] as? [Any])?.count
        return ItemSummary(
            id: Int64(id), name: name, vendor: int(json["vendor_id"]).map { $0 - 1 }, price: price,
            imageCount: withImages ? images : nil)
    }

    private func int(_ value: Any?) -> Int? {
        (value as? NSNumber)?.intValue
    }

    private static func json(_ object: [String: Any]) throws -> String {
        String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self)
    }

    /// Everything but unreserved characters percent-encoded, NUL and spaces included, as a careful app sends it.
    static func percentEncoded(_ text: String) -> String {
        text.utf8.map { byte -> String in
            let unreserved = (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || "-._~".utf8.contains(byte)
            return unreserved ? String(UnicodeScalar(byte)) : "%" + String(byte, radix: 16, uppercase: true).leftPadded
        }.joined()
    }
}

extension String {
    fileprivate var leftPadded: String { count == 1 ? "0" + self : self }
}

/// A difference between the model and the side under test.
struct ModelMismatch: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
