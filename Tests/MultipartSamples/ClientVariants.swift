import OpenMarketMultipart

/// Bodies the way real student apps (and the libraries they used) wrote them, built byte by byte. The real server
/// accepted every one, with the same two parts: `params` and one image.
package enum ClientVariants {
    package static let boundary = "Boundary-7F3A"
    package static let contentType = "multipart/form-data; boundary=\(boundary)"
    package static let params = bytes(#"{"name":"Pen","price":1000,"currency":"KRW","secret":"pw"}"#)
    /// PNG signature plus bytes that look like line breaks and delimiters without being one.
    package static let image: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        + bytes("\r\n--\r\n--Boundary-7F3\r--Boundary-7F3A\n\r\n-") + [0x00, 0xFF, 0x0D, 0x0D, 0x0A]

    package struct Variant: Sendable, CustomStringConvertible {
        package var label: String
        package var contentType = ClientVariants.contentType
        package var body: [UInt8]
        package var filename = "photo.png"
        package var paramsType: String? = "application/json"
        package var imageType: String? = "image/png"
        package var description: String { label }
    }

    package static func body(
        preamble: String = "", dispositionColon: String = ": ", paramsHeaders: String = "Content-Type: application/json\r\n",
        imageDisposition: String = #"form-data; name="images"; filename="photo.png""#,
        imageHeaders: String = "Content-Type: image/png\r\n", afterDelimiter: String = "\r\n", ending: String = "--\r\n"
    ) -> [UInt8] {
        let delimiter = "--" + boundary
        return bytes(preamble + delimiter + afterDelimiter + "Content-Disposition" + dispositionColon
                     + #"form-data; name="params""# + "\r\n" + paramsHeaders + "\r\n")
            + params
            + bytes("\r\n" + delimiter + afterDelimiter + "Content-Disposition" + dispositionColon + imageDisposition
                    + "\r\n" + imageHeaders + "\r\n")
            + image
            + bytes("\r\n" + delimiter + ending)
    }

    package static let variants: [Variant] = [
        Variant(label: "canonical", body: body()),
        Variant(label: "leading CRLF before the first delimiter", body: body(preamble: "\r\n")),
        Variant(label: "a preamble and an epilogue", body: body(preamble: "This is a preamble.\r\n",
                                                                 ending: "--\r\nThis is an epilogue.\r\n")),
        Variant(label: "Content-Disposition:form-data; with no space", body: body(dispositionColon: ":")),
        Variant(label: "closing delimiter without trailing CRLF", body: body(ending: "--")),
        Variant(label: "params part without Content-Type", body: body(paramsHeaders: ""), paramsType: nil),
        Variant(label: "image declared image/jpg", body: body(imageHeaders: "Content-Type: image/jpg\r\n"),
                imageType: "image/jpg"),
        Variant(label: "image declared multipart/form-data",
                body: body(imageHeaders: "Content-Type: multipart/form-data\r\n"), imageType: "multipart/form-data"),
        Variant(label: "filename without extension",
                body: body(imageDisposition: #"form-data; name="images"; filename="5A1F-UUID""#), filename: "5A1F-UUID"),
        Variant(label: "header names in other cases",
                body: body(paramsHeaders: "content-type: application/json\r\n",
                           imageHeaders: "CONTENT-TYPE: image/png\r\n")),
        Variant(label: "unquoted parameters and spaces around = and ;",
                body: body(imageDisposition: "form-data ; name = images ;filename= photo.png")),
        Variant(label: "filename* (RFC 5987) wins over filename",
                body: body(imageDisposition: #"form-data; name="images"; filename="x.png"; filename*=UTF-8''%EC%82%AC%EC%A7%84.png"#),
                filename: "사진.png"),
        Variant(label: "raw UTF-8 filename", body: body(imageDisposition: #"form-data; name="images"; filename="사진.png""#),
                filename: "사진.png"),
        Variant(label: "escaped quote and a semicolon inside the quoted filename",
                body: body(imageDisposition: #"form-data; filename="a\"b;c.png"; name="images""#), filename: #"a"b;c.png"#),
        Variant(label: "transport padding after the delimiters", body: body(afterDelimiter: " \t\r\n")),
        Variant(label: "a folded header line", body: body(imageHeaders: "Content-Type:\r\n image/png\r\n")),
        Variant(label: "extra part headers", body: body(imageHeaders: "Content-Type: image/png\r\nContent-Transfer-Encoding: binary\r\n")),
        Variant(label: "quoted boundary with other parameters around it",
                contentType: "Multipart/Form-Data; charset=utf-8; BOUNDARY=\"\(boundary)\"; foo=bar", body: body()),
    ]
}
