/// One drawing per product kind, in the 100-unit space with the object standing on y ≈ 86. Light comes from the
/// upper left: bodies are shaded left-to-right or top-to-bottom from lighter to darker.
enum Illustrations {
    typealias Palette = ProductKind.Palette

    /// Lighter on the left, darker on the right, across `left...right`.
    static func shaded(_ color: Color, _ left: Float, _ right: Float) -> Paint {
        .linear(start: Point(left, 0), end: Point(right, 0), from: color.lighter(0.25), to: color.darker(0.2))
    }

    static func mug(_ canvas: inout Canvas, _ palette: Palette) {
        canvas.fill(Outline(shape: Ellipse(center: Point(66, 56), radiusX: 11, radiusY: 13), width: 5), .solid(palette.main.darker(0.15)))
        canvas.fill(RoundedBox(center: Point(46, 58), halfWidth: 21, halfHeight: 26, cornerRadius: 5), shaded(palette.main, 25, 67))
        canvas.fill(Ellipse(center: Point(46, 33), radiusX: 21, radiusY: 4.5), .solid(palette.main.darker(0.3)))
        canvas.fill(Ellipse(center: Point(46, 33.5), radiusX: 18, radiusY: 3.2), .solid(Color(hex: 0x6B3E26)))
        canvas.fill(Circle(center: Point(46, 60), radius: 8), .solid(palette.accent))
        canvas.fill(Circle(center: Point(46, 60), radius: 4), .solid(palette.accent.lighter(0.5)))
        for x: Float in [38, 46, 54] {
            canvas.fill(Stroke(start: Point(x, 26), end: Point(x + 3, 16), width: 2.2), .solid(.white), opacity: 0.6)
            canvas.fill(Stroke(start: Point(x + 3, 16), end: Point(x, 8), width: 2.2), .solid(.white), opacity: 0.6)
        }
    }

    static func tShirt(_ canvas: inout Canvas, _ palette: Palette) {
        let body = Polygon(points: [
            Point(40, 18), Point(27, 23), Point(11, 38), Point(20, 49), Point(29, 42), Point(29, 84),
            Point(71, 84), Point(71, 42), Point(80, 49), Point(89, 38), Point(73, 23), Point(60, 18),
        ])
        let neck = Ellipse(center: Point(50, 17), radiusX: 10, radiusY: 7)
        canvas.fill(Difference(shape: body, removed: neck), shaded(palette.main, 15, 85))
        canvas.fill(
            Intersection(shape: Outline(shape: neck, width: 3), region: RoundedBox(center: Point(50, 30), halfWidth: 15, halfHeight: 12)),
            .solid(palette.main.darker(0.25)))
        canvas.fill(RoundedBox(center: Point(50, 52), halfWidth: 21, halfHeight: 4), .solid(palette.accent))
        canvas.fill(Circle(center: Point(50, 66), radius: 6), .solid(palette.detail))
    }

    static func phone(_ canvas: inout Canvas, _ palette: Palette) {
        canvas.fill(RoundedBox(center: Point(50, 50), halfWidth: 20, halfHeight: 35, cornerRadius: 7), shaded(palette.detail, 30, 70))
        canvas.fill(
            RoundedBox(center: Point(50, 50), halfWidth: 17, halfHeight: 32, cornerRadius: 5),
            .linear(start: Point(50, 18), end: Point(50, 82), from: palette.accent.lighter(0.3), to: palette.main))
        canvas.fill(RoundedBox(center: Point(50, 21), halfWidth: 5, halfHeight: 1.6, cornerRadius: 1.6), .solid(.black))
        for row in 0..<4 {
            for column in 0..<3 {
                let center = Point(40 + Float(column) * 10, 32 + Float(row) * 11)
                canvas.fill(RoundedBox(center: center, halfWidth: 3.2, halfHeight: 3.2, cornerRadius: 1.2), .solid(.white), opacity: 0.75)
            }
        }
        canvas.fill(Stroke(start: Point(70.5, 32), end: Point(70.5, 40), width: 1.2), .solid(palette.detail.darker(0.3)))
    }

    static func plant(_ canvas: inout Canvas, _ palette: Palette) {
        let leafGreen = Color(hex: 0x3F9B4F).mixed(with: palette.accent, 0.2)
        let angles: [Float] = [-1.0, -0.55, -0.15, 0.2, 0.6, 1.05]
        for (index, angle) in angles.enumerated() {
            let length: Float = index % 2 == 0 ? 17 : 14
            let direction = Point(0, -1).rotated(by: Rotation(angle))
            let leaf = Ellipse(center: Point(50, 58) + direction * length, radiusX: 5.5, radiusY: length, angle: angle)
            let shade = leafGreen.darker(Float(index % 3) * 0.12)
            canvas.fill(leaf, .linear(start: Point(40, 30), end: Point(60, 60), from: shade.lighter(0.2), to: shade.darker(0.15)))
            canvas.fill(Stroke(start: Point(50, 58), end: Point(50, 58) + direction * (length * 1.6), width: 0.8), .solid(shade.darker(0.3)))
        }
        canvas.fill(Polygon(points: [Point(35, 60), Point(65, 60), Point(60, 86), Point(40, 86)]), shaded(palette.main, 35, 65))
        canvas.fill(RoundedBox(center: Point(50, 61), halfWidth: 17, halfHeight: 3.5, cornerRadius: 1.5), .solid(palette.main.darker(0.1)))
        canvas.fill(Ellipse(center: Point(50, 58.5), radiusX: 14, radiusY: 2), .solid(Color(hex: 0x5A3B22)))
        canvas.fill(RoundedBox(center: Point(50, 73), halfWidth: 11, halfHeight: 1.5), .solid(palette.accent), opacity: 0.8)
    }

    static func books(_ canvas: inout Canvas, _ palette: Palette) {
        let covers = [palette.main, palette.accent, palette.detail]
        let layout: [(center: Point, halfWidth: Float, angle: Float)] = [
            (Point(50, 78), 30, 0), (Point(47, 65), 27, -0.03), (Point(53, 52), 26, 0.05),
        ]
        for (cover, book) in zip(covers, layout) {
            let shape = RoundedBox(center: book.center, halfWidth: book.halfWidth, halfHeight: 6.5, cornerRadius: 1.5, angle: book.angle)
            canvas.fill(shape, .linear(start: book.center - Point(0, 6), end: book.center + Point(0, 6), from: cover.lighter(0.2), to: cover.darker(0.2)))
            let pages = RoundedBox(
                center: book.center + Point(book.halfWidth - 3.5, 0).rotated(by: Rotation(book.angle)), halfWidth: 2.5,
                halfHeight: 5, cornerRadius: 0.8, angle: book.angle)
            canvas.fill(pages, .solid(Color(hex: 0xF5EFDF)))
            let band = RoundedBox(center: book.center - Point(book.halfWidth - 10, 0).rotated(by: Rotation(book.angle)), halfWidth: 1.2, halfHeight: 6.5, angle: book.angle)
            canvas.fill(band, .solid(Color(hex: 0xE8C45A)))
        }
        // One more book standing on the pile, leaning a little.
        canvas.fill(RoundedBox(center: Point(60, 32), halfWidth: 7, halfHeight: 13.5, cornerRadius: 1.5, angle: 0.1), shaded(palette.accent.darker(0.2), 53, 67))
        canvas.fill(RoundedBox(center: Point(59.6, 26), halfWidth: 7, halfHeight: 1.2, angle: 0.1), .solid(Color(hex: 0xE8C45A)))
    }

    /// Side view, heel on the left, toe on the right.
    static func sneaker(_ canvas: inout Canvas, _ palette: Palette) {
        let upper = Polygon(points: [
            Point(14, 74), Point(14, 56), Point(17, 46), Point(24, 43), Point(30, 48), Point(37, 50), Point(43, 46),
            Point(47, 38), Point(53, 37), Point(57, 44), Point(66, 52), Point(78, 57), Point(86, 61), Point(89, 66),
            Point(89, 74),
        ])
        let ankle = Ellipse(center: Point(31, 44), radiusX: 9, radiusY: 5)
        canvas.fill(
            Difference(shape: upper, removed: ankle),
            .linear(start: Point(50, 36), end: Point(50, 74), from: palette.main.lighter(0.2), to: palette.main.darker(0.2)))
        canvas.fill(Ellipse(center: Point(82, 68), radiusX: 8, radiusY: 6), .solid(palette.main.darker(0.15)))
        canvas.fill(Stroke(start: Point(24, 68), end: Point(56, 56), width: 5), .solid(palette.accent))
        canvas.fill(Stroke(start: Point(56, 56), end: Point(70, 64), width: 5), .solid(palette.accent))
        for step in 0..<4 {
            let start = Point(47 + Float(step) * 5, 42 + Float(step) * 3)
            canvas.fill(Stroke(start: start, end: start + Point(-4, 5), width: 1.6), .solid(.white))
        }
        canvas.fill(RoundedBox(center: Point(51, 76), halfWidth: 39, halfHeight: 4.5, cornerRadius: 4), .solid(palette.detail.lighter(0.75)))
        canvas.fill(RoundedBox(center: Point(51, 79.5), halfWidth: 38, halfHeight: 1.5, cornerRadius: 1.5), .solid(palette.detail))
        canvas.fill(RoundedBox(center: Point(17, 50), halfWidth: 3, halfHeight: 5, cornerRadius: 2), .solid(palette.accent.darker(0.2)))
    }

    static func lamp(_ canvas: inout Canvas, _ palette: Palette) {
        canvas.fill(Ellipse(center: Point(50, 50), radiusX: 26, radiusY: 14), .radial(center: Point(50, 50), radius: 26, inner: Color(hex: 0xFFF4C2), outer: Color(hex: 0xFFF4C2)), opacity: 0.35)
        canvas.fill(Stroke(start: Point(50, 84), end: Point(50, 40), width: 3), .solid(palette.detail))
        canvas.fill(Ellipse(center: Point(50, 84), radiusX: 15, radiusY: 3.5), .solid(palette.detail.darker(0.2)))
        canvas.fill(Circle(center: Point(50, 45), radius: 5), .radial(center: Point(50, 45), radius: 5, inner: .white, outer: Color(hex: 0xFFE27A)))
        canvas.fill(Polygon(points: [Point(37, 18), Point(63, 18), Point(75, 44), Point(25, 44)]), shaded(palette.main, 25, 75))
        canvas.fill(RoundedBox(center: Point(50, 43.5), halfWidth: 25, halfHeight: 1.2), .solid(palette.accent))
    }

    static func headphones(_ canvas: inout Canvas, _ palette: Palette) {
        let band = Intersection(
            shape: Outline(shape: Circle(center: Point(50, 52), radius: 29), width: 6),
            region: RoundedBox(center: Point(50, 35), halfWidth: 40, halfHeight: 22))
        canvas.fill(band, shaded(palette.detail, 20, 80))
        for x: Float in [22, 78] {
            canvas.fill(RoundedBox(center: Point(x, 62), halfWidth: 8, halfHeight: 14, cornerRadius: 6), shaded(palette.main, x - 8, x + 8))
            canvas.fill(RoundedBox(center: Point(x + (x < 50 ? 5 : -5), 62), halfWidth: 3, halfHeight: 11, cornerRadius: 3), .solid(palette.accent))
        }
    }

    static func backpack(_ canvas: inout Canvas, _ palette: Palette) {
        canvas.fill(
            Intersection(shape: Outline(shape: Ellipse(center: Point(50, 28), radiusX: 8, radiusY: 6), width: 3),
                         region: RoundedBox(center: Point(50, 24), halfWidth: 10, halfHeight: 6)),
            .solid(palette.detail))
        canvas.fill(RoundedBox(center: Point(50, 56), halfWidth: 23, halfHeight: 29, cornerRadius: 11), shaded(palette.main, 27, 73))
        canvas.fill(RoundedBox(center: Point(50, 68), halfWidth: 16, halfHeight: 12, cornerRadius: 5), shaded(palette.main.darker(0.15), 34, 66))
        canvas.fill(Stroke(start: Point(37, 60), end: Point(63, 60), width: 1.5), .solid(palette.accent))
        canvas.fill(Circle(center: Point(60, 60), radius: 1.8), .solid(palette.accent))
        canvas.fill(Stroke(start: Point(30, 40), end: Point(70, 40), width: 1.5), .solid(palette.main.darker(0.3)))
        canvas.fill(RoundedBox(center: Point(50, 48), halfWidth: 6, halfHeight: 3, cornerRadius: 1), .solid(palette.accent))
    }

    static func watch(_ canvas: inout Canvas, _ palette: Palette) {
        canvas.fill(RoundedBox(center: Point(50, 50), halfWidth: 9, halfHeight: 42, cornerRadius: 4), shaded(palette.detail, 41, 59))
        for y: Float in [18, 24, 76, 82] {
            canvas.fill(Stroke(start: Point(43, y), end: Point(57, y), width: 0.8), .solid(palette.detail.darker(0.3)))
        }
        canvas.fill(Circle(center: Point(50, 50), radius: 19), .linear(start: Point(32, 32), end: Point(68, 68), from: Color(hex: 0xE9ECEF), to: Color(hex: 0x8A9099)))
        canvas.fill(Circle(center: Point(50, 50), radius: 16), .radial(center: Point(46, 46), radius: 20, inner: palette.main.lighter(0.3), outer: palette.main))
        for hour in 0..<12 {
            let direction = Point(0, -1).rotated(by: Rotation(Float(hour) * .pi / 6))
            canvas.fill(Stroke(start: Point(50, 50) + direction * 12.5, end: Point(50, 50) + direction * 14.5, width: 1), .solid(.white))
        }
        canvas.fill(Stroke(start: Point(50, 50), end: Point(50, 39), width: 1.8), .solid(.white))
        canvas.fill(Stroke(start: Point(50, 50), end: Point(58, 55), width: 1.4), .solid(.white))
        canvas.fill(Circle(center: Point(50, 50), radius: 1.6), .solid(palette.accent))
        canvas.fill(RoundedBox(center: Point(70, 50), halfWidth: 2, halfHeight: 3, cornerRadius: 1), .solid(Color(hex: 0xB0B5BC)))
    }

    static func bottle(_ canvas: inout Canvas, _ palette: Palette) {
        canvas.fill(RoundedBox(center: Point(50, 28), halfWidth: 7, halfHeight: 8, cornerRadius: 2), shaded(palette.main, 43, 57))
        canvas.fill(RoundedBox(center: Point(50, 59), halfWidth: 15, halfHeight: 27, cornerRadius: 8), shaded(palette.main, 35, 65))
        canvas.fill(RoundedBox(center: Point(50, 18), halfWidth: 8, halfHeight: 4, cornerRadius: 1.5), shaded(palette.accent, 42, 58))
        canvas.fill(RoundedBox(center: Point(50, 60), halfWidth: 15, halfHeight: 10), .solid(palette.detail))
        canvas.fill(Circle(center: Point(50, 60), radius: 5), .solid(palette.accent))
        canvas.fill(Stroke(start: Point(41, 40), end: Point(41, 80), width: 2.5), .solid(.white), opacity: 0.35)
    }

    /// A framed landscape, the usual "image goes here" sign.
    static func placeholder(_ canvas: inout Canvas, _ palette: Palette) {
        canvas.fill(RoundedBox(center: Point(50, 50), halfWidth: 34, halfHeight: 28, cornerRadius: 4), .solid(Color(hex: 0xF8F9FA)))
        let frame = RoundedBox(center: Point(50, 50), halfWidth: 30, halfHeight: 24, cornerRadius: 2)
        canvas.fill(frame, .linear(start: Point(50, 26), end: Point(50, 74), from: palette.accent.lighter(0.5), to: palette.accent.lighter(0.2)))
        canvas.fill(Circle(center: Point(64, 38), radius: 5), .solid(Color(hex: 0xFFD166)))
        canvas.fill(Intersection(shape: Polygon(points: [Point(20, 74), Point(40, 44), Point(58, 74)]), region: frame), .solid(palette.main))
        canvas.fill(Intersection(shape: Polygon(points: [Point(42, 74), Point(60, 52), Point(80, 74)]), region: frame), .solid(palette.main.darker(0.25)))
    }
}
