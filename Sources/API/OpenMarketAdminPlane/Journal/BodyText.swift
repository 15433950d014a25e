/// A body as JSON can carry it: as text when it is UTF-8 without control characters other than tab and line
/// breaks, as base64 otherwise (images, and anything a client got wrong).
enum BodyText {
    case text(String)
    case base64

    init(_ bytes: [UInt8]) {
        guard let text = String(validating: bytes, as: UTF8.self),
            !bytes.contains(where: { $0 < 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D || $0 == 0x7F })
        else {
            self = .base64
            return
        }
        self = .text(text)
    }
}
