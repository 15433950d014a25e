/// A class roster (`openmarket serve --class ROSTER.csv`): one student a line, `name` or `name,team`, UTF-8. Each
/// team, and each student without one, becomes one account. Blank lines are skipped, a first line `name,team` is
/// taken as a header, fields may be quoted as in CSV ("Kim, Jr.",Team 1).
package struct ClassRoster: Sendable, Equatable {
    package struct Team: Sendable, Equatable {
        package let name: String
        /// In roster order.
        package let members: [String]
    }

    /// In the order the roster first names them.
    package let teams: [Team]

    /// The longest name a student or team may have: it is a vendor name and a handout's title.
    static let maxNameLength = 50

    package init(teams: [Team]) {
        self.teams = teams
    }

    /// Reads a roster file's bytes; a problem names its line and says how to fix it.
    package init(bytes: [UInt8]) throws(RosterError) {
        var content = bytes[...]
        if content.starts(with: [0xEF, 0xBB, 0xBF]) { content = content.dropFirst(3) }
        guard let text = String(validating: content, as: UTF8.self) else {
            let line = Self.lineOfFirstInvalidByte(content)
            throw RosterError(line: line, "is not UTF-8 text; save the roster as CSV UTF-8 (in Excel: Save As, "
                + "CSV UTF-8; in Numbers: Export To, CSV, Text Encoding Unicode UTF-8)")
        }
        var teamOrder: [String] = []
        var members: [String: [String]] = [:]
        var studentLines: [String: Int] = [:]
        var loneStudents: [String: Int] = [:]
        var teamLines: [String: Int] = [:]
        for (index, rawLine) in Self.lines(text).enumerated() {
            let number = index + 1
            let fields = try RosterLine.fields(rawLine, line: number)
            if fields.allSatisfy({ $0.isEmpty }) { continue }
            if number == 1 && fields.map({ $0.lowercased() }).starts(with: ["name"]) && fields.count <= 2
                && (fields.count == 1 || fields[1].lowercased() == "team")
            {
                continue
            }
            guard fields.count <= 2 else {
                throw RosterError(line: number, "has \(fields.count) fields; a roster line is name or name,team "
                    + "(quote a name that holds a comma: \"Kim, Jr.\",Team 1)")
            }
            let student = fields[0]
            let team = fields.count == 2 ? fields[1] : ""
            guard !student.isEmpty else {
                throw RosterError(line: number, "has no student name; write name or name,team, or delete the line")
            }
            try Self.checkName(student, what: "student name", line: number)
            if let earlier = studentLines[student] {
                throw RosterError(line: number, "names \(student) again (first on line \(earlier)); give each student "
                    + "one line, and tell namesakes apart, e.g. \(student) A and \(student) B")
            }
            studentLines[student] = number
            let account = team.isEmpty ? student : team
            if !team.isEmpty { try Self.checkName(team, what: "team name", line: number) }
            if team.isEmpty {
                if let line = teamLines[student] {
                    throw RosterError(line: number, "has \(student) without a team, but line \(line) names a team "
                        + "\(student); rename the team or give \(student) a team")
                }
                loneStudents[student] = number
            } else if let line = loneStudents[team] {
                throw RosterError(line: number, "names the team \(team), but line \(line) has a student \(team) "
                    + "without a team, whose account has that name; rename the team or give that student a team")
            } else if teamLines[team] == nil {
                teamLines[team] = number
            }
            if members[account] == nil { teamOrder.append(account) }
            members[account, default: []].append(student)
        }
        guard !teamOrder.isEmpty else {
            throw RosterError(line: nil, "names no student; write one line per student: name or name,team")
        }
        teams = teamOrder.map { Team(name: $0, members: members[$0] ?? []) }
    }

    private static func checkName(_ name: String, what: String, line: Int) throws(RosterError) {
        guard name.count <= maxNameLength else {
            throw RosterError(line: line, "has a \(what) of \(name.count) characters; shorten it to at most "
                + "\(maxNameLength)")
        }
        guard !name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw RosterError(line: line, "has a \(what) with a control character (a tab?); use plain text")
        }
    }

    /// Lines ended by LF, CRLF or CR (old Mac Excel), the last one unended.
    private static func lines(_ text: String) -> [Substring] {
        text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }
    }

    private static func lineOfFirstInvalidByte(_ bytes: ArraySlice<UInt8>) -> Int {
        var line = 1
        var start = bytes.startIndex
        for index in bytes.indices where bytes[index] == 0x0A {
            if String(validating: bytes[start..<index], as: UTF8.self) == nil { return line }
            line += 1
            start = index + 1
        }
        return line
    }
}

/// A roster that cannot be used: the line (from 1) and what to do.
package struct RosterError: Error, Sendable, Equatable, CustomStringConvertible {
    package let line: Int?
    package let message: String

    init(line: Int?, _ message: String) {
        self.line = line
        self.message = message
    }

    package var description: String {
        line.map { "line \($0) \(message)" } ?? "the roster \(message)"
    }
}
