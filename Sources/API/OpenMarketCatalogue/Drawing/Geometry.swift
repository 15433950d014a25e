#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A point in pixels, y downwards.
struct Point: Sendable {
    var x: Float
    var y: Float

    init(_ x: Float, _ y: Float) {
        self.x = x
        self.y = y
    }

    static func + (a: Point, b: Point) -> Point { Point(a.x + b.x, a.y + b.y) }
    static func - (a: Point, b: Point) -> Point { Point(a.x - b.x, a.y - b.y) }
    static func * (a: Point, k: Float) -> Point { Point(a.x * k, a.y * k) }

    var length: Float { (x * x + y * y).squareRoot() }

    func dot(_ other: Point) -> Float { x * other.x + y * other.y }

    /// Turned by `turn` around the origin.
    func rotated(by turn: Rotation) -> Point {
        Point(x * turn.cosine - y * turn.sine, x * turn.sine + y * turn.cosine)
    }
}

/// A turn by an angle in radians, its sine and cosine worked out once rather than at every pixel.
struct Rotation: Sendable {
    let sine: Float
    let cosine: Float

    init(_ angle: Float) {
        sine = sinf(angle)
        cosine = cosf(angle)
    }

    private init(sine: Float, cosine: Float) {
        self.sine = sine
        self.cosine = cosine
    }

    var inverse: Rotation { Rotation(sine: -sine, cosine: cosine) }
}

/// An axis-aligned rectangle of pixels that holds a shape; drawing visits only these pixels.
struct Box: Sendable {
    var minX: Float
    var minY: Float
    var maxX: Float
    var maxY: Float

    init(minX: Float, minY: Float, maxX: Float, maxY: Float) {
        (self.minX, self.minY, self.maxX, self.maxY) = (minX, minY, maxX, maxY)
    }

    init(center: Point, halfWidth: Float, halfHeight: Float) {
        self.init(
            minX: center.x - halfWidth, minY: center.y - halfHeight, maxX: center.x + halfWidth,
            maxY: center.y + halfHeight)
    }

    init(enclosing points: [Point]) {
        self.init(
            minX: points.map(\.x).min() ?? 0, minY: points.map(\.y).min() ?? 0, maxX: points.map(\.x).max() ?? 0,
            maxY: points.map(\.y).max() ?? 0)
    }

    var corners: [Point] {
        [Point(minX, minY), Point(maxX, minY), Point(minX, maxY), Point(maxX, maxY)]
    }

    func union(_ other: Box) -> Box {
        Box(
            minX: min(minX, other.minX), minY: min(minY, other.minY), maxX: max(maxX, other.maxX),
            maxY: max(maxY, other.maxY))
    }

    func expanded(by margin: Float) -> Box {
        Box(minX: minX - margin, minY: minY - margin, maxX: maxX + margin, maxY: maxY + margin)
    }
}
