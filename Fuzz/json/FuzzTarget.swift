// libFuzzer entry point: the request body reader against Foundation's JSONSerialization. Where Foundation reads an
// object, ours must read the same members and values; everything else ours reads or refuses, and a refusal is one
// line with an offset inside the body. Ours is deliberately more lenient (invalid UTF-8 and raw control characters in
// strings, lone surrogate escapes: each becomes text) and stricter on nesting (64 levels) and, like Jackson, on a
// trailing comma, which swift-corelibs-foundation reads: those differences pass.
import Foundation
@testable import OpenMarketWireFormat

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let ours = Result { () throws(JSONParseError) in try JSONReader.parseObject(bytes) }
    if case .failure(let error) = ours {
        guard !error.message.isEmpty, !error.message.contains("\n"), (0...size).contains(error.offset) else {
            fatalError("a refusal that is not one line at an offset in the body: \(error)")
        }
    }
    let theirs = try? JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])
    guard let object = theirs as? [String: Any] else { return 0 }
    switch ours {
    case .success(let parsed):
        if let difference = differenceBetween(.object(parsed), object, at: "$") {
            fatalError("Foundation reads another value at \(difference)")
        }
    case .failure(let error):
        let deeper = error.message.hasPrefix("expected at most \(JSONReader.defaultMaximumDepth) levels")
        guard deeper || isTrailingComma(at: error.offset, in: bytes) else {
            fatalError("Foundation reads an object that ours refuses: \(error)")
        }
    }
    return 0
}

/// A `}` or `]` right after a `,`: Foundation (swift-corelibs) reads it, Jackson and ours refuse it.
private func isTrailingComma(at offset: Int, in bytes: [UInt8]) -> Bool {
    guard offset < bytes.count, bytes[offset] == UInt8(ascii: "}") || bytes[offset] == UInt8(ascii: "]") else {
        return false
    }
    return bytes[..<offset].last { !JSONParser.isWhitespace($0) } == UInt8(ascii: ",")
}

/// Where the two values differ (a path such as `$.a[2]`), or nil when they are the same.
private func differenceBetween(_ ours: JSONValue, _ theirs: Any, at path: String) -> String? {
    switch ours {
    case .null:
        return theirs is NSNull ? nil : path
    case .bool(let flag):
        return (theirs as? NSNumber).map { isBoolean($0) && $0.boolValue == flag } == true ? nil : path
    case .number(let number):
        guard let other = theirs as? NSNumber, !isBoolean(other) else { return path }
        // Foundation reads an integer past 64 bits, or a long fraction, as a Decimal, which keeps 38 digits, and its
        // doubleValue is not correctly rounded (10004000000000001.148914691236517202 comes out 3 ulps low): the
        // Decimal's own digits, read as a double, are what it means (ours is the nearest double to the text).
        guard let decimal = other as? NSDecimalNumber else {
            return sameNumber(number.value, other.doubleValue) ? nil : "\(path) (\(number.text) vs \(other))"
        }
        guard number.text.filter(\.isNumber).count <= 38, let meant = Double(decimal.description) else { return nil }
        return sameNumber(number.value, meant) ? nil : "\(path) (\(number.text) vs Decimal \(decimal))"
    case .string(let text):
        return theirs as? String == text ? nil : path
    case .array(let elements):
        guard let others = theirs as? [Any], others.count == elements.count else { return path }
        for (index, element) in elements.enumerated() {
            if let difference = differenceBetween(element, others[index], at: "\(path)[\(index)]") { return difference }
        }
        return nil
    case .object(let object):
        guard let others = theirs as? [String: Any], others.count == object.members.count else { return path }
        for member in object.members {
            guard let other = others[member.key] else { return "\(path).\(member.key)" }
            if let difference = differenceBetween(member.value, other, at: "\(path).\(member.key)") { return difference }
        }
        return nil
    }
}

/// Foundation's `true` and `false` are its boolean class's two instances (a one-byte integer has the same objCType).
private func isBoolean(_ number: NSNumber) -> Bool {
    String(describing: type(of: number)).hasSuffix("CFBoolean")
}

/// Foundation reads a long integer as an integer or a decimal and rounds it to a double once more; a last-place
/// difference is the second rounding, not a misread.
private func sameNumber(_ ours: Double, _ theirs: Double) -> Bool {
    ours == theirs || (ours.isFinite && theirs.isFinite && abs(ours - theirs) <= 2 * max(ours.ulp, theirs.ulp))
}
