import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Runs the CLI in a child process under a memory cap and measures its time.
///
/// Memory is enforced rather than measured: the child runs with `RLIMIT_DATA` (heap and other
/// private writable memory) set to the cap, so going over it is an allocation failure and a
/// crash, which the exit status shows. `ru_maxrss` cannot serve here: `posix_spawn` starts the
/// child with `vfork`, and Linux carries the parent's high-water mark into the child at `exec`,
/// so a child of a large test process would "use" the test process's memory.
///
/// Time is the child's own CPU time (user + system, from `wait4`), which other work on a busy
/// machine does not inflate the way it inflates wall time.
enum MeasuredRun {
  struct Outcome {
    var status: Int32
    var stderr: String
    /// How many bytes the child wrote to standard output.
    var stdoutSize: Int
    /// CPU time of the child, user + system.
    var cpuSeconds: Double
    /// Wall time from spawn to exit.
    var wallSeconds: Double
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

  /// Runs `plistkit arguments…` with its private writable memory capped at `memoryLimit` bytes,
  /// or uncapped when `memoryLimit` is nil.
  static func run(_ arguments: [String], memoryLimit: Int?) throws -> Outcome {
    let scratch = try TemporaryDirectory()
    let errorPath = scratch.url.appendingPathComponent("stderr").path
    let outputPath = scratch.url.appendingPathComponent("stdout").path
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_addopen(&actions, 2, errorPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    // The shell sets the limit on itself and then becomes the CLI through exec.
    let script = (memoryLimit.map { "ulimit -d \($0 / 1024) && " } ?? "") + "exec \"$0\" \"$@\""
    let argv = (["/bin/sh", "-c", script, CLI.binary] + arguments).map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    var pid = pid_t()
    var start = timespec()
    clock_gettime(CLOCK_MONOTONIC, &start)
    let spawned = posix_spawn(&pid, "/bin/sh", &actions, nil, argv, environ)
    guard spawned == 0 else { throw CocoaError(.executableLoad) }
    var status: Int32 = 0
    var usage = rusage()
    while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
    var end = timespec()
    clock_gettime(CLOCK_MONOTONIC, &end)
    let wall = Double(end.tv_sec - start.tv_sec) + Double(end.tv_nsec - start.tv_nsec) / 1e9
    let cpu =
      Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
      + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
    let exitStatus = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
    return Outcome(
      status: exitStatus,
      stderr: String(decoding: try Data(contentsOf: URL(fileURLWithPath: errorPath)), as: UTF8.self),
      stdoutSize: (try FileManager.default.attributesOfItem(atPath: outputPath)[.size] as? Int) ?? 0,
      cpuSeconds: cpu, wallSeconds: wall)
  }
}
