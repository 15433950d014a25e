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
        let made = if let shared = response.sharedBody {
            // The C answer holds this reference until libmicrohttpd is done with the body, then calls releaseSharedBody.
            http_shim_prepare(
                status, shared.start, shared.count, releaseSharedBody, Unmanaged.passRetained(shared).toOpaque())
        } else {
            response.body.withUnsafeBufferPointer { http_shim_prepare(status, $0.baseAddress, $0.count, nil, nil) }
        }
        guard let made else { return nil }
        handle = made
        for field in response.headers {
            let added = field.name.withCString { name in
                field.value.withCString { http_shim_prepared_add_header(made, name, $0) }
            }
            guard added == 0 else {
                http_shim_prepared_free(made)
                return nil
            }
        }
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

let releaseSharedBody: @convention(c) (UnsafeMutableRawPointer?) -> Void = { owner in
    guard let owner else { return }
    Unmanaged<SharedBytes>.fromOpaque(owner).release()
}
