import OpenMarketHTTPCore
import OpenMarketWireFormat

/// The class's progress as JSON: the teacher's (`GET /__admin/class/progress`, every team) and a team's own (in
/// `GET /__admin/me`). `held` says whether a request can still be opened: in the journal for the teacher, among the
/// team's own requests for the team.
enum ProgressJSON {
    static func classView(_ book: ClassBook, held: (StepEvidence) -> Bool) -> Response {
        let progress = book.progress
        let all = progress.snapshot()
        return AdminJSON.response { json in
            json.object { json in
                json.field("generation", progress.generationName)
                json.key("steps")
                json.array { json in
                    for step in progress.course.steps {
                        json.object { json in
                            json.field("id", step.id)
                            json.field("title", step.title)
                            json.field("koreanTitle", step.koreanTitle)
                            json.field("extra", step.isExtra)
                        }
                    }
                }
                json.key("teams")
                json.array { json in
                    for (team, teamProgress) in zip(book.teams, all) {
                        json.object { json in
                            json.field("name", team.name)
                            json.field("identifier", team.identifier)
                            json.key("members")
                            json.array { json in team.members.forEach { json.value($0) } }
                            write(teamProgress, course: progress.course, into: &json, held: held)
                        }
                    }
                }
            }
        }
    }

    /// `on`, `lastMistake` (on the step it is on) and `steps`, into the team's object.
    static func write(_ progress: TeamProgress, course: Course, into json: inout JSONWriter, held: (StepEvidence) -> Bool) {
        let current = progress.currentStep(in: course)
        json.key("on")
        if let current { json.value(course.steps[current].id) } else { json.nullValue() }
        json.key("lastMistake")
        mistake(current.flatMap { progress.mistakes[course.steps[$0].id] }, held: held, into: &json)
        json.key("steps")
        json.array { json in
            for step in course.steps {
                json.object { json in
                    let done = progress.done[step.id]
                    json.field("id", step.id)
                    json.field("title", step.title)
                    json.field("koreanTitle", step.koreanTitle)
                    json.field("done", done != nil)
                    json.key("firstDone")
                    if let done { json.value(UTCTimestamp.format(done.time)) } else { json.nullValue() }
                    json.key("request")
                    evidence(done, held: held, into: &json)
                    json.key("shown")
                    json.array { json in
                        for fact in step.facts where done != nil || progress.shown.contains(fact) { json.value(fact.rawValue) }
                    }
                    json.key("left")
                    json.array { json in
                        for fact in step.facts where done == nil && !progress.shown.contains(fact) {
                            json.object { json in
                                json.field("fact", fact.rawValue)
                                json.field("english", fact.todo.english)
                                json.field("korean", fact.todo.korean)
                            }
                        }
                    }
                    json.key("lastMistake")
                    mistake(progress.mistakes[step.id], held: held, into: &json)
                }
            }
        }
    }

    private static func mistake(_ mistake: StepMistake?, held: (StepEvidence) -> Bool, into json: inout JSONWriter) {
        guard let mistake else { return json.nullValue() }
        json.object { json in
            json.field("kind", mistake.kind)
            json.field("message", mistake.message)
            json.key("request")
            evidence(mistake.evidence, held: held, into: &json)
        }
    }

    private static func evidence(_ evidence: StepEvidence?, held: (StepEvidence) -> Bool, into json: inout JSONWriter) {
        guard let evidence else { return json.nullValue() }
        json.object { json in
            json.field("id", evidence.requestID)
            json.field("time", UTCTimestamp.format(evidence.time))
            json.field("method", evidence.method)
            json.field("target", evidence.target)
            json.field("status", evidence.status)
            json.field("byAddress", evidence.byAddress)
            json.field("held", held(evidence))
        }
    }
}
