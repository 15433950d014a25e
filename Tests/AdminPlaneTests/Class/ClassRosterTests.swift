import OpenMarketAdminPlane
import Testing

@Suite struct ClassRosterTests {
    private func roster(_ text: String) throws(RosterError) -> ClassRoster {
        try ClassRoster(bytes: Array(text.utf8))
    }

    private func refusal(_ text: String) -> RosterError? {
        do {
            _ = try roster(text)
            return nil
        } catch {
            return error
        }
    }

    @Test func teamsGatherTheirStudentsAndALoneStudentIsATeam() throws {
        let read = try roster("name,team\n김민수,해오름\r\n이지은,해오름\n\n박서준\n\"Choi, Yuna\", 달빛 \n")
        #expect(read.teams.map(\.name) == ["해오름", "박서준", "달빛"])
        #expect(read.teams.map(\.members) == [["김민수", "이지은"], ["박서준"], ["Choi, Yuna"]])
    }

    @Test func aByteOrderMarkAndOldMacLineEndsAreRead() throws {
        let read = try ClassRoster(bytes: [0xEF, 0xBB, 0xBF] + Array("Kim\rLee,A\r".utf8))
        #expect(read.teams.map(\.name) == ["Kim", "A"])
    }

    @Test func aQuoteInsideAQuotedFieldIsDoubled() throws {
        #expect(try roster("\"Kim \"\"KJ\"\" Lee\",B").teams.first?.members == ["Kim \"KJ\" Lee"])
    }

    @Test(arguments: [
        ("김민수\n이지은\n김민수,B\n", 3, "again (first on line 1)"),
        ("Kim\n,Team\n", 2, "no student name"),
        ("Kim,A,extra\n", 1, "3 fields"),
        ("Kim\n\"Lee,A\n", 2, "not closed"),
        ("Kim\nLe\"e,A\n", 2, "a quote inside an unquoted field"),
        ("Solo\nKim,Solo\n", 2, "without a team"),
        ("Kim,Solo\nSolo\n", 2, "rename the team"),
        ("Kim,\(String(repeating: "가", count: 51))\n", 1, "at most 50"),
        ("Kim\tLee\n", 1, "control character"),
    ])
    func aBadRosterNamesItsLineAndTheFix(text: String, line: Int, words: String) {
        let error = refusal(text)
        #expect(error?.line == line)
        #expect(error?.message.contains(words) == true, "\(String(describing: error))")
    }

    @Test func aRosterThatIsNotUTF8NamesTheLine() {
        let error: RosterError?
        do {
            _ = try ClassRoster(bytes: Array("Kim\nLee\n".utf8) + [0xB1, 0xE8, 0x0A])
            error = nil
        } catch let refused {
            error = refused
        }
        #expect(error?.line == 3)
        #expect(error?.message.contains("CSV UTF-8") == true)
    }

    @Test func anEmptyRosterIsRefused() {
        #expect(refusal("name,team\n\n")?.message.contains("names no student") == true)
    }
}
