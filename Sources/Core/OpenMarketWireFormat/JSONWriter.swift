/// Writes compact JSON (no spaces, like Jackson) into a byte buffer, keys in exactly the order the caller
/// writes them. The caller is responsible for the structure: a key before every value inside an object,
/// `end…` matching `begin…`.
///
///     var writer = JSONWriter()
///     writer.object { w in
///         w.field("id", 2456)
///         w.field("price", 1000, .java)
///     }
///     // writer.bytes == Array(#"{"id":2456,"price":1000.0}"#.utf8)
package struct JSONWriter: ~Copyable {
    private var sink: ByteSink
    /// True after a complete value, when the next key or array element needs a `,` first.
    private var afterValue = false

    package init(reservingCapacity capacity: Int = 4096) {
        sink = ByteSink(capacity: capacity)
    }

    /// The JSON written so far.
    package var bytes: [UInt8] { sink.bytes }

    package mutating func beginObject() {
        separate()
        sink.append(UInt8(ascii: "{"))
        afterValue = false
    }

    package mutating func endObject() {
        sink.append(UInt8(ascii: "}"))
        afterValue = true
    }

    package mutating func beginArray() {
        separate()
        sink.append(UInt8(ascii: "["))
        afterValue = false
    }

    package mutating func endArray() {
        sink.append(UInt8(ascii: "]"))
        afterValue = true
    }

    package mutating func object(_ body: (inout JSONWriter) -> Void) {
        beginObject()
        body(&self)
        endObject()
    }

    package mutating func array(_ body: (inout JSONWriter) -> Void) {
        beginArray()
        body(&self)
        endArray()
    }

    /// Keys are the API's own literal names, written as given (they never need escaping).
    package mutating func key(_ name: StaticString) {
        separate()
        name.withUTF8Buffer { name in
            let written = name.count + 3
            let out = sink.reserve(written)
            out[0] = UInt8(ascii: "\"")
            if let source = name.baseAddress {
                (out + 1).update(from: source, count: name.count)
            }
            out[name.count + 1] = UInt8(ascii: "\"")
            out[name.count + 2] = UInt8(ascii: ":")
            sink.commit(written)
        }
        afterValue = false
    }

    /// A key that comes from data (a header name, say), quoted and escaped like a string value.
    package mutating func key(escaping name: String) {
        separate()
        JSONStringEscaping.appendQuoted(name, to: &sink)
        sink.append(UInt8(ascii: ":"))
        afterValue = false
    }

    package mutating func value(_ text: String) {
        separate()
        JSONStringEscaping.appendQuoted(text, to: &sink)
        afterValue = true
    }

    package mutating func value(_ number: Int64) {
        separate()
        DecimalDigits.append(number, to: &sink)
        afterValue = true
    }

    package mutating func value(_ number: Int) {
        value(Int64(number))
    }

    package mutating func value(_ flag: Bool) {
        separate()
        sink.append(literal: flag ? "true" : "false")
        afterValue = true
    }

    /// Non-finite values are written as the strings `"NaN"`, `"Infinity"`, `"-Infinity"`, as Jackson does
    /// by default (JSON has no literal for them).
    package mutating func value(_ number: Double, _ style: DoubleStyle) {
        separate()
        let quoted = !number.isFinite
        if quoted {
            sink.append(UInt8(ascii: "\""))
        }
        style.append(number, to: &sink)
        if quoted {
            sink.append(UInt8(ascii: "\""))
        }
        afterValue = true
    }

    package mutating func nullValue() {
        separate()
        sink.append(literal: "null")
        afterValue = true
    }

    package mutating func field(_ name: StaticString, _ text: String) {
        key(name)
        value(text)
    }

    package mutating func field(_ name: StaticString, _ number: Int64) {
        key(name)
        value(number)
    }

    package mutating func field(_ name: StaticString, _ number: Int) {
        key(name)
        value(number)
    }

    package mutating func field(_ name: StaticString, _ flag: Bool) {
        key(name)
        value(flag)
    }

    package mutating func field(_ name: StaticString, _ number: Double, _ style: DoubleStyle) {
        key(name)
        value(number, style)
    }

    private mutating func separate() {
        if afterValue {
            sink.append(UInt8(ascii: ","))
        }
    }
}
