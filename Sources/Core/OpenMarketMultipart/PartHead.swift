/// What a part's headers say about it, checked against RFC 7578.
struct PartHead {
    var index: Int
    var name: String
    var filename: String?
    var contentType: String?
    var headers: [MultipartHeader]
    var bodyOffset: Int

    init(index: Int, section: PartHeaderSection, bodyOffset: Int) throws(MultipartError) {
        let headers = section.headers.map { MultipartHeader(name: headerText($0.name), value: headerText($0.value)) }
        let context = Self.context(index: index, headers: section.headers)
        guard let disposition = Self.contentDisposition(in: section.headers) else {
            throw .missingContentDisposition(in: context, headersAt: section.offset, headers: headers)
        }
        let text = headerText(disposition.raw.value)
        guard asciiCaseInsensitiveEquals(disposition.value.type, "form-data") else {
            throw .notFormData(in: context, at: disposition.raw.offset, disposition: text)
        }
        guard let name = disposition.value.parameter("name") else {
            throw .missingName(in: context, at: disposition.raw.offset, disposition: text)
        }
        var filename = disposition.value.parameter("filename")
        if let extended = disposition.value.parameter("filename*") {
            guard let decoded = decodeExtendedParameter(extended) else {
                throw .undecodableFilename(in: context, at: disposition.raw.offset, value: extended)
            }
            filename = decoded
        }
        self.index = index
        self.name = name
        self.filename = filename
        self.contentType = headers.first { asciiCaseInsensitiveEquals($0.name, "Content-Type") }?.value
        self.headers = headers
        self.bodyOffset = bodyOffset
    }

    /// What can be told about a part from the headers read so far, for error messages.
    static func context(index: Int, headers: [PartHeaderSection.RawHeader]) -> PartContext {
        let value = contentDisposition(in: headers)?.value
        let filename = value?.parameter("filename*").flatMap(decodeExtendedParameter) ?? value?.parameter("filename")
        return PartContext(index: index, name: value?.parameter("name"), filename: filename)
    }

    private static func contentDisposition(in headers: [PartHeaderSection.RawHeader])
        -> (raw: PartHeaderSection.RawHeader, value: ParameterizedValue)?
    {
        let lowercasedName = Array("content-disposition".utf8)
        guard let raw = headers.first(where: { $0.name.map(ASCII.lowercased) == lowercasedName }) else { return nil }
        return (raw, ParameterizedValue(raw.value))
    }
}
