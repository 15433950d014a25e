import OpenMarketHTTPCore

/// `GET /__admin/products?page=&size=`: which page of the store, newest first. Checked like the journal's query.
struct ProductPageQuery {
    static let maxSize = 200
    private static let names = ["page", "size"]

    var page = 1
    var size = 24

    init(_ query: String) throws(AdminError) {
        let parameters = QueryParameters(query)
        for (name, _) in parameters.all where !Self.names.contains(name) {
            throw .badRequest("unknown parameter \"\(name)\"; the store is paged with page (from 1) and size")
        }
        if let text = parameters["page"] {
            guard let value = Int(text), value >= 1, value <= Int(Int32.max) else {
                throw .badRequest("page must be a whole number from 1; got \"\(text)\"")
            }
            page = value
        }
        if let text = parameters["size"] {
            guard let value = Int(text), (1...Self.maxSize).contains(value) else {
                throw .badRequest("size must be a whole number from 1 to \(Self.maxSize); got \"\(text)\"")
            }
            size = value
        }
    }

    var offset: Int { (page - 1) * size }
}
