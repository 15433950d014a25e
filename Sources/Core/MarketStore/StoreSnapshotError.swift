/// Why a snapshot could not be taken or restored. The store is unchanged in every case.
package enum StoreSnapshotError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The store takes more memory than the snapshot may.
    case tooLarge(byteCount: Int, limit: Int)
    /// The snapshot was taken of a store of another API generation, whose ids, keys and formats differ.
    case otherGeneration(snapshot: String?, store: String?)

    package var description: String {
        switch self {
        case .tooLarge(let byteCount, let limit):
            "the store takes \(byteCount) bytes, more than the \(limit) bytes a snapshot may take now"
        case .otherGeneration(let snapshot, let store):
            "the snapshot is of a \(snapshot ?? "new") store and this store serves \(store ?? "no generation yet"); "
                + "restore it into a store of the same generation"
        }
    }
}
