/// What differs between the two Spring generations (v2a and v2b): request keys, JSON layout and delete flow.
struct SpringDialect: Sendable {
    /// How a vendor deletes a product.
    enum Deletion: Sendable {
        /// v2b: `POST /api/products/{id}/archived` answers a one-time URI to DELETE (see `V2bDeletion`).
        case archivedURI
        /// v2a: `POST /api/products/{id}/secret` answers the product's secret for `DELETE .../{id}/{secret}`
        /// (see `V2aDeletion`).
        case productSecret
    }

    /// Request keys holding the description, the generation's own first (v2b `description`, v2a `descriptions`).
    let descriptionKeys: [String]
    let json: SpringJSON
    let deletion: Deletion
}
