import OpenMarketHTTPCore
import OpenMarketWireFormat

/// The class's progress for a spreadsheet (`GET /__admin/class/progress.csv`): a row per team with its members, the
/// step it is on and each step's first time done (UTC, ISO 8601), empty where not yet. UTF-8 with a byte order mark,
/// which Excel needs to read Korean names; fields quoted as RFC 4180 has them.
enum ProgressCSV {
    static func response(_ book: ClassBook) -> Response {
        let progress = book.progress
        let course = progress.course
        var lines = [(["team", "members", "on"] + course.steps.map(\.id)).map(field).joined(separator: ",")]
        for (team, teamProgress) in zip(book.teams, progress.snapshot()) {
            let times = course.steps.map { teamProgress.done[$0.id].map { UTCTimestamp.format($0.time) } ?? "" }
            let on = teamProgress.currentStep(in: course).map { course.steps[$0].id } ?? "done"
            lines.append(([team.name, team.members.joined(separator: "; "), on] + times).map(field).joined(separator: ","))
        }
        var response = Response(
            status: .ok, contentType: "text/csv; charset=utf-8",
            body: [0xEF, 0xBB, 0xBF] + Array((lines.joined(separator: "\r\n") + "\r\n").utf8))
        response.headers.add(name: "Content-Disposition", value: "attachment; filename=\"class-progress.csv\"")
        return response
    }

    private static func field(_ text: String) -> String {
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return text }
        var quoted = "\""
        for character in text {
            quoted += character == "\"" ? "\"\"" : String(character)
        }
        return quoted + "\""
    }
}
