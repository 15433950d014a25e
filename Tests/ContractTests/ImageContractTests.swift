import Foundation
import OpenMarketClient
import Testing

extension MarketContractTests {
    @Test("every url and thumbnail_url serves the uploaded bytes, byte for byte")
    func imageURLsServeTheUploadedBytes() async throws {
        let created = try await market.owner.createProduct(.sample(images: Uploads.all))
        try #require(created.images.count == Uploads.all.count)
        for (image, upload) in zip(created.images, Uploads.all) {
            for url in [image.url, image.thumbnailURL] {
                let fetched = try await market.fetch(url)
                #expect(fetched.status == 200, "\(url)")
                #expect(fetched.body == upload.data, "\(url)")
            }
        }
    }

    @Test("an image is served with the media type of its bytes")
    func imagesAreServedWithTheirMediaType() async throws {
        let created = try await market.owner.createProduct(.sample(images: Uploads.all))
        for (image, upload) in zip(created.images, Uploads.all) {
            #expect(try await market.fetch(image.url).contentType == upload.mediaType)
        }
    }

    @Test("image URLs keep the uploaded filename's extension, and have none when the filename has none")
    func imageURLsKeepTheFilenameExtension() async throws {
        let created = try await market.owner.createProduct(.sample(images: Uploads.all))
        let names = created.images.map { [$0.url.lastPathComponent, $0.thumbnailURL.lastPathComponent] }
        let suffixes = names.map { $0.map { String($0.drop { $0 != "_" }) } }
        #expect(suffixes == [["_origin.jpg", "_thumb.jpg"], ["_origin.png", "_thumb.png"], ["_origin", "_thumb"]])
    }

    @Test("images keep their upload order with increasing ids, and the thumbnail is the first one's")
    func imagesKeepUploadOrderAndTheFirstIsTheThumbnail() async throws {
        let created = try await market.owner.createProduct(.sample(images: Uploads.all))
        let ids = created.images.map(\.id)
        #expect(ids == ids.sorted() && Set(ids).count == Uploads.all.count)
        #expect(created.thumbnailURL == created.images.first?.thumbnailURL)
        #expect(try await market.fetch(created.thumbnailURL).body == Uploads.all[0].data)
    }
}
