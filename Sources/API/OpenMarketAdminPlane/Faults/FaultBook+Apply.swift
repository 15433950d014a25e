import OpenMarketHTTPCore

extension FaultBook {
    /// The API's answer with this request's fault and latency applied. The API runs first unless the fault answers
    /// on its own, so a write under `drop`, `reset` or `truncate` is done, as when a network loses the answer.
    func apply(to request: Request, next: (Request) -> Response) -> Response {
        let (fault, latency) = take(for: request)
        guard let fault else {
            guard latency > .zero else { return next(request) }
            var response = next(request)
            response.delay = latency
            response.faultNote = "latency \(latency.milliseconds) ms"
            return response
        }
        var response = fault.cannedResponse ?? next(request)
        response.delivery = fault.action.delivery
        response.delay = latency + fault.delay
        response.faultNote = fault.journalNote + (latency > .zero ? ", latency \(latency.milliseconds) ms" : "")
        return response
    }
}
