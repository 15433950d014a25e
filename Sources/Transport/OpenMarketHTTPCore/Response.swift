/// What a handler answers. The server adds Content-Length, Date and the connection headers itself.
///
/// Its fields live in one copy-on-write box. A cached answer is handed to every request and kept by the journal, on
/// both daemon threads at once: as one reference, a copy or a destroy costs one reference count, where the fields
/// one by one cost three (headers, body, reuse), each on memory the other thread writes too.
package struct Response: Sendable {
    private var box: CopyOnWriteBox<Fields>

    package var status: HTTPStatus {
        get { box.value.status }
        _modify { yield &wireFields.status }
    }

    package var headers: HTTPHeaders {
        get { box.value.headers }
        _modify { yield &wireFields.headers }
    }

    package var body: [UInt8] {
        get { box.value.body }
        _modify { yield &wireFields.body }
    }

    /// Why the request failed, as the client was told, when an error was rendered; the access log writes it.
    package var errorMessage: String? {
        get { box.value.errorMessage }
        _modify { yield &fields.errorMessage }
    }

    /// The rendered error's `HTTPResponseError.kind`, when it names one.
    package var errorKind: String? {
        get { box.value.errorKind }
        _modify { yield &fields.errorKind }
    }

    /// Sent instead of `body` when set.
    package var sharedBody: SharedBytes? {
        get { box.value.sharedBody }
        _modify { yield &wireFields.sharedBody }
    }

    /// Set on a response sent many times unchanged (one a cache keeps), where a transport keeps what it made of it
    /// for the first send. A change to what goes on the wire (status, headers, body) drops it.
    package var reuse: ResponseReuse? {
        get { box.value.reuse }
        _modify { yield &fields.reuse }
    }

    /// How the answer is sent; a fault may break it.
    package var delivery: Delivery {
        get { box.value.delivery }
        _modify { yield &fields.delivery }
    }

    /// How long the server waits before sending it, without holding a thread meanwhile.
    package var delay: Duration {
        get { box.value.delay }
        _modify { yield &fields.delay }
    }

    /// What fault injection did to this answer ("fault 3: drop"), for the request journal; nil when nothing.
    package var faultNote: String? {
        get { box.value.faultNote }
        _modify { yield &fields.faultNote }
    }

    package init(status: HTTPStatus, headers: HTTPHeaders = HTTPHeaders(), body: [UInt8] = []) {
        box = CopyOnWriteBox(Fields(status: status, headers: headers, body: body))
    }

    package init(status: HTTPStatus, contentType: String, sharedBody: SharedBytes) {
        self.init(status: status, headers: HTTPHeaders([("Content-Type", contentType)]))
        box.value.sharedBody = sharedBody
    }

    package init(status: HTTPStatus, contentType: String, body: [UInt8]) {
        self.init(status: status, headers: HTTPHeaders([("Content-Type", contentType)]), body: body)
    }

    /// The length of the body that is sent.
    package var bodyCount: Int {
        box.value.sharedBody?.count ?? box.value.body.count
    }

    /// The fields, for a change: the box is copied first when another response shares it.
    private var fields: Fields {
        get { box.value }
        _modify {
            if !isKnownUniquelyReferenced(&box) { box = CopyOnWriteBox(box.value) }
            yield &box.value
        }
    }

    /// The fields, for a change to what goes on the wire (status, headers, body), which drops the reuse.
    private var wireFields: Fields {
        get { box.value }
        _modify {
            fields.reuse = nil
            yield &fields
        }
    }
}

extension Response {
    private struct Fields: Sendable {
        var status: HTTPStatus
        var headers: HTTPHeaders
        var body: [UInt8]
        var errorMessage: String?
        var errorKind: String?
        var sharedBody: SharedBytes?
        var reuse: ResponseReuse?
        var delivery = Delivery.send
        var delay = Duration.zero
        var faultNote: String?
    }
}
