#if canImport(Glibc)
import Glibc
#endif
import Foundation

func pid() -> Int32 { getpid() }
