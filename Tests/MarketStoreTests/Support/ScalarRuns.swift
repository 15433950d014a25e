/// Every run of `lengths` consecutive Unicode scalars of `text` (what SQLite counts as characters), as search terms
/// that start or end inside a character: a combining mark alone, half of a ligature.
func scalarRuns(of text: String, lengths: ClosedRange<Int>) -> [String] {
    let scalars = Array(text.unicodeScalars)
    return lengths.filter { $0 <= scalars.count }.flatMap { length in
        (0...(scalars.count - length)).map { start in
            var run = String.UnicodeScalarView()
            run.append(contentsOf: scalars[start..<(start + length)])
            return String(run)
        }
    }
}
