import OpenMarketWireFormat
import Testing

@Suite struct ImageSnifferTests {
    @Test(arguments: [
        ([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10], "image/jpeg"),
        ([0xFF, 0xD8, 0xFF], "image/jpeg"),
        ([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D], "image/png"),
        (Array("GIF87a".utf8) + [1, 0], "image/gif"),
        (Array("GIF89a".utf8), "image/gif"),
        (Array("RIFF".utf8) + [0x24, 0x08, 0x00, 0x00] + Array("WEBPVP8 ".utf8), "image/webp"),
    ] as [([UInt8], String)])
    func recognizesImages(_ bytes: [UInt8], _ mediaType: String) {
        #expect(ImageSniffer.mediaType(of: bytes) == mediaType)
        #expect(ImageSniffer.mediaType(of: bytes[...]) == mediaType)
    }

    @Test(arguments: [
        [], [0xFF, 0xD8], [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A], Array("GIF88a".utf8),
        Array("RIFF".utf8) + [0, 0, 0, 0] + Array("WAVE".utf8), Array("RIFF".utf8) + [0, 0, 0, 0] + Array("WEB".utf8),
        Array("<svg xmlns=".utf8), Array("%PDF-1.7".utf8), [0x00, 0xFF, 0xD8, 0xFF],
    ] as [[UInt8]])
    func refusesEverythingElse(_ bytes: [UInt8]) {
        #expect(ImageSniffer.mediaType(of: bytes) == nil)
    }
}
