// Which way of first touching URLSession.shared lets a later install() reach it, in a process of its own (the shared
// session is made once per process): `OpenMarketSharedSessionProbe ORDER`, ORDER one of
//   untouched                    the first install() makes the shared session
//   shared-first                 the shared session is used before any other session and before install()
//   another-session-then-shared  another session is made, then the shared session used, then install()
// Prints "reached" when the shared session then gets the emulator's answer, "missed" when its request goes to the
// network (127.0.0.1:1, where nothing listens), and exits 0 either way; OpenMarketEmulatorTests reads it.
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import OpenMarketEmulator

let host = "127.0.0.1:1"
let health = URL(string: "http://\(host)/healthChecker")!

/// The shared session's status for `health`, or nil when the request failed.
func sharedStatus() -> Int? {
    let done = DispatchSemaphore(value: 0)
    nonisolated(unsafe) var status: Int?
    URLSession.shared.dataTask(with: health) { _, response, _ in
        status = (response as? HTTPURLResponse)?.statusCode
        done.signal()
    }.resume()
    _ = done.wait(timeout: .now() + 30)
    return status
}

let order = CommandLine.arguments.dropFirst().first ?? ""
switch order {
case "untouched":
    break
case "shared-first":
    _ = sharedStatus()
case "another-session-then-shared":
    _ = URLSession(configuration: .default)
    _ = sharedStatus()
default:
    let usage = "usage: OpenMarketSharedSessionProbe untouched|shared-first|another-session-then-shared\n"
    FileHandle.standardError.write(Data(usage.utf8))
    exit(64)
}
let emulator = try OpenMarketEmulator(.init(generation: .v2b, hosts: [host]))
emulator.install()
print(sharedStatus() == 200 ? "reached" : "missed")
emulator.uninstall()
