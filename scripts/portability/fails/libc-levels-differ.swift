#if canImport(Glibc)
package import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

package func now() -> timespec { timespec() }
