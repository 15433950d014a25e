#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import OpenMarketWireFormat

/// An entry of a fixture product's `images`: the path of an image file relative to the fixture, or, as `export`
/// writes it, `{"path", "id", "originKey", "thumbnailKey"}` so the image keeps its id and URLs.
enum FixtureImage {
    static func read(_ node: FixtureNode, relativeTo directory: URL) throws(FixtureError) -> SeedImage {
        guard case .object = node.value else {
            return try load(node, relativeTo: directory)
        }
        let members = try node.members(allowed: ["path", "id", "originKey", "thumbnailKey"])
        var image = try load(members["path"].required("path", in: node), relativeTo: directory)
        image.id = try members["id"].map { node throws(FixtureError) in try node.integer(atLeast: 1) }
        switch (members["originKey"], members["thumbnailKey"]) {
        case (nil, nil):
            break
        case (let origin?, let thumbnail?):
            image.keys = (try origin.nonEmptyString(), try thumbnail.nonEmptyString())
        case (nil, _?):
            throw FixtureError(node.child("originKey"), "missing; \"thumbnailKey\" needs \"originKey\" with it")
        case (_?, nil):
            throw FixtureError(node.child("thumbnailKey"), "missing; \"originKey\" needs \"thumbnailKey\" with it")
        }
        return image
    }

    private static func load(_ node: FixtureNode, relativeTo directory: URL) throws(FixtureError) -> SeedImage {
        let path = try node.nonEmptyString()
        let file = path.hasPrefix("/") ? URL(fileURLWithPath: path) : directory.appendingPathComponent(path)
        guard let data = FileManager.default.contents(atPath: file.path) else {
            throw node.failure("cannot read \(MessageQuoting.quoted(path)); image paths are relative to the fixture file")
        }
        let bytes = Array(data)
        guard let mediaType = ImageSniffer.mediaType(of: bytes) else {
            throw node.failure("\(MessageQuoting.quoted(path)) is not a JPEG, PNG, GIF or WebP image by its bytes")
        }
        let fileExtension = file.pathExtension
        let keepsExtension = (1...10).contains(fileExtension.count)
            && fileExtension.unicodeScalars.allSatisfy { $0.isASCII && $0.properties.isAlphabetic || ("0"..."9").contains($0) }
        return SeedImage(bytes: bytes, mediaType: mediaType, fileExtension: keepsExtension ? fileExtension : nil)
    }
}
