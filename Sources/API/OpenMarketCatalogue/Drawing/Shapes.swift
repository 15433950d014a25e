/// A filled region given by its signed distance: negative inside, positive outside, in pixels. The canvas turns
/// the distance at a pixel's centre into coverage, which anti-aliases every edge with one sample per pixel.
protocol Shape: Sendable {
    func distance(to point: Point) -> Float
    var bounds: Box { get }
}

struct Circle: Shape {
    var center: Point
    var radius: Float

    func distance(to point: Point) -> Float { (point - center).length - radius }
    var bounds: Box { Box(center: center, halfWidth: radius, halfHeight: radius) }
}

/// An ellipse by its radii, turned by `angle`. The distance is the usual first-order estimate, exact enough for
/// a one-pixel edge.
struct Ellipse: Shape {
    var center: Point
    var radiusX: Float
    var radiusY: Float
    private var unturn: Rotation

    init(center: Point, radiusX: Float, radiusY: Float, angle: Float = 0) {
        self.center = center
        self.radiusX = radiusX
        self.radiusY = radiusY
        unturn = Rotation(-angle)
    }

    func distance(to point: Point) -> Float {
        let local = (point - center).rotated(by: unturn)
        let scaled = Point(local.x / radiusX, local.y / radiusY)
        let gradient = Point(local.x / (radiusX * radiusX), local.y / (radiusY * radiusY))
        let k0 = scaled.length
        guard k0 > 0 else { return -min(radiusX, radiusY) }
        return k0 * (k0 - 1) / max(gradient.length, .leastNonzeroMagnitude)
    }

    var bounds: Box {
        let reach = max(radiusX, radiusY)
        return Box(center: center, halfWidth: reach, halfHeight: reach)
    }
}

/// A rectangle with rounded corners, turned by `angle` around its centre.
struct RoundedBox: Shape {
    var center: Point
    var halfWidth: Float
    var halfHeight: Float
    var cornerRadius: Float
    private var unturn: Rotation

    init(center: Point, halfWidth: Float, halfHeight: Float, cornerRadius: Float = 0, angle: Float = 0) {
        self.center = center
        self.halfWidth = halfWidth
        self.halfHeight = halfHeight
        self.cornerRadius = cornerRadius
        unturn = Rotation(-angle)
    }

    func distance(to point: Point) -> Float {
        let local = (point - center).rotated(by: unturn)
        let qx = abs(local.x) - halfWidth + cornerRadius
        let qy = abs(local.y) - halfHeight + cornerRadius
        let outside = Point(max(qx, 0), max(qy, 0)).length
        return outside + min(max(qx, qy), 0) - cornerRadius
    }

    var bounds: Box {
        let reach = Point(halfWidth, halfHeight).length
        return Box(center: center, halfWidth: reach, halfHeight: reach)
    }
}

/// A line from `start` to `end` with round ends, `width` thick: handles, cords, laces, stems.
struct Stroke: Shape {
    var start: Point
    var end: Point
    var width: Float

    func distance(to point: Point) -> Float {
        let direction = end - start
        let along = min(max((point - start).dot(direction) / max(direction.dot(direction), 1e-6), 0), 1)
        return (point - (start + direction * along)).length - width / 2
    }

    var bounds: Box { Box(enclosing: [start, end]).expanded(by: width / 2) }
}

/// A polygon by its corners in order, either winding.
struct Polygon: Shape {
    var points: [Point]

    func distance(to point: Point) -> Float {
        var nearest = (point - points[0]).dot(point - points[0])
        var inside = false
        var previous = points[points.count - 1]
        for current in points {
            let edge = previous - current
            let offset = point - current
            let along = min(max(offset.dot(edge) / max(edge.dot(edge), 1e-6), 0), 1)
            let gap = offset - edge * along
            nearest = min(nearest, gap.dot(gap))
            if (current.y > point.y) != (previous.y > point.y),
               point.x < (previous.x - current.x) * (point.y - current.y) / (previous.y - current.y) + current.x {
                inside.toggle()
            }
            previous = current
        }
        return (inside ? -1 : 1) * nearest.squareRoot()
    }

    var bounds: Box { Box(enclosing: points) }
}

/// The band of `width` pixels along another shape's edge: a mug's handle, a headphone band, a watch's bezel.
struct Outline: Shape {
    var shape: any Shape
    var width: Float

    func distance(to point: Point) -> Float { abs(shape.distance(to: point)) - width / 2 }
    var bounds: Box { shape.bounds.expanded(by: width / 2) }
}

/// What is in `shape` and not in `removed`.
struct Difference: Shape {
    var shape: any Shape
    var removed: any Shape

    func distance(to point: Point) -> Float { max(shape.distance(to: point), -removed.distance(to: point)) }
    var bounds: Box { shape.bounds }
}

/// What is in both: a shape cut to a region, e.g. the upper half of a ring.
struct Intersection: Shape {
    var shape: any Shape
    var region: any Shape

    func distance(to point: Point) -> Float { max(shape.distance(to: point), region.distance(to: point)) }
    var bounds: Box { shape.bounds }
}
