import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking

/// Linux only: whether FoundationNetworking hands a task's body to a data delegate as it comes. A protocol's client
/// passes each `didLoad` to the session's data delegate when the task was made without a completion handler, and
/// otherwise keeps only the last one for the completion handler (URLSessionTask.swift, `urlProtocol(_:didLoad:)` and
/// `completeTask`). No public API tells the two apart, so the session and its task registry are read by reflection,
/// on the task's queue (which `startLoading` runs on, serial with the session's). Anything not found as expected
/// answers false: the body then goes whole, which every kind of task receives correctly.
enum DataDelegateTask {
    static func receivesPieces(_ task: URLSessionTask?) -> Bool {
        guard let task = task as? URLSessionDataTask,
            let session = stored("session", of: task) as? URLSession,
            session.delegate is any URLSessionDataDelegate,
            let registry = stored("taskRegistry", of: session),
            let behaviours = stored("behaviours", of: registry) as? [Int: Any],
            let behaviour = behaviours[task.taskIdentifier]
        else { return false }
        // `.callDelegate` is the one behaviour without a completion handler, and the only case without a payload.
        return Mirror(reflecting: behaviour).children.isEmpty
            && String(describing: behaviour) == "callDelegate"
    }

    /// The stored property `label` of `subject` or of one of its superclasses.
    private static func stored(_ label: String, of subject: Any) -> Any? {
        var mirror: Mirror? = Mirror(reflecting: subject)
        while let current = mirror {
            if let child = current.children.first(where: { $0.label == label }) {
                return child.value
            }
            mirror = current.superclassMirror
        }
        return nil
    }
}
#endif
