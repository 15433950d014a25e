/// What a handler answers. The server adds Content-Length, Date and the connection headers itself.
///
/// Its fields live in one copy-on-write box. A cached answer is handed to every request and kept by the journal, on
/// both daemon threads at once: as one reference, a copy or a destroy costs one reference count, where the fields
/// one by one cost three (headers, body, reuse), each on memory the other thread writes too.
package struct Response: Sendable {
    private var fields: Fields

    package var status: HTTPStatus {
        get { fields.status }
        _modify { yield &uniqueFields(changingTheWire: true).status }
    }

    package var headers: HTTPHeaders {
        get { fields.headers }
        _modify { yield &uniqueFields(changingTheWire: true).headers }
    }

    package var body: [UInt8] {
        get { fields.body }
        _modify { yield &uniqueFields(changingTheWire: true).body }
    }

    /// Why the request failed, as the client was told, when an error was rendered; the access log writes it.
    package var errorMessage: String? {
        get { fields.errorMessage }
        _modify { yield &uniqueFields().errorMessage }
    }

    /// The rendered error's `HTTPResponseError.kind`, when it names one.
    package var errorKind: String? {
        get { fields.errorKind }
        _modify { yield &uniqueFields().errorKind }
    }

    /// Sent instead of `body` when set.
    package var sharedBody: SharedBytes? {
        get { fields.sharedBody }
        _modify { yield &uniqueFields(changingTheWire: true).sharedBody }
    }

    /// Set on a response sent many times unchanged (one a cache keeps), where a transport keeps what it made of it
    /// for the first send. A change to what goes on the wire (status, headers, body) drops it.
    package var reuse: ResponseReuse? {
        get { fields.reuse }
        _modify { yield &uniqueFields().reuse }
    }

    /// How the answer is sent; a fault may break it.
    package var delivery: Delivery {
        get { fields.delivery }
        _modify { yield &uniqueFields().delivery }
    }

    /// How long the server waits before sending it, without holding a thread meanwhile.
    package var delay: Duration {
        get { fields.delay }
        _modify { yield &uniqueFields().delay }
    }

    /// What fault injection did to this answer ("fault 3: drop"), for the request journal; nil when nothing.
    package var faultNote: String? {
        get { fields.faultNote }
        _modify { yield &uniqueFields().faultNote }
    }

    package init(status: HTTPStatus, headers: HTTPHeaders = HTTPHeaders(), body: [UInt8] = []) {
        fields = Fields(status: status, headers: headers, body: body)
    }

    package init(status: HTTPStatus, contentType: String, sharedBody: SharedBytes) {
        self.init(status: status, headers: HTTPHeaders([("Content-Type", contentType)]))
        fields.sharedBody = sharedBody
    }

    package init(status: HTTPStatus, contentType: String, body: [UInt8]) {
        self.init(status: status, headers: HTTPHeaders([("Content-Type", contentType)]), body: body)
    }

    /// The length of the body that is sent.
    package var bodyCount: Int {
        fields.sharedBody?.count ?? fields.body.count
    }

    /// The box, copied first when another response shares it: a change to one response never shows in another.
    /// A change to what goes on the wire (status, headers, body) drops the reuse.
    private mutating func uniqueFields(changingTheWire: Bool = false) -> Fields {
        if !isKnownUniquelyReferenced(&fields) { fields = Fields(copying: fields) }
        if changingTheWire { fields.reuse = nil }
        return fields
    }
}

extension Response {
    /// Unchecked Sendable: a box is changed only through a response that holds the sole reference to it
    /// (`uniqueFields`), and a response is a value, so no other thread can see it while it changes. For the same
    /// reason no two accesses to a field can overlap, so the fields skip the runtime's exclusivity check, which cost
    /// more than the reference counts the box saves (a thread-local lookup and a table insert on every access).
    fileprivate final class Fields: @unchecked Sendable {
        @exclusivity(unchecked) var status: HTTPStatus
        @exclusivity(unchecked) var headers: HTTPHeaders
        @exclusivity(unchecked) var body: [UInt8]
        @exclusivity(unchecked) var errorMessage: String?
        @exclusivity(unchecked) var errorKind: String?
        @exclusivity(unchecked) var sharedBody: SharedBytes?
        @exclusivity(unchecked) var reuse: ResponseReuse?
        @exclusivity(unchecked) var delivery = Delivery.send
        @exclusivity(unchecked) var delay = Duration.zero
        @exclusivity(unchecked) var faultNote: String?

        init(status: HTTPStatus, headers: HTTPHeaders, body: [UInt8]) {
            self.status = status
            self.headers = headers
            self.body = body
        }

        init(copying other: Fields) {
            status = other.status
            headers = other.headers
            body = other.body
            errorMessage = other.errorMessage
            errorKind = other.errorKind
            sharedBody = other.sharedBody
            reuse = other.reuse
            delivery = other.delivery
            delay = other.delay
            faultNote = other.faultNote
        }
    }
}
