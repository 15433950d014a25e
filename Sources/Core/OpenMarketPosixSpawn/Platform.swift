#if os(macOS) || os(Linux)
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// Where Glibc and Darwin differ for posix_spawn. Only the Glibc side is built and tested here; the Darwin side
// follows Apple's spawn.h and man pages.

#if canImport(Darwin)
/// Darwin's spawn types are opaque pointers that posix_spawn_*_init allocates; Glibc's are structs.
typealias FileActions = posix_spawn_file_actions_t?
typealias SpawnAttributes = posix_spawnattr_t?
var emptyFileActions: FileActions { nil }
var emptySpawnAttributes: SpawnAttributes { nil }
#else
typealias FileActions = posix_spawn_file_actions_t
typealias SpawnAttributes = posix_spawnattr_t
var emptyFileActions: FileActions { FileActions() }
var emptySpawnAttributes: SpawnAttributes { SpawnAttributes() }
#endif

/// Spawn flags beyond the signal and process-group ones. On Darwin the child closes every descriptor that no file
/// action names (POSIX_SPAWN_CLOEXEC_DEFAULT); Glibc has no such flag and uses `closeUnnamedDescriptors` instead.
var platformSpawnFlags: Int32 {
    #if canImport(Darwin)
    POSIX_SPAWN_CLOEXEC_DEFAULT
    #else
    0
    #endif
}

/// Keeps the child's descriptor `fd` open as the parent's, which posix_spawn does by itself unless
/// POSIX_SPAWN_CLOEXEC_DEFAULT closes it (Darwin).
func inheritDescriptor(_ fd: Int32, _ actions: inout FileActions) -> Int32 {
    #if canImport(Darwin)
    posix_spawn_file_actions_addinherit_np(&actions, fd)
    #else
    0
    #endif
}

/// Closes in the child every descriptor from 3 up, whatever the parent opened without FD_CLOEXEC. Without it a
/// child keeps, for example, another test's pipe open, and that test's read never ends. Darwin does it with
/// POSIX_SPAWN_CLOEXEC_DEFAULT. Glibc has posix_spawn_file_actions_addclosefrom_np from 2.34 on (Debian 12, Ubuntu
/// 22.04); its header declares it only under _GNU_SOURCE, which Swift's Glibc module is not built with, so it is
/// looked up by name. Where it is missing the child inherits those descriptors, as posix_spawn always did.
func closeUnnamedDescriptors(_ actions: inout FileActions) -> Int32 {
    #if canImport(Darwin)
    0
    #else
    guard let addCloseFrom = glibcAddCloseFrom else { return 0 }
    return addCloseFrom(&actions, 3)
    #endif
}

#if !canImport(Darwin)
private typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32

/// Looked up once in the libraries the program was started with (libc among them); nil before glibc 2.34.
private let glibcAddCloseFrom: AddCloseFrom? = {
    guard let symbol = dlsym(dlopen(nil, RTLD_LAZY), "posix_spawn_file_actions_addclosefrom_np") else { return nil }
    return unsafeBitCast(symbol, to: AddCloseFrom.self)
}()
#endif

/// A pipe whose two ends this process closes on exec. (pipe2 would set that atomically, but Swift's Glibc module
/// leaves it out, as Darwin does; a child spawned by another thread in between still gets neither end, because
/// every child of this module closes what it was not given.)
func closeOnExecPipe() -> (read: Int32, write: Int32)? {
    var ends: [Int32] = [-1, -1]
    guard pipe(&ends) == 0 else { return nil }
    for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
    return (ends[0], ends[1])
}

/// This process's environment, as posix_spawn takes it.
var inheritedEnvironment: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? {
    #if canImport(Darwin)
    _NSGetEnviron()?.pointee
    #else
    environ
    #endif
}
#endif
