/// `bytes` as a String when they are valid UTF-8.
func decodedUTF8(_ bytes: some Collection<UInt8>) -> String? {
    var iterator = bytes.makeIterator()
    var decoder = UTF8()
    while true {
        switch decoder.decode(&iterator) {
        case .scalarValue: continue
        case .emptyInput: return String(decoding: bytes, as: UTF8.self)
        case .error: return nil
        }
    }
}

/// `bytes` read as ISO-8859-1, which maps every byte to the code point of the same number.
func decodedLatin1(_ bytes: some Collection<UInt8>) -> String {
    String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))
}

/// Header text as a String: UTF-8 when it is valid UTF-8, else ISO-8859-1 (what HTTP headers used to be).
func headerText(_ bytes: some Collection<UInt8>) -> String {
    decodedUTF8(bytes) ?? decodedLatin1(bytes)
}
