import Foundation

/// Runs sequences against the model and a side under test, and shrinks one that fails to a short reproduction.
struct SequenceRun {
    struct Failure: CustomStringConvertible {
        let operations: [MarketOperation]
        /// The step whose answers differ.
        let step: Int
        let expected: MarketAnswer
        let actual: String

        var description: String {
            "step \(step) \(operations[step]): the model answered \(expected), the emulator \(actual)"
        }
    }

    let rules: MarketRules
    /// A fresh side for each run (a shrink runs many).
    let makeSide: () throws -> any MarketUnderTest

    /// The first step whose answer differs from the model's, or nil when all agree.
    func firstFailure(of operations: [MarketOperation]) throws -> Failure? {
        var model = ReferenceMarket(rules: rules)
        let side = try makeSide()
        for (step, operation) in operations.enumerated() {
            let expected = model.apply(operation)
            let actual: MarketAnswer
            do {
                actual = try side.apply(operation)
            } catch {
                return Failure(operations: operations, step: step, expected: expected, actual: "threw \(error)")
            }
            if actual != expected {
                return Failure(operations: operations, step: step, expected: expected, actual: "\(actual)")
            }
        }
        return nil
    }

    /// A shorter sequence that still fails: the steps after the failing one dropped, then ever smaller runs of steps
    /// removed while it still fails, then inserts made smaller; at most `budget` long.
    func shrink(_ failure: Failure, budget: Duration = .seconds(120)) throws -> Failure {
        let deadline = ContinuousClock.now + budget
        var smallest = failure
        var operations = Array(failure.operations[...failure.step])
        var chunk = max(1, operations.count / 2)
        while chunk >= 1, ContinuousClock.now < deadline {
            var removedAny = false
            var start = 0
            while start < operations.count, ContinuousClock.now < deadline {
                var candidate = operations
                candidate.removeSubrange(start..<min(start + chunk, candidate.count))
                if let found = try firstFailure(of: candidate) {
                    operations = Array(candidate[...found.step])
                    smallest = found
                    removedAny = true
                } else {
                    start += chunk
                }
            }
            if !removedAny { chunk /= 2 }
        }
        for index in operations.indices where ContinuousClock.now < deadline {
            while case let .insert(first, count, id) = operations[index], count > 1, ContinuousClock.now < deadline {
                var candidate = operations
                candidate[index] = .insert(first: first, count: count / 2, id: id)
                guard let found = try firstFailure(of: candidate) else { break }
                operations = Array(candidate[...found.step])
                smallest = found
            }
        }
        return smallest
    }

    /// The failure as a test to paste into `ModelRegressionTests`.
    func reproduction(_ failure: Failure) -> String {
        """
        \(failure)
        A reproduction (\(rules)):
            let operations: [MarketOperation] = [
        \(failure.operations.map { "        \($0)," }.joined(separator: "\n"))
            ]
        """
    }
}
