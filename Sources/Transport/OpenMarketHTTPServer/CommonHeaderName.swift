/// The header names nearly every client sends, spelled as URLSession, curl and browsers spell them, as literals: a
/// literal costs no copy and no UTF-8 check of its bytes, which a name made from the request's bytes costs on every
/// request. Any other name, or another spelling of one of these, is made from its bytes as usual.
enum CommonHeaderName {
    static func name(_ bytes: UnsafePointer<CChar>) -> String {
        let literal: String? =
            switch UInt8(bitPattern: bytes[0]) {
            case UInt8(ascii: "H"): spelled(bytes, as: "Host")
            case UInt8(ascii: "U"): spelled(bytes, as: "User-Agent")
            case UInt8(ascii: "C"):
                spelled(bytes, as: "Connection") ?? spelled(bytes, as: "Content-Type")
                    ?? spelled(bytes, as: "Content-Length")
            case UInt8(ascii: "A"):
                spelled(bytes, as: "Accept") ?? spelled(bytes, as: "Accept-Encoding")
                    ?? spelled(bytes, as: "Accept-Language")
            default: nil
            }
        return literal ?? String(cString: bytes)
    }

    /// `name` when the NUL-terminated bytes spell exactly it: compared in place, where stepping through the name's
    /// UTF-8 view cost more than the rest of the request's headers.
    private static func spelled(_ bytes: UnsafePointer<CChar>, as name: String) -> String? {
        name.isSpelled(by: bytes) ? name : nil
    }
}
