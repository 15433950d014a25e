#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Which sanitizer the tests (and the binaries of the same build, which the tests start) run under. Swift has no
/// compile-time condition for it; a sanitizer's runtime is linked into the process, and its entry point is a symbol.
package enum Sanitizer {
    /// AddressSanitizer keeps freed memory in quarantine and shadows every byte, so a process's resident memory says
    /// more about ASan than about the code: tests that measure memory peaks are skipped under it.
    package static let addressIsLoaded: Bool = {
        #if canImport(Glibc)
        let everyLoadedImage: UnsafeMutableRawPointer? = nil  // glibc's RTLD_DEFAULT
        #else
        let everyLoadedImage = UnsafeMutableRawPointer(bitPattern: -2)  // Darwin's RTLD_DEFAULT
        #endif
        return dlsym(everyLoadedImage, "__asan_init") != nil
    }()
}
