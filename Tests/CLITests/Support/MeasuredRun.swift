import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Runs the CLI in a child process and measures what it cost: wall time, and the child's
/// peak resident memory from `wait4`'s resource usage (per process, unlike `getrusage` of
/// the test process, which would mix all tests).
enum MeasuredRun {
  struct Outcome {
    var status: Int32
    var stderr: String
    var seconds: Double
    var peakMemoryBytes: Int
  }

  /// Starts the CLI and sends it SIGKILL after `delay` seconds (if it is still running).
  /// Returns true when the kill landed before the process finished on its own.
  static func runKilled(_ arguments: [String], after delay: Double) throws -> Bool {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    let argv = ([CLI.binary] + arguments).map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    var pid = pid_t()
    guard posix_spawn(&pid, CLI.binary, &actions, nil, argv, environ) == 0 else {
      throw CocoaError(.executableLoad)
    }
    usleep(useconds_t(delay * 1_000_000))
    kill(pid, SIGKILL)
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    return (status & 0x7F) == SIGKILL
  }

  static func run(_ arguments: [String]) throws -> Outcome {
    let scratch = try TemporaryDirectory()
    let errorPath = scratch.url.appendingPathComponent("stderr").path
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, errorPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    let argv = ([CLI.binary] + arguments).map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    var pid = pid_t()
    var start = timespec()
    clock_gettime(CLOCK_MONOTONIC, &start)
    let spawned = posix_spawn(&pid, CLI.binary, &actions, nil, argv, environ)
    guard spawned == 0 else { throw CocoaError(.executableLoad) }
    var status: Int32 = 0
    var usage = rusage()
    while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
    var end = timespec()
    clock_gettime(CLOCK_MONOTONIC, &end)
    let seconds = Double(end.tv_sec - start.tv_sec) + Double(end.tv_nsec - start.tv_nsec) / 1e9
    let exitStatus = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
    return Outcome(
      status: exitStatus, stderr: String(decoding: try Data(contentsOf: URL(fileURLWithPath: errorPath)), as: UTF8.self),
      seconds: seconds, peakMemoryBytes: Int(usage.ru_maxrss) * 1024)
  }
}
