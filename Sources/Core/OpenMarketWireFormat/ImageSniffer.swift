/// Recognizes the image formats the API accepts by their leading bytes, whatever the client declared.
package enum ImageSniffer {
    private static let signatures: [(prefix: [UInt8?], mediaType: String)] = [
        ([0xFF, 0xD8, 0xFF], "image/jpeg"),
        ([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], "image/png"),
        (Array("GIF87a".utf8), "image/gif"),
        (Array("GIF89a".utf8), "image/gif"),
        // RIFF, then the chunk size (any value), then WEBP.
        (Array("RIFF".utf8) + [nil, nil, nil, nil] + Array("WEBP".utf8), "image/webp"),
    ]

    /// `image/jpeg`, `image/png`, `image/gif` or `image/webp`; nil for anything else.
    package static func mediaType(of bytes: some Collection<UInt8>) -> String? {
        let head = Array(bytes.prefix(12))
        let match = signatures.first { signature in
            head.count >= signature.prefix.count
                && zip(head, signature.prefix).allSatisfy { byte, expected in expected.map { $0 == byte } ?? true }
        }
        return match?.mediaType
    }
}
