import OpenMarketHTTPCore

/// What a connection's requests share, kept by the shim from one request to the next: the client's address, and the
/// last request's headers. A client sends the same headers on nearly every request of a connection; those found
/// unchanged are reused instead of made again from their bytes (a copy and a UTF-8 check each, and an array for them
/// all), and the journal's kept requests share them.
///
/// Unchecked Sendable: a connection's requests run on one daemon thread, one after the other, and only the handler
/// touches its memo (`http_shim_request.connection_memo`).
final class ConnectionMemo: @unchecked Sendable {
    let clientAddress: String
    var headers = HTTPHeaders()

    init(clientAddress: String) {
        self.clientAddress = clientAddress
    }
}

/// Given to the shim with each memo, which calls it when the connection closes.
let releaseConnectionMemo: @convention(c) (UnsafeMutableRawPointer?) -> Void = { memo in
    guard let memo else { return }
    Unmanaged<ConnectionMemo>.fromOpaque(memo).release()
}
