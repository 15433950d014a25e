import OpenMarketCatalogue
public import Foundation

extension OpenMarketEmulator {
    /// A small valid PNG to insert or upload: 16 × 16 pixels of one colour, the colour of `sampleJPEG(index)`. Each
    /// index gives a picture of its own (its own colour, and a comment in the file naming the index), the same bytes
    /// on every run.
    ///
    /// ```swift
    /// try emulator.insert([SeedProduct(name: "Mug", price: 9000, images: [OpenMarketEmulator.samplePNG()])])
    /// ```
    public static func samplePNG(_ index: Int = 0) -> Data {
        Data(SamplePictures.png(index))
    }

    /// A small valid baseline JPEG to insert or upload: 16 × 16 pixels of one colour, the colour of
    /// `samplePNG(index)`. Each index gives a picture of its own, the same bytes on every run.
    public static func sampleJPEG(_ index: Int = 0) -> Data {
        Data(SamplePictures.jpeg(index))
    }
}
