@testable import OpenMarketWireFormat
import Testing

@Suite struct DoubleStyleTests {
    /// Every price, bargain price and discounted price in the v2 samples, written as the real server wrote it.
    static let samplePrices = [
        "0.0", "1000.0", "5555.0", "11111.0", "55555.0", "111111.0", "222222.0", "555555.0", "650000.0",
        "640000.0", "1140000.0", "1149000.0", "1245000.0", "1249000.0", "1250000.0", "1550000.0", "1740000.0",
        "1790000.0", "2790000.0", "7777777.0", "4000.0", "9000.0", "10000.0", "50000.0", "3.3333333E7",
        "4.4444444E7", "6.6666666E7", "1.11111111E8", "1.23123123E8", "2.222222222E9",
    ]

    @Test(arguments: samplePrices + ["1.323121323232E12", "6.0E7"])
    func javaStyleReproducesTheCapturedPrices(_ captured: String) throws {
        let value = try #require(Double(captured))
        #expect(DoubleStyle.java.format(value) == captured)
    }

    /// Expected texts follow the JDK 19+ `Double.toString` specification (checked offline against an exact
    /// rational implementation of that specification).
    @Test(arguments: [
        (0.0, "0.0"), (-0.0, "-0.0"), (9.99, "9.99"), (-200.0, "-200.0"), (100.0, "100.0"),
        (1e7, "1.0E7"), (9_999_999.999999998, "9999999.999999998"), (1e-3, "0.001"), (0.002, "0.002"),
        (1e-4, "1.0E-4"), (0.0009999999999999998, "9.999999999999998E-4"), (0.1 + 0.2, "0.30000000000000004"),
        (1e23, "1.0E23"), (8.41e21, "8.41E21"), (1_125_899_906_842_624.25, "1.1258999068426242E15"),
        (Double.greatestFiniteMagnitude, "1.7976931348623157E308"),
        (Double.leastNormalMagnitude, "2.2250738585072014E-308"),
        (Double.leastNonzeroMagnitude, "4.9E-324"), (Double(bitPattern: 2), "9.9E-324"),
        (Double(bitPattern: 3), "1.5E-323"), (Double(bitPattern: 4), "2.0E-323"),
        (-Double.leastNonzeroMagnitude, "-4.9E-324"), (1_611_523_563.7237701, "1.6115235637237701E9"),
        (Double.nan, "NaN"), (Double.infinity, "Infinity"), (-Double.infinity, "-Infinity"),
    ])
    func javaStyleFollowsTheJDKSpecification(_ value: Double, _ expected: String) {
        #expect(DoubleStyle.java.format(value) == expected)
    }

    @Test(arguments: [
        (1_611_523_563.7237701, "1611523563.7237701"), (1_611_523_563.719116, "1611523563.719116"),
        (1_611_523_563.0, "1611523563.0"), (0.0, "0.0"), (-0.0, "-0.0"), (1e20, "100000000000000000000.0"),
        (1.5e-7, "0.00000015"), (-86_400.25, "-86400.25"),
    ])
    func swiftPlainStyleNeverUsesAnExponent(_ value: Double, _ expected: String) {
        #expect(DoubleStyle.swiftPlain.format(value) == expected)
    }

    @Test func bothStylesReadBackExactlyForRandomDoubles() throws {
        var generator = SplitMix64(seed: 0x5EED_D0B1E)
        for round in 0..<20_000 {
            let value = Self.randomDouble(round: round, using: &generator)
            for style in [DoubleStyle.java, .swiftPlain] {
                let text = style.format(value)
                let parsed = try #require(Double(text), "\(text) does not parse")
                #expect(parsed.bitPattern == value.bitPattern, "\(style) wrote \(text) for \(value)")
            }
        }
    }

    @Test func javaStyleUsesAnExponentExactlyOutsideTheJavaRange() {
        var generator = SplitMix64(seed: 42)
        for round in 0..<5_000 {
            let value = Self.randomDouble(round: round, using: &generator).magnitude
            let text = DoubleStyle.java.format(value)
            let plainRange = value >= 1e-3 && value < 1e7
            #expect(text.contains("E") == !plainRange, "\(text)")
            #expect(text.contains("."), "\(text)")
        }
    }

    @Test func swiftPlainStyleEqualsSwiftDescriptionForRealisticTimestamps() {
        var generator = SplitMix64(seed: 7)
        for _ in 0..<5_000 {
            let seconds = Double.random(in: 0..<4_102_444_800, using: &generator)
            #expect(DoubleStyle.swiftPlain.format(seconds) == seconds.description)
        }
    }

    /// Mixes uniformly random bit patterns (all magnitudes, subnormals included) with shapes prices take.
    private static func randomDouble(round: Int, using generator: inout SplitMix64) -> Double {
        switch round % 4 {
        case 0:
            var value = Double(bitPattern: generator.next())
            while !value.isFinite {
                value = Double(bitPattern: generator.next())
            }
            return value
        case 1:
            return Double(bitPattern: UInt64.random(in: 1...5_000, using: &generator))
        case 2:
            return Double(Int64.random(in: -10_000_000_000_000...10_000_000_000_000, using: &generator)) / 100
        default:
            return Double.random(in: -1e9...1e9, using: &generator)
        }
    }
}
