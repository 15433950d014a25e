import OpenMarketHTTPCore
import OpenMarketWireFormat

/// `GET /__admin/class`: the teacher's view of a class (`serve --class`), and `/__admin/class/progress`: where each
/// team is in the course, as JSON and CSV, and the teacher's reset of it; under the admin API's access rules.
extension AdminRoutes {
    func addClassRoutes(to router: inout Router) {
        router.on(.get, "/__admin/class") { request, _ in
            let parameters = request.queryParameters
            for (name, _) in parameters.all where name != "secrets" {
                throw AdminError.badRequest("unknown parameter \"\(name)\"; GET /__admin/class takes only secrets=true")
            }
            let secrets = parameters["secrets"]
            guard secrets == nil || secrets == "true" || secrets == "false" else {
                throw AdminError.badRequest("secrets is true or false; got \"\(secrets ?? "")\"")
            }
            return ClassJSON.classView(try servedClass(), secrets: secrets == "true")
        }
        router.on(.get, "/__admin/class/progress") { request, _ in
            try Self.refuseParameters(request)
            let version = journal.version()
            let book = try servedClass()
            return ProgressJSON.classView(book) { evidence in
                evidence.journalRun == book.progress.journalRun && evidence.requestID >= (version.oldestID ?? .max)
            }
        }
        router.on(.get, "/__admin/class/progress.csv") { request, _ in
            try Self.refuseParameters(request)
            return ProgressCSV.response(try servedClass())
        }
        router.on(.delete, "/__admin/class/progress") { request, _ in
            try Self.refuseParameters(request)
            let book = try servedClass()
            try book.progress.reset(team: nil)
            return resetAnswer(book.teams.map(\.name))
        }
        router.on(.delete, "/__admin/class/progress/{team}") { request, parameters in
            try Self.refuseParameters(request)
            let book = try servedClass()
            let asked = parameters["team"] ?? ""
            guard let team = book.teams.firstIndex(where: { $0.name == asked || $0.identifier == asked }) else {
                throw AdminError(
                    .notFound,
                    "no team \"\(asked)\" in this class; give a team's name or identifier as GET /__admin/class lists "
                        + "them (percent-encoded in the path), or DELETE /__admin/class/progress for every team")
            }
            try book.progress.reset(team: team)
            return resetAnswer([book.teams[team].name])
        }
    }

    private func servedClass() throws(AdminError) -> ClassBook {
        guard let classBook else {
            throw AdminError(
                .notFound,
                "this server serves no class; start it with --class ROSTER.csv (or OPENMARKET_CLASS) to have one")
        }
        return classBook
    }

    private func resetAnswer(_ names: [String]) -> Response {
        AdminJSON.response { json in
            json.object { json in
                json.key("reset")
                json.array { json in names.forEach { json.value($0) } }
            }
        }
    }
}
