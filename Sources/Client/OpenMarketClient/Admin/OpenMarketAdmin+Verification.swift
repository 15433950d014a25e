/// What an app sent: every journaled request that passes a filter, and a wait for one the app has yet to send.
extension OpenMarketAdmin {
    /// The journaled requests that pass the filter, oldest first: every page of the journal, each request in full
    /// with its body's parts. With `filter.limit`, the newest that many; with `filter.before`, those older than it.
    public func sentRequests(_ filter: JournalFilter = JournalFilter()) async throws(OpenMarketError) -> [SentRequest] {
        var sent: [SentRequest] = []
        for summary in try await summaries(filter, after: nil).oldestFirst {
            sent.append(SentRequest(try await request(id: summary.id)))
        }
        return sent
    }

    /// The first (oldest) journaled request that passes the filter's method, path and status; when there is none
    /// yet, waits for the app to send one (a view model that posts from a `Task`), until `timeout` runs out. Without
    /// a filter, the first request of any kind.
    /// - Throws: ``OpenMarketError/sentRequestTimedOut(_:)`` saying what was waited for and listing the requests
    ///   that did arrive; other errors as every admin call.
    public func waitForSentRequest(
        _ filter: JournalFilter = JournalFilter(), timeout: Duration
    ) async throws(OpenMarketError) -> SentRequest {
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        var after = 0
        var pause = Duration.milliseconds(5)
        while true {
            // Gives up only after a look that began at the deadline or later: a look answered late (a busy machine, a
            // starved thread pool) shows the journal as it was when it began, and a request that came meanwhile
            // must not be missed.
            let lookBegan = clock.now
            let matching = JournalFilter(method: filter.method, path: filter.path, status: filter.status)
            let found = try await summaries(matching, after: after)
            if let first = found.oldestFirst.first {
                return SentRequest(try await request(id: first.id))
            }
            after = max(after, found.latestID)
            let now = clock.now
            guard lookBegan < deadline else {
                let arrived = try await summaries(JournalFilter(), after: nil)
                let journalIsOff = try await health().journal.capacity == 0
                throw .sentRequestTimedOut(
                    SentRequestTimeout(
                        filter: filter, timeout: timeout, arrived: arrived.oldestFirst, journalIsOff: journalIsOff))
            }
            do {
                try await Task.sleep(for: max(.zero, min(pause, deadline - now)))
            } catch {
                throw .transport(error)
            }
            pause = min(pause * 2, .milliseconds(100))
        }
    }

    /// Every entry that passes the filter (and is newer than `after`), oldest first, paging through the journal
    /// newest first as the server lists it; and the newest id the journal has given.
    private func summaries(
        _ filter: JournalFilter, after: Int?
    ) async throws(OpenMarketError) -> (oldestFirst: [JournalSummary], latestID: Int) {
        let wanted = filter.limit ?? .max
        var collected: [JournalSummary] = []
        var before = filter.before
        var latestID = 0
        while collected.count < wanted {
            var page = filter
            page.limit = min(Self.pageSize, wanted - collected.count)
            page.before = before
            var query = page.queryItems
            if let after {
                query.append((name: "after", value: String(after)))
            }
            let listed = try await JSONCoding.decode(
                ListedPage.self, from: send(.get, "/__admin/requests", query: query, success: [200]))
            latestID = max(latestID, listed.latestId)
            collected += listed.requests
            guard let oldest = listed.requests.last, listed.requests.count < listed.total else { break }
            before = oldest.id
        }
        return (collected.reversed(), latestID)
    }

    /// The server's largest page.
    private static let pageSize = 10_000
}

/// `GET /__admin/requests` with the newest id the journal has given, so a wait asks only for what is newer.
private struct ListedPage: Decodable {
    let requests: [JournalSummary]
    let total: Int
    let latestId: Int
}
