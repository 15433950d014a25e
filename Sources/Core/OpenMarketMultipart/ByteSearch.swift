/// The index of the first occurrence of `pattern` in `text`, found in linear time (Knuth-Morris-Pratt)
/// because both may be large and repetitive.
func firstOccurrence(of pattern: [UInt8], in text: [UInt8]) -> Int? {
    guard !pattern.isEmpty else { return 0 }
    // fallback[i]: the length of the longest proper prefix of pattern[...i] that is also its suffix.
    var fallback = [Int](repeating: 0, count: pattern.count)
    var length = 0
    for index in pattern.indices.dropFirst() {
        while length > 0 && pattern[index] != pattern[length] { length = fallback[length - 1] }
        if pattern[index] == pattern[length] { length += 1 }
        fallback[index] = length
    }
    length = 0
    for (index, byte) in text.enumerated() {
        while length > 0 && byte != pattern[length] { length = fallback[length - 1] }
        if byte == pattern[length] { length += 1 }
        if length == pattern.count { return index + 1 - length }
    }
    return nil
}
