/// The things the demo shop sells, each drawn from a few shapes in the 100-unit drawing space.
enum ProductKind: CaseIterable, Sendable {
    case mug, tShirt, phone, plant, books, sneaker, lamp, headphones, backpack, watch, bottle
    /// The stand-in for an image URL of an API page, which cannot be fetched offline.
    case placeholder

    /// The colours of one product: its body, a contrasting accent, and a detail colour (soles, straps, soil).
    struct Palette: Sendable {
        var main: Color
        var accent: Color
        var detail: Color
    }

    func draw(on canvas: inout Canvas, _ palette: Palette) {
        canvas.fill(Ellipse(center: Point(50, 86), radiusX: 32, radiusY: 4), .solid(.black), opacity: 0.12)
        switch self {
        case .mug: Illustrations.mug(&canvas, palette)
        case .tShirt: Illustrations.tShirt(&canvas, palette)
        case .phone: Illustrations.phone(&canvas, palette)
        case .plant: Illustrations.plant(&canvas, palette)
        case .books: Illustrations.books(&canvas, palette)
        case .sneaker: Illustrations.sneaker(&canvas, palette)
        case .lamp: Illustrations.lamp(&canvas, palette)
        case .headphones: Illustrations.headphones(&canvas, palette)
        case .backpack: Illustrations.backpack(&canvas, palette)
        case .watch: Illustrations.watch(&canvas, palette)
        case .bottle: Illustrations.bottle(&canvas, palette)
        case .placeholder: Illustrations.placeholder(&canvas, palette)
        }
    }
}
