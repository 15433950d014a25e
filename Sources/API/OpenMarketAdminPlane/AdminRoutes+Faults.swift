import OpenMarketHTTPCore

/// `/__admin/faults` and `/__admin/latency` (C.5).
extension AdminRoutes {
    func addFaultRoutes(to router: inout Router) {
        router.on(.post, "/__admin/faults") { request, _ in
            try Self.refuseParameters(request)
            return FaultJSON.one(faults.add(try FaultRequest.fault(from: request.body)), status: .created)
        }
        router.on(.get, "/__admin/faults") { request, _ in
            try Self.refuseParameters(request)
            return FaultJSON.list(faults.faults)
        }
        router.on(.delete, "/__admin/faults") { request, _ in
            try Self.refuseParameters(request)
            faults.removeAll()
            return Response(status: .noContent)
        }
        router.on(.delete, "/__admin/faults/{id}") { request, parameters in
            try Self.refuseParameters(request)
            let text = parameters["id"] ?? ""
            guard let id = Int(text), id >= 1 else {
                throw AdminError.badRequest("a fault id is a whole number from 1, as listed by GET /__admin/faults; got \"\(text)\"")
            }
            guard faults.remove(id: id) else {
                throw AdminError(.notFound, "no fault \(id): it was deleted, spent its times, or never set; GET /__admin/faults lists those set")
            }
            return Response(status: .noContent)
        }
        router.on(.get, "/__admin/latency") { request, _ in
            try Self.refuseParameters(request)
            return faults.latency.response
        }
        router.on(.put, "/__admin/latency") { request, _ in
            try Self.refuseParameters(request)
            let latency = try LatencyRange.parse(request.body)
            faults.latency = latency
            return latency.response
        }
    }
}
