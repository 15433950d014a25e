package import OpenMarketHTTPCore
package import OpenMarketMultipart

/// Every error the market API answers, one case per condition, with its status. A case carries the facts of one
/// occurrence; `message(in:)` words it for an error family (v2 says "product", v1 says "item", v1b has its own
/// text for a wrong password), and the family's body carries it. Throw sites name a case; the generation's routes
/// (`APIRoutes`) turn it into the answer. The texts are part of the wire contract: apps show them and tests compare
/// them, so one condition reads the same wherever it is met.
package enum APIError: Error, Sendable, Equatable {
    // MARK: The request's body

    /// A multipart body the parser refused; its explanation names the part, the offset, what was expected and found.
    case unreadableMultipart(MultipartError.Kind, explanation: String)
    /// A JSON body or part with nothing but whitespace; `source` names it (`the "params" part`).
    case emptyJSON(source: String, example: String)
    /// A JSON body or part that is not a JSON object; `explanation` is the parser's.
    case malformedJSON(source: String, explanation: String)
    /// A member of a JSON object with a value of the wrong kind; `explanation` is the reader's and names the member.
    case badJSONMember(explanation: String)
    /// A multipart text field whose bytes are not UTF-8.
    case textPartNotUTF8(part: String)

    // MARK: Paths and queries

    /// The product id in a path is not a whole number from 1 up.
    case invalidProductID(got: String)
    /// The page number (v2 `page_no`, v1 the page in `/items/{page}`) is not a whole number from 1 up.
    case invalidPageNumber(got: String)
    /// A v2 `page_no` so large that the page's offset would not fit in a number.
    case pageNumberTooLarge(Int)
    /// `items_per_page` is not a whole number from 1 up.
    case invalidPageSize(got: String)
    /// `items_per_page` above the largest page the server serves.
    case pageSizeTooLarge(Int)

    // MARK: Credentials

    /// A v2 write without the `identifier` header.
    case missingIdentifier
    /// A v2 `identifier` no configured vendor has.
    case unknownIdentifier(String)
    /// A v2 write whose JSON has no `secret`.
    case missingSecret
    /// A v2 `secret` that is not the vendor's.
    case wrongSecret(vendor: String)
    /// A v2 write to a product of another vendor.
    case notOwner(productID: Int64, vendor: String)
    /// A v1 PATCH or DELETE without the item's password.
    case missingPassword
    /// A v1 PATCH or DELETE with a password the item was not registered with (404, as the real server answered).
    case wrongPassword(productID: Int64)

    // MARK: Products

    /// No product has this id: never created, deleted, or deleted while this request was being answered.
    case productNotFound(id: Int64)
    /// A field the create needs is absent; `place` says where the client puts it.
    case missingField(String, place: FieldPlace)
    /// A v2 create whose multipart body has no `params` part; `found` lists the part names it has.
    case missingParamsPart(found: [String])
    /// A v1 number field that is not a whole number.
    case notWholeNumber(field: String, got: String)
    /// A v1 amount beyond what the store keeps exactly.
    case amountOutOfRange(field: String, got: Int64, limit: Int64)
    /// A price and discount whose difference is not a finite number.
    case bargainPriceOverflow(price: Double, discountedPrice: Double)
    /// A v2 currency other than the accepted ones.
    case unacceptedCurrency(got: String, accepted: [String])
    /// A v1 currency that is empty.
    case emptyCurrency
    /// A v2 PATCH `thumbnail_id` that names no image of the product; `own` lists the product's image ids.
    case thumbnailNotOwnImage(imageID: Int64, productID: Int64, own: [Int64])
    /// A v1 DELETE whose body names another item than its path.
    case deleteIDMismatch(bodyID: Int64, pathID: Int64)

    // MARK: Images

    /// A create without any image.
    case noImage
    /// An image part or element without bytes; `source` names it.
    case emptyImage(source: String)
    /// Bytes that are no JPEG, PNG, GIF or WebP; `fix` says what to send instead.
    case notAnImage(source: String, fix: String)
    /// A v1 JSON `images` member that is not an array.
    case imagesNotArray(member: String, found: String)
    /// A v1 JSON image element that is not a string.
    case imageNotString(source: String, found: String)
    /// A v1 JSON image element that is not standard base64; `explanation` is the decoder's.
    case imageNotBase64(source: String, explanation: String)
    /// An image path under the generation's image prefixes that names no stored image.
    case noImageStored(key: String)

    // MARK: --strict

    /// A name or description whose length is outside the course's range.
    case strictTextLength(ProductText, allowed: ClosedRange<Int>, got: Int)
    /// A create or v1 image replacement with too few or too many images.
    case strictImageCount(allowed: ClosedRange<Int>, got: Int)
    /// An image larger than the course allows; `position` counts from 1.
    case strictImageSize(position: Int, bytes: Int, maxBytes: Int)
    /// A discount above the price.
    case strictDiscount(discountedPrice: Double, price: Double)

    // MARK: Delete flows (v2)

    /// A v2b DELETE of a URI no archive call issued, or one already used.
    case unknownDeleteToken(String)
    /// A v2a DELETE with something other than the product secret in its path.
    case wrongProductSecret(given: String, productID: Int64)
    /// A v2a product stored without a product secret: the server's fault.
    case productSecretMissing(productID: Int64)

    // MARK: Documents

    /// A generation without an OpenAPI document.
    case noOpenAPIDocument(generation: String)

    /// Where a missing field belongs, so the fix names the client's own kind of body.
    package enum FieldPlace: Sendable, Equatable {
        /// A member of the v2 product JSON; `example` shows one.
        case productJSON(example: String)
        /// A text part of a v1 multipart body.
        case multipartPart
        /// A member of a v1 JSON body.
        case jsonMember
    }

    /// The product texts the course rules limit; each generation family has its own key for them.
    package enum ProductText: Sendable, Equatable {
        case name, description
    }

    package var status: HTTPStatus {
        switch self {
        case .productNotFound, .wrongPassword, .unknownDeleteToken, .noImageStored, .noOpenAPIDocument: .notFound
        case .unknownIdentifier, .wrongSecret: .unauthorized
        case .notOwner: .forbidden
        case .productSecretMissing: .internalServerError
        case .unreadableMultipart, .emptyJSON, .malformedJSON, .badJSONMember, .textPartNotUTF8, .invalidProductID,
             .invalidPageNumber, .pageNumberTooLarge, .invalidPageSize, .pageSizeTooLarge, .missingIdentifier,
             .missingSecret, .missingPassword, .missingField, .missingParamsPart, .notWholeNumber, .amountOutOfRange,
             .bargainPriceOverflow, .unacceptedCurrency, .emptyCurrency, .thumbnailNotOwnImage, .deleteIDMismatch,
             .noImage, .emptyImage, .notAnImage, .imagesNotArray, .imageNotString, .imageNotBase64,
             .strictTextLength, .strictImageCount, .strictImageSize, .strictDiscount, .wrongProductSecret:
            .badRequest
        }
    }

    /// The answer in one family's words, for the router to render in the family's body.
    package func httpError(in family: ErrorFamily) -> HTTPError {
        HTTPError(status: status, message: message(in: family), kind: kindName)
    }
}

/// A generation's routes (`APIRoutes`) word every catalogue error for the generation before the router sees it; one
/// thrown anywhere else still answers its status and a message, in v2's words, rather than a 500.
extension APIError: HTTPResponseError {
    package var message: String { message(in: .spring) }
    package var kind: String? { kindName }
}
