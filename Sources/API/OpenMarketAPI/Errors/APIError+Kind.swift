import OpenMarketMultipart

extension APIError {
    /// The case's name (`missingIdentifier`), or for a refused multipart body the parser's kind
    /// (`missingBlankLineAfterHeaders`): the answer's `errorKind`, so class mode tells refusals apart by what they
    /// are rather than by their words. No case is named like a multipart kind (APIErrorKindTests).
    package var kindName: String {
        switch self {
        case .unreadableMultipart(let multipart, _): multipart.rawValue
        case .emptyJSON: "emptyJSON"
        case .malformedJSON: "malformedJSON"
        case .badJSONMember: "badJSONMember"
        case .textPartNotUTF8: "textPartNotUTF8"
        case .invalidProductID: "invalidProductID"
        case .invalidPageNumber: "invalidPageNumber"
        case .pageNumberTooLarge: "pageNumberTooLarge"
        case .invalidPageSize: "invalidPageSize"
        case .pageSizeTooLarge: "pageSizeTooLarge"
        case .missingIdentifier: "missingIdentifier"
        case .unknownIdentifier: "unknownIdentifier"
        case .missingSecret: "missingSecret"
        case .wrongSecret: "wrongSecret"
        case .notOwner: "notOwner"
        case .missingPassword: "missingPassword"
        case .wrongPassword: "wrongPassword"
        case .productNotFound: "productNotFound"
        case .missingField: "missingField"
        case .missingParamsPart: "missingParamsPart"
        case .notWholeNumber: "notWholeNumber"
        case .amountOutOfRange: "amountOutOfRange"
        case .bargainPriceOverflow: "bargainPriceOverflow"
        case .unacceptedCurrency: "unacceptedCurrency"
        case .emptyCurrency: "emptyCurrency"
        case .thumbnailNotOwnImage: "thumbnailNotOwnImage"
        case .deleteIDMismatch: "deleteIDMismatch"
        case .noImage: "noImage"
        case .emptyImage: "emptyImage"
        case .notAnImage: "notAnImage"
        case .imagesNotArray: "imagesNotArray"
        case .imageNotString: "imageNotString"
        case .imageNotBase64: "imageNotBase64"
        case .noImageStored: "noImageStored"
        case .strictTextLength: "strictTextLength"
        case .strictImageCount: "strictImageCount"
        case .strictImageSize: "strictImageSize"
        case .strictDiscount: "strictDiscount"
        case .unknownDeleteToken: "unknownDeleteToken"
        case .wrongProductSecret: "wrongProductSecret"
        case .productSecretMissing: "productSecretMissing"
        case .noOpenAPIDocument: "noOpenAPIDocument"
        }
    }
}
