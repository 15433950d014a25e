import OpenMarketAPITestSupport
import OpenMarketHTTPTestSupport

/// Setting faults and looking at what a client socket gets.
extension LiveServer {
    /// Sets a fault and returns its id; the test fails with the server's message when it is refused.
    @discardableResult
    func addFault(_ json: String) throws -> Int {
        let response = try admin("POST", "/__admin/faults", body: Array(json.utf8))
        guard response.status == 201, let id = response.json["id"] as? Int else {
            throw RawHTTPError("fault refused: \(response.status) \(response.text)")
        }
        return id
    }

    /// Sends one request on a fresh connection (asking it closed after the answer) and reads until it is closed.
    func rawExchange(_ method: String, _ target: String) throws -> (bytes: [UInt8], failure: Int32?) {
        let connection = try connection()
        try connection.send("\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nContent-Length: 0\r\n\r\n")
        return connection.readUntilClosed()
    }
}
