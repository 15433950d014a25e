#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Every connection is a descriptor, and the usual soft limit (1,024 on Linux, 256 on macOS) would run out before the
/// connection limit, so a server raises it as it starts. A failure leaves the limit as it is.
enum DescriptorLimit {
    static func raise() {
        #if canImport(Glibc)
        let resource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
        #else
        let resource = RLIMIT_NOFILE
        #endif
        var limit = rlimit()
        guard getrlimit(resource, &limit) == 0 else { return }
        #if canImport(Glibc)
        let wanted = limit.rlim_max
        #else
        // macOS's setrlimit refuses RLIM_INFINITY for descriptors; its man page says to use min(OPEN_MAX, rlim_max).
        let wanted = min(limit.rlim_max, rlim_t(OPEN_MAX))
        #endif
        guard limit.rlim_cur < wanted else { return }
        limit.rlim_cur = wanted
        _ = setrlimit(resource, &limit)
    }
}
