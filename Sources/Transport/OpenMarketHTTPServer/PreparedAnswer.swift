import OpenMarketHTTPCore
import OpenMarketHTTPShim

/// A response made once into a libmicrohttpd answer and sent as it is by every send of that response (see
/// `ResponseReuse`): its status, headers and body are what the response held when it was made, and a response that
/// changes any of them drops its reuse. Unchecked Sendable: the C answer is never changed after init, and
/// libmicrohttpd guards its reference count.
final class PreparedAnswer: @unchecked Sendable {
    let handle: OpaquePointer

    init?(_ response: Response) {
        let status = UInt32(clamping: response.status.code)
        let made = response.withShimBody { http_shim_prepare(status, $0, $1, $2, $3) }
        guard let made else { return nil }
        guard response.addShimHeaders({ http_shim_prepared_add_header(made, $0, $1) }) else {
            http_shim_prepared_free(made)
            return nil
        }
        handle = made
    }

    deinit {
        http_shim_prepared_free(handle)
    }
}

/// Given to the shim with each send of a prepared answer, which holds it until the answer is queued or dropped.
let releasePreparedAnswer: @convention(c) (UnsafeMutableRawPointer?) -> Void = { owner in
    guard let owner else { return }
    Unmanaged<PreparedAnswer>.fromOpaque(owner).release()
}
