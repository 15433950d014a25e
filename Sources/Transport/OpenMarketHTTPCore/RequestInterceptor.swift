/// Stands between the server and the router: it sees each request first and either answers it itself or passes
/// it on with `next`, seeing the answer on its way back (the admin plane records, gates and serves `/__admin` here).
/// A class: the server reaches it on every request, and a class existential copies as one reference.
package protocol RequestInterceptor: AnyObject, Sendable {
    /// Called on a server thread, possibly on several at once; `next` is the router (or the server's own 413).
    func respond(to request: Request, next: (Request) -> Response) -> Response
}
