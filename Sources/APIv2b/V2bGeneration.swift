import HTTPServer
import MarketAPI

/// openmarket.yagom-academy.kr, ≈ Oct 2022 – 2024: camelCase page keys, `vendorName` and `description` in list
/// items, and the archived-URI delete flow.
public typealias V2bGeneration = SpringGeneration<V2bVariant>

public enum V2bVariant: SpringVariant {
    public static let name = "v2b"
    public static let dialect: any SpringDialect = V2bDialect()

    public static func registerOwnRoutes(on router: inout Router, api: SpringAPI) {
        let deletion = V2bDeletion(api: api)
        router.on(.post, "/api/products/{id}/archived", deletion.archive)
        router.on(.delete, "/api/products/{token}", deletion.delete)
    }
}
