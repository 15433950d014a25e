import OpenMarketAPI

/// What the step rules read of one of a team's requests and its answer.
struct CourseExchange: Sendable {
    let endpoint: CourseEndpoint
    /// The path as sent (an image's, a v2b delete URI's).
    let path: String
    let status: Int
    let isMultipart: Bool
    /// The answer's body, where a rule reads it (a list page, a create's new id, a v2a secret, a v2b URI).
    let responseBody: [UInt8]
    /// The answer's error kind and message, for a refusal.
    let errorKind: String?
    let errorMessage: String?
    let evidence: StepEvidence

    var succeeded: Bool { (200..<300).contains(status) }
    var byIdentifier: Bool { !evidence.byAddress }
}
