import HTTPServer
import MarketAPI

/// market-training.yagom-academy.kr, Jan – Aug 2022: snake_case page keys, no `vendorName` or `description` in
/// list items, `succeed` on detail images, and the product-secret delete flow.
public typealias V2aGeneration = SpringGeneration<V2aVariant>

public enum V2aVariant: SpringVariant {
    public static let name = "v2a"
    public static let dialect: any SpringDialect = V2aDialect()

    public static func registerOwnRoutes(on router: inout Router, api: SpringAPI) {
        let deletion = V2aDeletion(api: api)
        router.on(.post, "/api/products/{id}/secret", deletion.revealSecret)
        router.on(.delete, "/api/products/{id}/{secret}", deletion.delete)
    }
}
