import OpenMarketHTTPCore
import OpenMarketStore
import OpenMarketWireFormat

/// The class views' JSON: the teacher's (`/__admin/class`) and a team's own (`/__admin/me`).
enum ClassJSON {
    static func classView(_ book: ClassBook, secrets: Bool) -> Response {
        let summary = book.summary()
        return AdminJSON.response { json in
            json.object { json in
                json.key("teams")
                json.array { json in
                    for team in summary.teams {
                        json.object { json in
                            json.field("name", team.team.name)
                            json.field("identifier", team.team.identifier)
                            if secrets {
                                json.field("secret", team.team.account.secret)
                            }
                            json.key("members")
                            json.array { json in team.team.members.forEach { json.value($0) } }
                            json.field("requests", team.requests)
                            json.field("errors", team.errors)
                            json.key("lastRefusal")
                            if let refusal = team.lastRefusal {
                                json.object { json in
                                    json.field("method", refusal.method)
                                    json.field("path", refusal.path)
                                    json.field("status", refusal.status)
                                    json.field("message", refusal.message)
                                }
                            } else {
                                json.nullValue()
                            }
                        }
                    }
                }
                json.key("mistakes")
                json.array { json in
                    for mistake in summary.mistakes {
                        json.object { json in
                            json.field("kind", mistake.kind)
                            json.field("message", mistake.message)
                            json.key("teams")
                            json.array { json in mistake.teams.forEach { json.value($0) } }
                        }
                    }
                }
            }
        }
    }

    /// The team (never its secret), its recent requests as the journal lists them, its products, and its progress
    /// through the course (a request it names is `held` while it is among the team's recent ones).
    static func me(
        team: ClassTeam, entries: [JournalEntry], products: [Product], usesVendors: Bool, progress: TeamProgress,
        course: Course, journalRun: Int64
    ) -> Response {
        AdminJSON.response { json in
            json.object { json in
                json.key("team")
                json.object { json in
                    json.field("name", team.name)
                    json.field("identifier", team.identifier)
                    json.key("members")
                    json.array { json in team.members.forEach { json.value($0) } }
                }
                json.key("requests")
                json.array { json in
                    for entry in entries {
                        json.object { JournalJSON.summary(&$0, entry) }
                    }
                }
                json.field("keeps", TeamActivity.recentCapacity)
                json.key("progress")
                json.object { json in
                    let held = Set(entries.map(\.id))
                    ProgressJSON.write(progress, course: course, into: &json) { evidence in
                        evidence.journalRun == journalRun && held.contains(evidence.requestID)
                    }
                }
                if usesVendors {
                    json.key("products")
                    json.array { json in
                        for product in products {
                            json.object { AdminProductJSON.summary(&$0, product, adminImageURLs: false) }
                        }
                    }
                }
            }
        }
    }
}
