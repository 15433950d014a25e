import OpenMarketSQLite

/// An INSERT of many rows at once into one table: `rowsPerStatement` rows share one statement, so a seed of a
/// million products runs a few tens of thousands of statements instead of millions, each opening the table's and
/// its indexes' cursors once for all its rows. The rows that do not fill a last statement go one per statement, so
/// that there are two texts to prepare and cache, whatever the count.
struct RowBatch {
    private let columnCount: Int
    private let rowsPerStatement: Int
    private let batchSQL: String
    private let rowSQL: String

    init(into table: String, columns: [String], rowsPerStatement: Int) {
        columnCount = columns.count
        self.rowsPerStatement = rowsPerStatement
        let head = "INSERT INTO \(table) (\(columns.joined(separator: ", "))) VALUES "
        let row = "(" + Array(repeating: "?", count: columns.count).joined(separator: ", ") + ")"
        batchSQL = head + Array(repeating: row, count: rowsPerStatement).joined(separator: ", ")
        rowSQL = head + row
    }

    /// Writes `rows`, `bind` binding one row's values from parameter `first` on, in `columns`' order.
    func insert<Row>(
        _ rows: [Row], on connection: Connection, bind: (_ row: Row, _ statement: Statement, _ first: Int32) throws -> Void
    ) throws {
        var start = rows.startIndex
        while start < rows.endIndex {
            let count = rows.endIndex - start >= rowsPerStatement ? rowsPerStatement : 1
            try connection.withStatement(count == 1 ? rowSQL : batchSQL) { statement in
                for offset in 0..<count {
                    try bind(rows[start + offset], statement, Int32(offset * columnCount + 1))
                }
                try statement.run()
            }
            start += count
        }
    }
}
