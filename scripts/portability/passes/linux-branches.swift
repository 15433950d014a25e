#if canImport(Glibc)
package import Glibc
#elseif canImport(Musl)
package import Musl
#elseif canImport(Darwin)
package import Darwin
#endif
public import Foundation
#if canImport(FoundationNetworking)
public import FoundationNetworking
#endif

public func session() -> URLSession { .shared }

package func residentBytes() -> Int {
    #if os(Linux)
    let text = (try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8)) ?? ""
    return (Int(text.split(separator: " ").dropFirst().first ?? "") ?? 0) * Int(getpagesize())
    #else
    return 0
    #endif
}

#if !canImport(Glibc)
let platform = "Apple"
#else
let platform = "Glibc"
#endif

/* a block comment naming epoll_wait */
let message = """
    a multi-line string // that is not a comment
    """
