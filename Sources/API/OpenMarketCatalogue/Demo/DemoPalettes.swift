/// Product colours that read well on the pastel backdrops: body, accent, detail.
enum DemoPalettes {
    static let all: [ProductKind.Palette] = [
        .init(main: Color(hex: 0x2F6DB5), accent: Color(hex: 0xF2C14E), detail: Color(hex: 0x2B2D42)),
        .init(main: Color(hex: 0xE76F51), accent: Color(hex: 0x264653), detail: Color(hex: 0x3D3D3D)),
        .init(main: Color(hex: 0x2A9D8F), accent: Color(hex: 0xE9C46A), detail: Color(hex: 0x1D3557)),
        .init(main: Color(hex: 0xF4F1EA), accent: Color(hex: 0xD62828), detail: Color(hex: 0x6C757D)),
        .init(main: Color(hex: 0x6D597A), accent: Color(hex: 0xFFB4A2), detail: Color(hex: 0x355070)),
        .init(main: Color(hex: 0x343A40), accent: Color(hex: 0x4CC9F0), detail: Color(hex: 0x212529)),
        .init(main: Color(hex: 0xF28482), accent: Color(hex: 0x84A59D), detail: Color(hex: 0x5E503F)),
        .init(main: Color(hex: 0x90BE6D), accent: Color(hex: 0xF94144), detail: Color(hex: 0x577590)),
        .init(main: Color(hex: 0xFFB703), accent: Color(hex: 0x023047), detail: Color(hex: 0x8D6E63)),
        .init(main: Color(hex: 0xA8DADC), accent: Color(hex: 0xE63946), detail: Color(hex: 0x457B9D)),
    ]
}
