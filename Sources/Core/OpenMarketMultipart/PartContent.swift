/// A part's content as it arrives, kept as pieces and joined once when the part ends.
///
/// Growing one array as chunks arrive copies a large part about twice more on its way (each doubling
/// copies all that came before); pieces cost one copy in and one join. Content that arrives in one
/// chunk stays one piece and is not copied again. Small appends go into the last piece, so a body fed
/// byte by byte does not become an array per byte, and pieces grow geometrically, so there are few.
struct PartContent {
    private static let smallPiece = 4096
    private var pieces: [[UInt8]] = []
    private var count = 0

    mutating func append(_ bytes: some Collection<UInt8>) {
        guard !bytes.isEmpty else { return }
        if let last = pieces.indices.last,
            bytes.count < Self.smallPiece || pieces[last].capacity - pieces[last].count >= bytes.count
        {
            pieces[last].append(contentsOf: bytes)
        } else {
            // Each new piece has room for as much as came before, so a part needs few of them.
            var piece: [UInt8] = []
            piece.reserveCapacity(max(bytes.count, count))
            piece.append(contentsOf: bytes)
            pieces.append(piece)
        }
        count += bytes.count
    }

    /// The whole content; the accumulator is left empty.
    mutating func take() -> [UInt8] {
        defer {
            pieces = []
            count = 0
        }
        guard pieces.count > 1 else { return pieces.first ?? [] }
        var joined: [UInt8] = []
        joined.reserveCapacity(count)
        for piece in pieces {
            joined += piece
        }
        return joined
    }
}
