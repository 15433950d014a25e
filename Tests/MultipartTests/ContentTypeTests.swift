import OpenMarketMultipart
import Testing

struct ContentTypeTests {
    @Test(arguments: [
        "multipart/form-data; boundary=abc",
        "multipart/form-data;boundary=abc",
        "multipart/form-data; boundary=\"abc\"",
        "MULTIPART/FORM-DATA; Boundary=abc",
        "multipart/form-data; charset=utf-8; boundary=abc",
        "multipart/form-data; boundary=abc; charset=utf-8",
        "multipart/form-data; name=\"x;boundary=wrong\"; boundary = abc ;",
    ])
    func findsTheBoundary(contentType: String) throws {
        #expect(try MultipartParser(contentType: contentType).boundary == "abc")
    }

    @Test func keepsQuotedCharactersOfTheBoundary() throws {
        let parser = try MultipartParser(contentType: #"multipart/form-data; boundary="a b:c=d;e""#)
        #expect(parser.boundary == "a b:c=d;e")
    }

    @Test(arguments: [
        ("application/json", MultipartError.Kind.notMultipartFormData),
        ("multipart/mixed; boundary=abc", .notMultipartFormData),
        ("", .notMultipartFormData),
        ("multipart/form-data", .missingBoundary),
        ("multipart/form-data; charset=utf-8", .missingBoundary),
        ("multipart/form-data; boundary=", .invalidBoundary),
        ("multipart/form-data; boundary=\"\"", .invalidBoundary),
        ("multipart/form-data; boundary=\"a\r\nb\"", .invalidBoundary),
    ])
    func refusesHeadersWithoutAUsableBoundary(contentType: String, kind: MultipartError.Kind) {
        #expect {
            _ = try MultipartParser(contentType: contentType)
        } throws: { error in
            let error = error as? MultipartError
            return error?.kind == kind && error?.offset == nil && error?.part == nil
        }
    }

    @Test func explainsAWrongContentType() {
        #expect {
            _ = try MultipartParser(contentType: "application/x-www-form-urlencoded")
        } throws: { error in
            (error as? MultipartError)?.message == #"""
                the Content-Type header is "application/x-www-form-urlencoded"; \#
                expected "multipart/form-data; boundary=..."
                """#
        }
    }
}
