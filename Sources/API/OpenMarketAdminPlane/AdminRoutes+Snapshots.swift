import OpenMarketHTTPCore

/// `/__admin/snapshots`: save the whole store under a name and put it back later.
extension AdminRoutes {
    func addSnapshotRoutes(to router: inout Router) {
        router.on(.post, "/__admin/snapshots") { request, _ in
            try Self.refuseParameters(request)
            return SnapshotJSON.one(try snapshots.take(try SnapshotRequest.name(from: request.body)), status: .created)
        }
        router.on(.get, "/__admin/snapshots") { request, _ in
            try Self.refuseParameters(request)
            return SnapshotJSON.list(snapshots)
        }
        router.on(.post, "/__admin/snapshots/{name}/restore") { request, parameters in
            try Self.refuseParameters(request)
            try Self.refuseBody(request)
            try snapshots.restore(try SnapshotName(parameters["name"] ?? ""))
            // The snapshot holds the class's progress as it was then, like every other table.
            classBook?.progress.reload()
            return health().response
        }
        router.on(.delete, "/__admin/snapshots/{name}") { request, parameters in
            try Self.refuseParameters(request)
            try snapshots.delete(try SnapshotName(parameters["name"] ?? ""))
            return Response(status: .noContent)
        }
    }
}
