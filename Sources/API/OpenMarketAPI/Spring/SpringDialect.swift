/// What differs between the two Spring generations (v2a and v2b): request keys, JSON layout and endpoints.
struct SpringDialect: Sendable {
    /// Request keys holding the description, the generation's own first (v2b `description`, v2a `descriptions`).
    let descriptionKeys: [String]
    let json: SpringJSON
    /// Every endpoint: `SpringAPI.productRoutes`, which both have, and the generation's own delete flow.
    let routes: [SpringRoute]
    /// Which delete flow `routes` end with.
    let deleteFlow: DeleteFlow
}
