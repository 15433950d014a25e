/// The control plane's paths: `/__admin` and below, however many slashes surround it (routing ignores empty
/// segments). Both transports ask it, so that the control plane is never paced, delayed or faulted; checked on the
/// raw bytes, as it runs for every API request.
package enum ControlPlanePath {
    package static func contains(_ path: some StringProtocol) -> Bool {
        let trimmed = path.utf8.drop { $0 == UInt8(ascii: "/") }
        let prefix = "__admin".utf8
        guard trimmed.starts(with: prefix) else { return false }
        let rest = trimmed.dropFirst(prefix.count)
        return rest.first.map { $0 == UInt8(ascii: "/") } ?? true
    }
}
