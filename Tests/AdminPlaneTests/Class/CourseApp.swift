import OpenMarketAPITestSupport
import OpenMarketHTTPTestSupport

/// A team's course app over a real socket, from the team's own address, sending what the course's apps sent at each
/// step (the list with its thumbnails, a detail, a registration with a photo, an edit, the v2b delete flow).
struct CourseApp {
    let live: ClassServer
    let team: Int
    let address: String

    /// The team signs in to its own page from the app's machine, as the handout says: its address becomes the team's.
    func signIn() throws {
        _ = try live.me(team, from: address)
    }

    @discardableResult
    func get(_ target: String) throws -> RawResponse {
        try live.send("GET", target, team: nil, from: address)
    }

    /// A list page: its ids, thumbnail paths and whether there is a next one.
    func list(page: Int, size: Int, search: String? = nil) throws -> (ids: [Int], thumbnails: [String], hasNext: Bool) {
        let query = "page_no=\(page)&items_per_page=\(size)" + (search.map { "&search_value=\($0)" } ?? "")
        let json = try get("/api/products?\(query)").json
        let items = json["pages"] as? [[String: Any]] ?? []
        // http://host:port/path → /path
        let thumbnails = items.compactMap { ($0["thumbnail"] as? String)?.split(separator: "/").dropFirst(2).joined(separator: "/") }
        return (items.compactMap { $0["id"] as? Int }, thumbnails.map { "/" + $0 }, json["hasNext"] as? Bool ?? false)
    }

    func create(_ name: String, identifier: Bool = true) throws -> RawResponse {
        var builder = MultipartBuilder()
        builder.addField("params", LiveServer.params(name: name, secret: live.teams[team].secret), contentType: "application/json")
        builder.addFile("images", filename: "photo.png", data: SampleImages.png)
        return try live.send(
            "POST", "/api/products", team: identifier ? team : nil, from: address,
            headers: [("Content-Type", builder.contentType)], body: builder.finished())
    }

    func createdID(_ name: String) throws -> Int {
        let created = try create(name)
        guard created.status == 201, let id = created.json["id"] as? Int else {
            throw RawHTTPError("create failed: \(created.status) \(created.text)")
        }
        return id
    }

    func patch(_ id: Int) throws -> RawResponse {
        try live.send(
            "PATCH", "/api/products/\(id)", team: team, from: address, headers: [("Content-Type", "application/json")],
            body: Array(#"{"stock":7,"secret":"\#(live.teams[team].secret)"}"#.utf8))
    }

    /// v2b: the URI to delete the product at.
    func archive(_ id: Int) throws -> String {
        try live.send(
            "POST", "/api/products/\(id)/archived", team: team, from: address,
            headers: [("Content-Type", "application/json")],
            body: Array(#"{"secret":"\#(live.teams[team].secret)"}"#.utf8)).text
    }

    func delete(_ path: String) throws -> RawResponse {
        try live.send("DELETE", path, team: team, from: address)
    }

    /// I-1: the health check, a list, a detail of an id from it.
    func networking() throws {
        try get("/healthChecker")
        let ids = try list(page: 1, size: 20).ids
        try get("/api/products/\(ids[0])")
    }

    /// I-2: a second list, its next page, thumbnails.
    func listAndGrid() throws {
        let first = try list(page: 1, size: 2)
        for thumbnail in first.thumbnails { try get(thumbnail) }
        if first.hasNext { _ = try list(page: 2, size: 2) }
    }
}
