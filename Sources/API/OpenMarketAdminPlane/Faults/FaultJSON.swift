import OpenMarketHTTPCore
import OpenMarketWireFormat

/// Faults as the admin API shows them: the members they were set with, `times` being what is left. `headers` is
/// the object it was set as (its names are unique, so it comes back as it went in).
enum FaultJSON {
    static func one(_ fault: Fault, status: HTTPStatus = .ok) -> Response {
        AdminJSON.response(status: status) { json in
            json.object { write(&$0, fault) }
        }
    }

    static func list(_ faults: [Fault]) -> Response {
        AdminJSON.response { json in
            json.object { json in
                json.key("faults")
                json.array { json in
                    for fault in faults {
                        json.object { write(&$0, fault) }
                    }
                }
            }
        }
    }

    private static func write(_ json: inout JSONWriter, _ fault: Fault) {
        json.field("id", fault.id)
        if let method = fault.method {
            json.field("method", method)
        }
        json.field("path", fault.path.text)
        json.field("action", fault.action.rawValue)
        if let status = fault.status {
            json.field("status", status.code)
        }
        if let body = fault.body {
            json.field("body", body)
        }
        if fault.action == .respond {
            json.key("headers")
            json.object { json in
                for header in fault.headers {
                    json.key(escaping: header.name)
                    json.value(header.value)
                }
            }
        }
        json.field("delayMs", Int(fault.delay.milliseconds))
        if let remaining = fault.remaining {
            json.field("times", remaining)
        }
        if let probability = fault.probability {
            json.field("probability", probability, .swiftPlain)
        }
    }
}
