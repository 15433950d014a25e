package import OpenMarketStore

/// The demo catalogue's sellers, with fixed credentials so an app can keep them across restarts. On v1, which
/// has no vendors, a demo product's password is its seller's secret.
package enum DemoVendors {
    package static let seoul = VendorConfiguration(name: "서울 리빙", identifier: "seoul-living", secret: "seoul-living-secret")
    package static let brooklyn = VendorConfiguration(name: "Brooklyn Goods", identifier: "brooklyn-goods", secret: "brooklyn-goods-secret")
    package static let jeju = VendorConfiguration(name: "제주 스토어", identifier: "jeju-store", secret: "jeju-store-secret")

    package static let all = [seoul, brooklyn, jeju]
}
