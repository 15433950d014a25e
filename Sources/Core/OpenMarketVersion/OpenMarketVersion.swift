/// The emulator's version, the one place it is written: `openmarket --version` prints it, and the control plane's
/// health answer is to report it. Raised with each release.
package enum OpenMarketVersion {
    package static let current = "0.1.0"
}
