/// An RGB picture that shapes are painted onto, edges anti-aliased from their distance.
///
/// Drawings are made in a square space of `Canvas.drawingSize` units; `placement` maps it onto the pixels (scaled,
/// turned and moved), so one drawing gives visibly different pictures of the same product.
///
/// The demo catalogue draws some 160 pictures at every start, debug builds included, so a shape is first tested
/// once per tile of `tileSide` pixels: a tile well outside is skipped and one well inside is painted without
/// testing each pixel; only tiles on an edge are tested pixel by pixel.
struct Canvas {
    /// The side of the square every illustration is drawn in, whatever the pixel size.
    static let drawingSize: Float = 100
    private static let tileSide = 8
    /// How far (in pixels) a tile's centre must be from an edge for the whole tile to be on one side. Twice the
    /// half-diagonal plus a pixel, since the ellipse distance is an estimate that may be too large far away.
    private static let tileMargin = Float(tileSide) * 1.42 + 1

    let width: Int
    let height: Int
    private var pixels: [Float]
    var placement = Placement.identity

    /// Black until something is painted.
    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        pixels = [Float](repeating: 0, count: width * height * 3)
    }

    /// Fills the whole canvas from `top` to `bottom`, one colour per row.
    mutating func fillBackdrop(top: Color, bottom: Color) {
        let (width, height) = (width, height)
        pixels.withUnsafeMutableBufferPointer { pixels in
            for y in 0..<height {
                let color = top.mixed(with: bottom, Float(y) / Float(max(height - 1, 1)))
                for x in 0..<width {
                    let index = (y * width + x) * 3
                    (pixels[index], pixels[index + 1], pixels[index + 2]) = (color.red, color.green, color.blue)
                }
            }
        }
    }

    /// Paints `shape` (in drawing units) with `paint`, `opacity` 0...1.
    mutating func fill(_ shape: any Shape, _ paint: Paint, opacity: Float = 1) {
        let placement = placement
        let area = Box(enclosing: shape.bounds.corners.map(placement.toPixels)).expanded(by: 1)
        let firstX = max(Int(area.minX), 0), lastX = min(Int(area.maxX.rounded(.up)), width - 1)
        let firstY = max(Int(area.minY), 0), lastY = min(Int(area.maxY.rounded(.up)), height - 1)
        guard firstX <= lastX, firstY <= lastY else { return }
        let width = width
        let tile = Self.tileSide
        pixels.withUnsafeMutableBufferPointer { pixels in
            for tileY in stride(from: firstY, through: lastY, by: tile) {
                for tileX in stride(from: firstX, through: lastX, by: tile) {
                    let center = Point(Float(tileX) + Float(tile) / 2, Float(tileY) + Float(tile) / 2)
                    let centerDistance = shape.distance(to: placement.toDrawing(center)) * placement.scale
                    guard centerDistance < Self.tileMargin else { continue }
                    let wholeTileInside = centerDistance < -Self.tileMargin
                    for y in tileY...min(tileY + tile - 1, lastY) {
                        for x in tileX...min(tileX + tile - 1, lastX) {
                            let local = placement.toDrawing(Point(Float(x) + 0.5, Float(y) + 0.5))
                            let edge = wholeTileInside ? 1 : Self.clampedToUnit(0.5 - shape.distance(to: local) * placement.scale)
                            let coverage = edge * opacity
                            guard coverage > 0 else { continue }
                            let color = paint.color(at: local)
                            let index = (y * width + x) * 3
                            pixels[index] += (color.red - pixels[index]) * coverage
                            pixels[index + 1] += (color.green - pixels[index + 1]) * coverage
                            pixels[index + 2] += (color.blue - pixels[index + 2]) * coverage
                        }
                    }
                }
            }
        }
    }

    /// `min(max(value, 0), 1)` with plain comparisons: it runs for every pixel near an edge, and a debug build calls
    /// the generic `min` and `max` through their protocol.
    private static func clampedToUnit(_ value: Float) -> Float {
        value < 0 ? 0 : value > 1 ? 1 : value
    }

    func pngBytes(comment: String? = nil) -> [UInt8] {
        PNGEncoder.encode(
            filteredRows: PNGRowFilter.filtered(pixels, width: width, height: height), width: width, height: height,
            comment: comment)
    }
}

/// Drawing units to pixels: scale, then turn around the drawing's centre, then move by `offset` pixels.
struct Placement: Sendable {
    let scale: Float
    let offset: Point
    private let turn: Rotation
    private let unturn: Rotation
    private static let center = Point(Canvas.drawingSize / 2, Canvas.drawingSize / 2)

    init(scale: Float, angle: Float, offset: Point) {
        self.scale = scale
        self.offset = offset
        turn = Rotation(angle)
        unturn = turn.inverse
    }

    static let identity = Placement(scale: 1, angle: 0, offset: Point(0, 0))

    /// Centres the drawing in a `side`-pixel square, `zoom` times its natural size, then moves it by `shift`.
    static func centered(side: Int, zoom: Float, angle: Float, shift: Point) -> Placement {
        let scale = Float(side) / Canvas.drawingSize * zoom
        let corner = Float(side) / 2 - Canvas.drawingSize / 2 * scale
        return Placement(scale: scale, angle: angle, offset: Point(corner, corner) + shift)
    }

    func toPixels(_ point: Point) -> Point {
        ((point - Self.center).rotated(by: turn) + Self.center) * scale + offset
    }

    func toDrawing(_ point: Point) -> Point {
        ((point - offset) * (1 / scale) - Self.center).rotated(by: unturn) + Self.center
    }
}
