package import OpenMarketHTTPCore

extension NetworkPace.Rates {
    /// The slowest and fastest rate a setting may name, in bytes per second.
    package static let allowed = 1...10_000_000_000

    /// `--network DOWN/UP` or `--network BOTH`, in bytes per second; nil when the text is neither.
    package init?(option text: String) {
        let rates = text.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false).map { Int($0) }
        guard let download = rates[0], let upload = rates.count == 2 ? rates[1] : download,
            Self.allowed.contains(download), Self.allowed.contains(upload)
        else { return nil }
        self.init(uploadBytesPerSecond: upload, downloadBytesPerSecond: download)
    }
}
