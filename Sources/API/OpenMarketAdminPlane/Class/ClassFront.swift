import OpenMarketHTTPCore

/// Class mode's part of an API request's way: the team it belongs to, the team's fair share, and its exchange kept
/// for the team's own view.
struct ClassFront: Sendable {
    let book: ClassBook
    /// The generation's error renderer, so a spent budget reads like the API's other refusals.
    let errors: Router

    func respond(to request: Request, journal: RequestJournal, answer: (Request) -> Response) -> Response {
        guard let team = book.team(of: request) else {
            return journal.record(request) { request in
                if let wait = book.spend(address: request.clientAddress) {
                    return fairShareRefusal(who: "this machine (\(request.clientAddress), no team's yet)", wait: wait)
                }
                return answer(request)
            }
        }
        return journal.record(
            request,
            answer: { request in
                if let wait = book.spend(team) { return fairShareRefusal(who: "team \(book.teams[team].name)", wait: wait) }
                return answer(request)
            },
            kept: { book.note($0, team: team) })
    }

    private func fairShareRefusal(who: String, wait: Duration) -> Response {
        let seconds = max(1, Int((Double(wait.components.seconds) + Double(wait.components.attoseconds) / 1e18).rounded(.up)))
        let message = "\(who) sent more than its fair share of this class server "
            + "(\(Int(TeamBudget.burst)) requests at once, \(Int(TeamBudget.perSecond)) a second); wait \(seconds) s "
            + "(Retry-After) and look for a loop that sends requests without waiting for answers"
        return errors.render(HTTPError(
            status: HTTPStatus(code: 429, reasonPhrase: "Too Many Requests"), message: message,
            headers: HTTPHeaders([("Retry-After", String(seconds))])))
    }
}
