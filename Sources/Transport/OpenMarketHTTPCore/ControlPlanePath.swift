/// The control plane's paths: `/__admin` and below, however many slashes surround it (routing ignores empty
/// segments). Both transports ask it, so that the control plane is never paced, delayed or faulted; checked on the
/// raw bytes in place, as it runs for every API request.
package enum ControlPlanePath {
    package static func contains(_ path: String) -> Bool {
        path.utf8.withContiguousStorageIfAvailable { startsTheControlPlane($0) } ?? startsTheControlPlane(Array(path.utf8))
    }

    private static let prefix = Array("__admin".utf8)

    private static func startsTheControlPlane(_ path: some Collection<UInt8>) -> Bool {
        var rest = path.drop { $0 == UInt8(ascii: "/") }
        guard rest.starts(with: prefix) else { return false }
        rest = rest.dropFirst(prefix.count)
        return rest.first.map { $0 == UInt8(ascii: "/") } ?? true
    }
}
