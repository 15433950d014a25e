@testable import OpenMarketAPI
import OpenMarketMultipart

/// One instance of every case of the error catalogue. The error examples of the OpenAPI documents use these values,
/// so each example is checked against the catalogue's own rendering.
enum APIErrorSamples {
    static let all: [APIError] = [
        .unreadableMultipart(.missingClosingDelimiter, explanation: "the body ends at byte 120 inside part 2 (\"images\"); end it with --BOUNDARY--"),
        .emptyJSON(source: "the request body", example: #"{"secret":"..."}"#),
        .malformedJSON(source: "the \"params\" part", explanation: "expected a value at byte 9, found the end"),
        .badJSONMember(explanation: "\"price\" must be a number; got \"abc\""),
        .textPartNotUTF8(part: "title"),
        .invalidProductID(got: "abc"),
        .invalidPageNumber(got: "0"),
        .pageNumberTooLarge(99_999_999_999_999_999),
        .invalidPageSize(got: "-1"),
        .pageSizeTooLarge(1001),
        .missingIdentifier,
        .unknownIdentifier("nobody"),
        .missingSecret,
        .wrongSecret(vendor: "demo"),
        .notOwner(productID: 7, vendor: "demo"),
        .missingPassword,
        .wrongPassword(productID: 49),
        .productNotFound(id: 99),
        .missingField("name", place: .productJSON(example: "\"name\":\"MacBook Pro\"")),
        .missingParamsPart(found: ["images"]),
        .notWholeNumber(field: "price", got: "9.99"),
        .amountOutOfRange(field: "price", got: 9_007_199_254_740_993, limit: 9_007_199_254_740_992),
        .bargainPriceOverflow(price: 1e308, discountedPrice: -1e308),
        .unacceptedCurrency(got: "EUR", accepted: ["KRW", "USD"]),
        .emptyCurrency,
        .thumbnailNotOwnImage(imageID: 999, productID: 7, own: [12, 13]),
        .deleteIDMismatch(bodyID: 2, pathID: 1),
        .noImage,
        .emptyImage(source: "part 2 (\"images\", filename \"a.png\")"),
        .notAnImage(source: "part 2 (\"images\", filename \"a.txt\")", fix: "send the image file's raw bytes"),
        .imagesNotArray(member: "\"images\"", found: "the number 3"),
        .imageNotString(source: "element 1 of \"images\"", found: "the number 3"),
        .imageNotBase64(source: "element 1 of \"images\"", explanation: "\"%\" at offset 0 is not a base64 character"),
        .noImageStored(key: "images/NOPE.png"),
        .strictTextLength(.name, allowed: 3...100, got: 1),
        .strictImageCount(allowed: 1...5, got: 6),
        .strictImageSize(position: 1, bytes: 310_000, maxBytes: 307_200),
        .strictDiscount(discountedPrice: 20, price: 10),
        .unknownDeleteToken("nosuchtoken"),
        .wrongProductSecret(given: "wrong", productID: 7),
        .productSecretMissing(productID: 7),
        .noOpenAPIDocument(generation: "v0"),
    ]

    /// A number of its own for each case. A new case stops this switch from compiling until it gets one, and the
    /// catalogue tests then ask for a sample of it in `all`.
    static func caseNumber(_ error: APIError) -> Int {
        switch error {
        case .unreadableMultipart: 0
        case .emptyJSON: 1
        case .malformedJSON: 2
        case .badJSONMember: 3
        case .textPartNotUTF8: 4
        case .invalidProductID: 5
        case .invalidPageNumber: 6
        case .pageNumberTooLarge: 7
        case .invalidPageSize: 8
        case .pageSizeTooLarge: 9
        case .missingIdentifier: 10
        case .unknownIdentifier: 11
        case .missingSecret: 12
        case .wrongSecret: 13
        case .notOwner: 14
        case .missingPassword: 15
        case .wrongPassword: 16
        case .productNotFound: 17
        case .missingField: 18
        case .missingParamsPart: 19
        case .notWholeNumber: 20
        case .amountOutOfRange: 21
        case .bargainPriceOverflow: 22
        case .unacceptedCurrency: 23
        case .emptyCurrency: 24
        case .thumbnailNotOwnImage: 25
        case .deleteIDMismatch: 26
        case .noImage: 27
        case .emptyImage: 28
        case .notAnImage: 29
        case .imagesNotArray: 30
        case .imageNotString: 31
        case .imageNotBase64: 32
        case .noImageStored: 33
        case .strictTextLength: 34
        case .strictImageCount: 35
        case .strictImageSize: 36
        case .strictDiscount: 37
        case .unknownDeleteToken: 38
        case .wrongProductSecret: 39
        case .productSecretMissing: 40
        case .noOpenAPIDocument: 41
        }
    }

    static let caseCount = 42
}
