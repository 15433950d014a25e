/// The boundary named by a `multipart/form-data` Content-Type header value, quoted or not,
/// wherever it stands among the other parameters.
func formDataBoundary(contentType: String) throws(MultipartError) -> String {
    let value = ParameterizedValue(contentType.utf8)
    guard asciiCaseInsensitiveEquals(value.type, "multipart/form-data") else {
        throw .notMultipartFormData(contentType: contentType)
    }
    guard let boundary = value.parameter("boundary") else {
        throw .missingBoundary(contentType: contentType)
    }
    // The delimiter search relies on the boundary holding no CR: see DelimiterScanner.
    guard !boundary.isEmpty, !boundary.utf8.contains(where: { $0 == ASCII.carriageReturn || $0 == ASCII.lineFeed })
    else {
        throw .invalidBoundary(contentType: contentType)
    }
    return boundary
}
