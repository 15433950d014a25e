/// The identifiers the API hands out, drawn from `SystemRandomNumberGenerator`, which is cryptographically
/// secure on the supported platforms (getrandom(2) on Linux, arc4random_buf on Apple systems).
package enum Identifiers {
    /// 32 random bytes: 256 bits cannot be guessed, and 32 bytes (not a multiple of 3) encode to 43 characters
    /// plus one `=`, so the token ends in `=` like the real server's (`/api/products/testDeleteURI=`).
    static let deleteTokenByteCount = 32

    private static let timeBased = TimeBasedUUIDGenerator()

    /// v2b's delete token, URL-safe base64: `Xq3k…_w=`.
    package static func deleteToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return deleteToken(using: &generator)
    }

    static func deleteToken(using generator: inout some RandomNumberGenerator) -> String {
        Base64URL.encode((0..<deleteTokenByteCount).map { _ in UInt8.random(in: 0...255, using: &generator) })
    }

    /// 32 lower-case hex digits of a time-based UUID, for v2a image keys.
    package static func timeHex() -> String {
        timeBased.next().lowercaseHex
    }

    /// Two such ids one tick apart (`b5b494e9…`, `b5b494ea…`), for v2b's `_origin` and `_thumb` keys.
    package static func consecutiveTimeHexPair() -> (first: String, second: String) {
        let pair = timeBased.nextPair()
        return (pair.first.lowercaseHex, pair.second.lowercaseHex)
    }

    /// A dashed lower-case time-based UUID, v2a's product secret.
    package static func dashedTimeUUID() -> String {
        timeBased.next().lowercaseDashed
    }

    /// An upper-case dashed random UUID, for v1 image names.
    package static func uppercaseRandomUUID() -> String {
        var generator = SystemRandomNumberGenerator()
        return UUIDValue.random(using: &generator).uppercaseDashed
    }
}
