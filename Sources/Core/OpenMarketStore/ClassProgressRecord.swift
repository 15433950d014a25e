/// One line of a class's progress as stored (`class_progress`): a step a team did, or its last mistake on one, with
/// the request that showed it.
package struct ClassProgressRecord: Sendable, Equatable {
    package enum Kind: String, Sendable {
        /// The step first shown done: kept as it is once written.
        case done
        /// The team's last mistake on the step: each new one takes its place.
        case mistake
    }

    /// The team's identifier (`class_teams.identifier`).
    package var team: String
    package var step: String
    package var kind: Kind
    /// Unix seconds the request arrived.
    package var time: Double
    /// The request journal (one server run) whose id `requestID` is.
    package var journalRun: Int64
    package var requestID: Int
    package var method: String
    package var target: String
    package var status: Int
    /// Whether the request was the team's by its client address rather than by its identifier header.
    package var byAddress: Bool
    /// A mistake's kind and message; nil for a step done.
    package var mistakeKind: String?
    package var message: String?

    package init(
        team: String, step: String, kind: Kind, time: Double, journalRun: Int64, requestID: Int, method: String,
        target: String, status: Int, byAddress: Bool, mistakeKind: String? = nil, message: String? = nil
    ) {
        self.team = team
        self.step = step
        self.kind = kind
        self.time = time
        self.journalRun = journalRun
        self.requestID = requestID
        self.method = method
        self.target = target
        self.status = status
        self.byAddress = byAddress
        self.mistakeKind = mistakeKind
        self.message = message
    }
}
