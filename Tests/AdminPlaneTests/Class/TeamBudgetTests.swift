@testable import OpenMarketAdminPlane
import Testing

@Suite struct TeamBudgetTests {
    @Test func aBurstIsAllowedThenRefusedUntilTheBucketRefills() {
        var budget = TeamBudget()
        let start = ContinuousClock.now
        for _ in 0..<Int(TeamBudget.burst) {
            #expect(budget.spend(now: start) == nil)
        }
        let wait = budget.spend(now: start)
        #expect(wait.map { $0 > .zero && $0 <= .seconds(1) } == true)
        // A second later the bucket has a second's worth again, and no more.
        let later = start + .seconds(1)
        for _ in 0..<Int(TeamBudget.perSecond) {
            #expect(budget.spend(now: later) == nil)
        }
        #expect(budget.spend(now: later) != nil)
    }

    @Test func aPersonsPaceNeverEmptiesIt() {
        var budget = TeamBudget()
        var now = ContinuousClock.now
        // A list of 20 with its thumbnails, every two seconds, for ten minutes: far above what a person does.
        for _ in 0..<300 {
            for _ in 0..<21 {
                #expect(budget.spend(now: now) == nil)
            }
            now += .seconds(2)
        }
    }
}
