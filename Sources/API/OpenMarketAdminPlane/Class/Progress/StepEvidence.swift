/// The request that showed something of a team's progress: enough to name it and to find it in the journal while
/// the same run of the server still holds it.
struct StepEvidence: Sendable, Equatable {
    /// Unix seconds the request arrived.
    let time: Double
    /// The journal (one run of the server) and the request's id in it.
    let journalRun: Int64
    let requestID: Int
    let method: String
    let target: String
    let status: Int
    /// The request was the team's by the client address it came from (a GET carries no identifier), not by its
    /// `identifier` header.
    let byAddress: Bool

    func with(target: String) -> StepEvidence {
        StepEvidence(
            time: time, journalRun: journalRun, requestID: requestID, method: method, target: target, status: status,
            byAddress: byAddress)
    }
}

/// A team's mistake on a step: its kind and what the app was told.
struct StepMistake: Sendable, Equatable {
    let kind: String
    let message: String
    let evidence: StepEvidence
}
