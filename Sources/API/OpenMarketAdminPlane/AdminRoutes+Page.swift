import OpenMarketHTTPCore

/// `/__admin/` and the page's style sheet and script (C.6).
extension AdminRoutes {
    func addPageRoutes(to router: inout Router) {
        for asset in AdminPage.assets {
            router.on(.get, asset.path) { request, _ in
                try Self.refuseParameters(request)
                return AdminPage.response(asset)
            }
        }
    }
}
