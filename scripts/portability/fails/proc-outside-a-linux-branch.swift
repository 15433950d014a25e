import Foundation

/// Comments may say /proc; code may not, outside a Linux branch.
func residentPages() throws -> String {
    try String(contentsOfFile: "/proc/self/statm", encoding: .utf8)
}
