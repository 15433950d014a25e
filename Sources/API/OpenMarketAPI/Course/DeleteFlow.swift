/// How a generation's apps delete a product: the course's last step, which class mode follows request by request.
package enum DeleteFlow: Sendable {
    /// v2a: `POST /api/products/{id}/secret` answers the product's secret, `DELETE /api/products/{id}/{secret}`.
    case productSecret
    /// v2b: `POST /api/products/{id}/archived` answers a URI, `DELETE` of that URI.
    case archivedURI
    /// v1: `DELETE /item/{id}` with the item's password in the body.
    case itemPassword
}
