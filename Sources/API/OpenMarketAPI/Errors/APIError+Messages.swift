import OpenMarketWireFormat

extension APIError {
    /// What went wrong and how to fix it, in the family's words.
    package func message(in family: ErrorFamily) -> String {
        let noun = family.productNoun
        switch self {
        case .unreadableMultipart(_, let explanation):
            return explanation
        case let .emptyJSON(source, example):
            return "\(source) is empty; send a JSON object such as \(example)"
        case let .malformedJSON(source, explanation):
            return "\(source): \(explanation)"
        case .badJSONMember(let explanation):
            return explanation
        case .textPartNotUTF8(let part):
            return "the \"\(part)\" part is not valid UTF-8; send text fields as UTF-8"
        case .invalidProductID(let got):
            return "\(family.productArticle) \(noun) id must be a whole number from 1 to \(Int64.max); "
                + "got \(MessageQuoting.quoted(got))"
        case .invalidPageNumber(let got):
            switch family {
            case .spring: return "page_no must be a positive whole number; got \(MessageQuoting.quoted(got))"
            case .vapor, .v1b:
                return "the page in /items/{page} must be a whole number from 1 to \(VaporAPI.lastPageNumber); "
                    + "got \(MessageQuoting.quoted(got))"
            }
        case .pageNumberTooLarge(let page):
            return "page_no is too large; got \(page)"
        case .invalidPageSize(let got):
            return "items_per_page must be a positive whole number; got \(MessageQuoting.quoted(got))"
        case .pageSizeTooLarge(let size):
            return "items_per_page must be at most \(PageWindow.maxItemsPerPage); got \(size)"
        case .missingIdentifier:
            return "the \"identifier\" header is missing; send your vendor identifier in a header named identifier"
        case .unknownIdentifier(let identifier):
            return "no vendor has the identifier \(MessageQuoting.quoted(identifier)); use one printed at startup or "
                + "given with --vendor"
        case .missingSecret:
            return "\"secret\" is missing; send your vendor secret in the JSON as \"secret\""
        case .wrongSecret(let vendor):
            return "the secret is not the one of vendor \"\(vendor)\""
        case let .notOwner(productID, vendor):
            return "\(noun) \(productID) belongs to another vendor; vendor \"\(vendor)\" can only change its own \(noun)s"
        case .missingPassword:
            return "\"password\" is missing; send the password the \(noun) was registered with"
        case .wrongPassword(let productID):
            switch family {
            // The text the v1b server sent: an app compared it (docs/wire-format.md §6.9).
            case .v1b: return "Cannot find data for ID and password"
            case .vapor, .spring:
                return "the password is not the one \(noun) \(productID) was registered with (v1 answers 404 for that)"
            }
        case .productNotFound(let id):
            return "no \(noun) has the id \(id)"
        case let .missingField(name, place):
            switch place {
            case .productJSON(let example): return "\"\(name)\" is missing from the product JSON; add it, e.g. \(example)"
            case .multipartPart: return "\"\(name)\" is missing; add a text part named \"\(name)\" to the multipart body"
            case .jsonMember: return "\"\(name)\" is missing; add a \"\(name)\" member to the JSON object"
            }
        case .missingParamsPart(let found):
            let names = found.isEmpty ? "no parts" : found.map { "\"\($0)\"" }.joined(separator: ", ")
            return "the multipart body has no part named \"params\" (found \(names)); add a part with "
                + "Content-Disposition: form-data; name=\"params\" holding the product as JSON"
        case let .notWholeNumber(field, got):
            return "\"\(field)\" must be a whole number such as 1500 (v1 keeps no fractions); got \(MessageQuoting.quoted(got))"
        case let .amountOutOfRange(field, got, limit):
            return "\"\(field)\" must be between \(-limit) and \(limit); got \(got)"
        case let .bargainPriceOverflow(price, discountedPrice):
            return "\"price\" (\(price)) minus \"discounted_price\" (\(discountedPrice)) is too large to store; send "
                + "amounts below 1e300"
        case let .unacceptedCurrency(got, accepted):
            let choices = accepted.map { "\"\($0)\"" }.joined(separator: " or ")
            return "\"currency\" must be \(choices); got \(MessageQuoting.quoted(got))"
        case .emptyCurrency:
            return "\"currency\" must not be empty; send a code such as KRW or USD"
        case let .thumbnailNotOwnImage(imageID, productID, own):
            let ids = own.map(String.init).joined(separator: ", ")
            return "\"thumbnail_id\" \(imageID) is not an image of \(noun) \(productID); use one of its image ids: \(ids)"
        case let .deleteIDMismatch(bodyID, pathID):
            return "the body's \"id\" (\(bodyID)) is not the id in the path (\(pathID)); send the same \(noun) id in both"
        case .noImage:
            return "at least one image is required: add a file part named \"images\" with a JPEG, PNG, GIF or WebP"
        case .emptyImage(let source):
            return "\(source) is empty; send the image's bytes in it"
        case let .notAnImage(source, fix):
            return "\(source) is not a JPEG, PNG, GIF or WebP image by its bytes; \(fix)"
        case let .imagesNotArray(member, found):
            return "\(member) must be an array of base64 strings, one per image; found \(found)"
        case let .imageNotString(source, found):
            return "\(source) must be a string of the image's bytes in base64; found \(found)"
        case let .imageNotBase64(source, explanation):
            return "\(source) is not standard base64: \(explanation)"
        case .noImageStored(let key):
            return "no image is stored at /\(key)"
        case let .strictTextLength(text, allowed, got):
            return "--strict: \"\(family.key(of: text))\" must have \(allowed.lowerBound) to \(allowed.upperBound) "
                + "characters; got \(got)"
        case let .strictImageCount(allowed, got):
            return "--strict: \(family.productArticle) \(noun) takes \(allowed.lowerBound) to \(allowed.upperBound) images; "
                + "got \(got)"
        case let .strictImageSize(position, bytes, maxBytes):
            return "--strict: image \(position) has \(bytes) bytes; each image may have at most \(maxBytes) bytes "
                + "(\(maxBytes / 1024) KB), so compress it before uploading"
        case let .strictDiscount(discountedPrice, price):
            return "--strict: \"discounted_price\" (\(discountedPrice)) must not be more than \"price\" (\(price))"
        case .unknownDeleteToken(let token):
            return "no \(noun) is waiting for deletion under \"\(token)\"; DELETE the exact URI that "
                + "POST /api/products/{id}/archived answered (each URI deletes once)"
        case let .wrongProductSecret(given, productID):
            return "\(MessageQuoting.quoted(given)) is not the secret of \(noun) \(productID); "
                + "DELETE /api/products/\(productID)/<secret> with the text POST /api/products/\(productID)/secret "
                + "answers, not the vendor secret"
        case .productSecretMissing(let productID):
            return "\(noun) \(productID) was stored without a product secret"
        case .noOpenAPIDocument(let generation):
            return "generation \(generation) has no OpenAPI document"
        }
    }
}
