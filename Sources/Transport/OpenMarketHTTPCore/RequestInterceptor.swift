/// Stands between the server and the router: it sees each request first and either answers it itself or passes
/// it on with `next`, seeing the answer on its way back (the admin plane records, gates and serves `/__admin` here).
package protocol RequestInterceptor: Sendable {
    /// Called on a server thread, possibly on several at once; `next` is the router (or the server's own 413).
    func respond(to request: Request, next: (Request) -> Response) -> Response
}
