/// Java (JDK 19+) differs from the plain "shortest digits" rule in one corner: when a single digit would do,
/// it may print two if that is closer to the value (`Double.MIN_VALUE` is `4.9E-324`, not `5.0E-324`).
/// Two-digit decimals only fall inside a double's rounding interval for the tiniest subnormals, where
/// the interval is wide compared to the value, so only those come here.
enum SubnormalRounding {
    private static let subnormalScaleExponent = 1074

    /// The two-significant-digit decimal closest to `value`, a subnormal whose shortest decimal is the
    /// single digit `shortest`. That decimal reads back as `value` too: the interval around a subnormal is
    /// symmetric and already holds `shortest`, which is no closer.
    static func twoDigitDecimal(of value: Double, near shortest: ShortestDecimal) -> ShortestDecimal {
        let units = UInt64(value.significandBitPattern)
        var scale = 1 - shortest.exponent
        var scaled = scaledValue(units, timesPowerOfTen: scale)
        if scaled.whole < 10 {
            // `value` lies in the decade below `shortest` (for example 9.9E-324 below 1.0E-323).
            scale += 1
            scaled = scaledValue(units, timesPowerOfTen: scale)
        }
        let rounded = scaled.whole + (scaled.fractionIsAboveHalf ? 1 : 0)
        return ShortestDecimal(significand: rounded, exponent: -scale)
    }

    /// `units × 10^power / 2^1074` split into its integer part and whether the rest exceeds one half,
    /// computed exactly in base-2^32 limbs. The rest is never exactly one half: that would need `units` to be
    /// a multiple of 2^(1073 - power), impossible with `units < 2^52` and `power` near 324.
    private static func scaledValue(
        _ units: UInt64, timesPowerOfTen power: Int
    ) -> (whole: UInt64, fractionIsAboveHalf: Bool) {
        var limbs: [UInt32] = [UInt32(truncatingIfNeeded: units), UInt32(truncatingIfNeeded: units >> 32)]
        var remaining = power
        while remaining > 0 {
            let step = min(remaining, 9)
            var factor: UInt64 = 1
            for _ in 0..<step {
                factor *= 10
            }
            multiply(&limbs, by: factor)
            remaining -= step
        }
        let whole = bits(of: limbs, from: subnormalScaleExponent, count: 64)
        let halfBit = bits(of: limbs, from: subnormalScaleExponent - 1, count: 1)
        return (whole, halfBit == 1)
    }

    private static func multiply(_ limbs: inout [UInt32], by factor: UInt64) {
        var carry: UInt64 = 0
        for index in limbs.indices {
            let product = UInt64(limbs[index]) * factor + carry
            limbs[index] = UInt32(truncatingIfNeeded: product)
            carry = product >> 32
        }
        while carry > 0 {
            limbs.append(UInt32(truncatingIfNeeded: carry))
            carry >>= 32
        }
    }

    private static func bits(of limbs: [UInt32], from start: Int, count: Int) -> UInt64 {
        var result: UInt64 = 0
        for offset in stride(from: count - 1, through: 0, by: -1) {
            let bit = start + offset
            let limb = bit / 32
            let isSet = limb < limbs.count && (limbs[limb] >> UInt32(bit % 32)) & 1 == 1
            result = result << 1 | (isSet ? 1 : 0)
        }
        return result
    }
}
