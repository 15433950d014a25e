import OpenMarketWireFormat
import Testing

/// Rebuilds the real v2b detail capture (Tests/Fixtures/Samples/v2b-product-2456.captured.json, with the student's
/// pretty-printing removed) from its values, to show the writer, the double style and the dates together
/// reproduce the server's bytes.
@Suite struct CapturedDetailTests {
    static let captured = #"{"id":2456,"vendor_id":48,"name":"사진 모음집","description":"AI로 그린 사진 모음입니다","#
        + #""thumbnail":"\#(capturedFolder)b5b494eac59a11eeaa7e89c63665c7a3_thumb.png","currency":"KRW","price":1000.0,"#
        + #""bargain_price":1000.0,"discounted_price":0.0,"stock":0,"created_at":"2024-02-07T00:00:00","#
        + #""issued_at":"2024-02-07T00:00:00","images":[{"id":3341,"#
        + #""url":"\#(capturedFolder)b5b494e9c59a11eeaa7eb5a5ef67d3a0_origin.png","#
        + #""thumbnail_url":"\#(capturedFolder)b5b494eac59a11eeaa7e89c63665c7a3_thumb.png","#
        + #""issued_at":"2024-02-07T00:00:00"},{"id":3342,"#
        + #""url":"\#(capturedFolder)b5e2f7ebc59a11eeaa7e93470822f8c0_origin.png","#
        + #""thumbnail_url":"\#(capturedFolder)b5e2f7ecc59a11eeaa7e2b26c7537ca4_thumb.png","#
        + #""issued_at":"2024-02-07T00:00:00"},{"id":3343,"#
        + #""url":"\#(capturedFolder)b601555dc59a11eeaa7e4916002ead3a_origin.png","#
        + #""thumbnail_url":"\#(capturedFolder)b601555ec59a11eeaa7e89d4e7f402d2_thumb.png","#
        + #""issued_at":"2024-02-07T00:00:00"}],"vendors":{"id":48,"name":"zhilly"}}"#

    static let bucket = "https://s3.ap-northeast-2.amazonaws.com/media.yagom-academy.kr/training-resources/48/"
    static let capturedFolder = bucket + "20240207/"

    @Test func reproducesTheCapturedDetail() throws {
        let uploadedAt = try ISO8601Instant.parse("2024-02-07T09:24:35.921Z")
        let day = SeoulDate(unixSeconds: uploadedAt)
        let folder = Self.bucket + day.compact + "/"
        let images: [(id: Int, origin: String, thumbnail: String)] = [
            (3341, "b5b494e9c59a11eeaa7eb5a5ef67d3a0", "b5b494eac59a11eeaa7e89c63665c7a3"),
            (3342, "b5e2f7ebc59a11eeaa7e93470822f8c0", "b5e2f7ecc59a11eeaa7e2b26c7537ca4"),
            (3343, "b601555dc59a11eeaa7e4916002ead3a", "b601555ec59a11eeaa7e89d4e7f402d2"),
        ]
        let price = 1000.0
        let discount = 0.0
        var writer = JSONWriter(reservingCapacity: 256)
        writer.object { w in
            w.field("id", 2456)
            w.field("vendor_id", 48)
            w.field("name", "사진 모음집")
            w.field("description", "AI로 그린 사진 모음입니다")
            w.field("thumbnail", folder + images[0].thumbnail + "_thumb.png")
            w.field("currency", "KRW")
            w.field("price", price, .java)
            w.field("bargain_price", price - discount, .java)
            w.field("discounted_price", discount, .java)
            w.field("stock", 0)
            w.field("created_at", day.v2bTimestamp)
            w.field("issued_at", day.v2bTimestamp)
            w.key("images")
            w.array { w in
                for image in images {
                    w.object { w in
                        w.field("id", image.id)
                        w.field("url", folder + image.origin + "_origin.png")
                        w.field("thumbnail_url", folder + image.thumbnail + "_thumb.png")
                        w.field("issued_at", day.v2bTimestamp)
                    }
                }
            }
            w.key("vendors")
            w.object { w in
                w.field("id", 48)
                w.field("name", "zhilly")
            }
        }
        #expect(String(decoding: writer.bytes, as: UTF8.self) == Self.captured)
    }
}
