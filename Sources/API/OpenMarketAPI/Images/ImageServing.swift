import OpenMarketHTTPCore
import OpenMarketStore
import OpenMarketWireFormat

/// Serves stored image bytes at the keys the generation's layout gave them.
enum ImageServing {
    static func register(on router: inout APIRoutes, layout: any ImageKeyLayout, store: MarketStore) {
        let sharedImages = SharedImages()
        for prefix in layout.pathPrefixes {
            router.on(.get, "/\(prefix)/{key...}") { _, parameters in
                let key = "\(prefix)/\(parameters["key"] ?? "")"
                guard let image = try store.image(key: key) else {
                    throw APIError.noImageStored(key: key)
                }
                return Response(
                    status: .ok, contentType: image.mediaType, sharedBody: sharedImages.bytes(for: key, stored: image.bytes))
            }
        }
    }
}
