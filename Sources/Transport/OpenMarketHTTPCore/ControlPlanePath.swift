/// The control plane's paths: `/__admin` and below, however many slashes surround it (routing ignores empty
/// segments). Both transports ask it, so that the control plane is never paced, delayed or faulted; checked on the
/// raw bytes in place, as it runs for every API request.
package enum ControlPlanePath {
    package static func contains(_ path: String) -> Bool {
        var path = path
        return path.withUTF8 { startsTheControlPlane($0) }
    }

    private static func startsTheControlPlane(_ path: UnsafeBufferPointer<UInt8>) -> Bool {
        let slash = UInt8(ascii: "/")
        var index = 0
        while index < path.count, path[index] == slash { index += 1 }
        // A static string in place, not a stored array: a global is reached through its lazy initializer's check.
        let name: StaticString = "__admin"
        let segment = UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount)
        guard path.count - index >= segment.count,
            segment.indices.allSatisfy({ path[index + $0] == segment[$0] })
        else { return false }
        index += segment.count
        return index == path.count || path[index] == slash
    }
}
