import Foundation

// Runs the whole v2b flow through the generated client against the emulator at the URL given (see ../../run.sh).
// Exits 0 when every step answered as the document says, 1 at the first step that did not.

guard CommandLine.arguments.count == 2, let serverURL = URL(string: CommandLine.arguments[1]) else {
    FileHandle.standardError.write(Data("usage: V2bFlow <server URL, e.g. http://127.0.0.1:8080>\n".utf8))
    exit(64)
}
do {
    try await V2bFlow(serverURL: serverURL).run()
    print("v2b flow: every step passed")
} catch {
    FileHandle.standardError.write(Data("v2b flow failed: \(error)\n".utf8))
    exit(1)
}
