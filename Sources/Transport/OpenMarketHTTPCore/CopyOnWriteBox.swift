/// The one heap box behind a value type's fields (`Request`, `Response`): copying the value copies one reference, and
/// the value copies the box before a change when another value shares it (`isKnownUniquelyReferenced`).
///
/// Unchecked Sendable: `value` changes only through a value that holds the sole reference to its box, and a value is
/// not seen by another thread while it changes. For the same reason no two accesses to `value` can overlap, so it
/// skips the runtime's exclusivity check: a thread-local lookup and a table insert on every access, which cost more
/// than the box saves.
final class CopyOnWriteBox<Value: Sendable>: @unchecked Sendable {
    @exclusivity(unchecked) var value: Value

    init(_ value: Value) {
        self.value = value
    }
}
