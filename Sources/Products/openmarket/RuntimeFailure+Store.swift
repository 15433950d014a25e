import OpenMarketStore

extension RuntimeFailure {
    /// A store that cannot be opened or set up at start, in one line. A full disk is told in terms of starting
    /// (the store's own wording speaks to a client whose write was refused).
    init(starting error: StoreError, database: String) {
        switch error {
        case .diskFull:
            self.init("the disk that holds \(database) is full, so the server cannot start; free some space and start "
                + "again (the data is kept)")
        default:
            self.init("\(database): \(error)")
        }
    }
}
