/// Why a snapshot could not be taken or restored. The store is unchanged in every case.
package enum StoreSnapshotError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The store takes more memory than the snapshot may.
    case tooLarge(byteCount: Int, limit: Int)
    /// The snapshot was taken of a store of another API generation, whose ids, keys and formats differ.
    case otherGeneration(snapshot: String?, store: String?)
    /// The temporary folder, where a snapshot is kept, is full, missing or not writable.
    case cannotKeep(folder: String, reason: String)

    package var description: String {
        switch self {
        case .tooLarge(let byteCount, let limit):
            "the store takes \(byteCount) bytes, more than the \(limit) bytes a snapshot may take now"
        case .otherGeneration(let snapshot, let store):
            "the snapshot is of a \(snapshot ?? "new") store and this store serves \(store ?? "no generation yet"); "
                + "restore it into a store of the same generation"
        case .cannotKeep(let folder, let reason):
            "a snapshot is kept in the temporary folder, and \(folder) cannot take it (\(reason)); free space there, "
                + "or start the server with TMPDIR set to a folder with room, and try again"
        }
    }
}
