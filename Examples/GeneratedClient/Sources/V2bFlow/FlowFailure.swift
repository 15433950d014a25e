/// A step that did not answer as the document says, with what came instead.
struct FlowFailure: Error, CustomStringConvertible {
    let description: String

    init(_ step: String, _ got: Any) {
        description = "\(step): got \(got)"
    }
}

/// Fails the step unless `condition` holds.
func expect(_ condition: Bool, _ step: String, _ got: @autoclosure () -> Any) throws {
    guard condition else { throw FlowFailure(step, got()) }
}
