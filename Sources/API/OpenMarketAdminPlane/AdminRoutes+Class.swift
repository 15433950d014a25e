import OpenMarketHTTPCore

/// `GET /__admin/class`: the teacher's view of a class (`serve --class`), under the admin API's access rules.
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
            guard let classBook else {
                throw AdminError(
                    .notFound,
                    "this server serves no class; start it with --class ROSTER.csv (or OPENMARKET_CLASS) to have one")
            }
            return ClassJSON.classView(classBook, secrets: secrets == "true")
        }
    }
}
