/// A value built around a ``Product`` that exposes the product's fields as its own,
/// so `item.name` reads `item.product.name`.
@dynamicMemberLookup
public protocol ProductRepresenting: Sendable {
    /// The product's own fields.
    var product: Product { get }
}

extension ProductRepresenting {
    /// Reads a field of ``product``.
    public subscript<Value>(dynamicMember keyPath: KeyPath<Product, Value>) -> Value {
        product[keyPath: keyPath]
    }
}
