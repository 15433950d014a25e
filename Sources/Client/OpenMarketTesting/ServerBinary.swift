import Foundation

/// Finds the `openmarket` executable: the one the options name, else `OPENMARKET_BINARY`, else the first in `PATH`.
enum ServerBinary {
    static let variable = "OPENMARKET_BINARY"

    static func locate(
        explicit: URL? = nil, environment: [String: String],
        isExecutable: (String) -> Bool = FileManager.default.isExecutableFile(atPath:)
    ) throws(OpenMarketTestingError) -> URL {
        if let path = explicit?.path ?? environment[variable].flatMap({ $0.isEmpty ? nil : $0 }) {
            guard isExecutable(path) else { throw .binaryNotExecutable(path: path) }
            return URL(fileURLWithPath: path)
        }
        let directories = (environment["PATH"] ?? "").split(separator: ":").map(String.init)
        for directory in directories {
            let candidate = URL(fileURLWithPath: directory).appendingPathComponent("openmarket")
            if isExecutable(candidate.path) {
                return candidate
            }
        }
        throw .binaryNotFound(searchedPath: directories)
    }
}
