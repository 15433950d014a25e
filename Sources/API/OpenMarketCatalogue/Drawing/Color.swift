/// A linear mix of red, green and blue, each 0...1.
struct Color: Sendable {
    var red: Float
    var green: Float
    var blue: Float

    /// From `0xRRGGBB`.
    init(hex: UInt32) {
        red = Float(hex >> 16 & 0xFF) / 255
        green = Float(hex >> 8 & 0xFF) / 255
        blue = Float(hex & 0xFF) / 255
    }

    init(red: Float, green: Float, blue: Float) {
        (self.red, self.green, self.blue) = (red, green, blue)
    }

    static let white = Color(hex: 0xFFFFFF)
    static let black = Color(hex: 0x000000)

    /// `self` at 0, `other` at 1.
    func mixed(with other: Color, _ amount: Float) -> Color {
        Color(
            red: red + (other.red - red) * amount, green: green + (other.green - green) * amount,
            blue: blue + (other.blue - blue) * amount)
    }

    func lighter(_ amount: Float) -> Color { mixed(with: .white, amount) }
    func darker(_ amount: Float) -> Color { mixed(with: .black, amount) }
}

/// How a shape is coloured, in the drawing's own coordinates (a gradient turns with the object).
enum Paint: Sendable {
    case solid(Color)
    /// `from` at `start`, `to` at `end`, constant beyond both.
    case linear(start: Point, end: Point, from: Color, to: Color)
    /// `inner` at `center`, `outer` at `radius` and beyond.
    case radial(center: Point, radius: Float, inner: Color, outer: Color)

    func color(at point: Point) -> Color {
        switch self {
        case .solid(let color):
            return color
        case .linear(let start, let end, let from, let to):
            let direction = end - start
            let amount = (point - start).dot(direction) / max(direction.dot(direction), 1e-6)
            return from.mixed(with: to, min(max(amount, 0), 1))
        case .radial(let center, let radius, let inner, let outer):
            return inner.mixed(with: outer, min((point - center).length / radius, 1))
        }
    }
}
