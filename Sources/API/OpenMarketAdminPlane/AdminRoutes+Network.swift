import OpenMarketHTTPCore

/// `/__admin/network` (C.5): how fast bodies travel, beside the latency.
extension AdminRoutes {
    func addNetworkRoutes(to router: inout Router) {
        router.on(.get, "/__admin/network") { request, _ in
            try Self.refuseParameters(request)
            return NetworkSetting.response(rates: pace.rates, latency: faults.latency)
        }
        router.on(.put, "/__admin/network") { request, _ in
            try Self.refuseParameters(request)
            let setting = try NetworkSetting.parse(request.body)
            pace.rates = setting.rates
            if let latency = setting.latency {
                faults.latency = latency
            }
            return NetworkSetting.response(rates: pace.rates, latency: faults.latency)
        }
    }
}
