import Dispatch

/// The demo's pictures, one list per product, in product order: drawn, or read back from where they were kept.
enum DemoPictures {
    /// Bump whenever a change to the drawing code (or to the demo's products) changes a picture's bytes: the disk
    /// cache is keyed on it, and `DemoCatalogueTests` pins a digest of the pictures to catch a change made without.
    static let drawingVersion = 1

    /// Per process: read from the disk cache when it holds this drawing version, else drawn and kept there.
    static let shared: [[[UInt8]]] = {
        let expectedCounts = descriptions.map(\.count)
        let file = DemoPictureCache.file
        if let file, let kept = DemoPictureCache.load(from: file, expectedCounts: expectedCounts) { return kept }
        let drawn = draw()
        if let file { DemoPictureCache.save(drawn, to: file) }
        return drawn
    }()

    /// One to five pictures of each product, in its colours.
    static var descriptions: [[ProductPicture]] {
        DemoProducts.entries.enumerated().map { index, entry in
            let palette = DemoPalettes.all[index * 7 % DemoPalettes.all.count]
            return (0..<(1 + index * 3 % 5)).map { variant in
                ProductPicture(kind: entry.kind, palette: palette, variant: variant, seed: UInt64(index + 1))
            }
        }
    }

    /// Draws the pictures on every core. Each drawing writes only its own slot of the result, so the slots need no
    /// lock; `concurrentPerform` returns once all are written.
    static func draw() -> [[[UInt8]]] {
        let pictures = descriptions
        let flat = pictures.flatMap { $0 }
        var drawn = [[UInt8]](repeating: [], count: flat.count)
        drawn.withUnsafeMutableBufferPointer { slots in
            nonisolated(unsafe) let slots = slots
            DispatchQueue.concurrentPerform(iterations: flat.count) { index in
                slots[index] = flat[index].pngBytes()
            }
        }
        return grouped(drawn, counts: pictures.map(\.count))
    }

    /// `flat` cut into consecutive lists of `counts` elements.
    static func grouped(_ flat: [[UInt8]], counts: [Int]) -> [[[UInt8]]] {
        var remaining = flat[...]
        return counts.map { count in
            defer { remaining = remaining.dropFirst(count) }
            return Array(remaining.prefix(count))
        }
    }
}
