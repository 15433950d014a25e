/// One roster line's fields, as CSV reads them: comma-separated, each trimmed, a field in double quotes may hold
/// commas and `""` for a quote.
enum RosterLine {
    static func fields(_ line: Substring, line number: Int) throws(RosterError) -> [String] {
        var fields: [String] = []
        var field = ""
        var quoted = false
        var wasQuoted = false
        var characters = line.makeIterator()
        while let character = characters.next() {
            if quoted {
                if character == "\"" {
                    var lookahead = characters
                    if lookahead.next() == "\"" {
                        field.append("\"")
                        characters = lookahead
                    } else {
                        quoted = false
                    }
                } else {
                    field.append(character)
                }
            } else if character == "," {
                fields.append(trimmed(field))
                field = ""
                wasQuoted = false
            } else if character == "\"" {
                guard trimmed(field).isEmpty, !wasQuoted else {
                    throw RosterError(line: number, "is not CSV: a quote inside an unquoted field; quote the whole "
                        + "field and double the quote inside (\"Kim \"\"KJ\"\" Lee\")")
                }
                field = ""
                quoted = true
                wasQuoted = true
            } else {
                field.append(character)
            }
        }
        guard !quoted else {
            throw RosterError(line: number, "is not CSV: a quoted field is not closed; add the closing \" on this line")
        }
        fields.append(trimmed(field))
        return fields
    }

    private static func trimmed(_ text: String) -> String {
        String(text.drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
    }
}
