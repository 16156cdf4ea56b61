import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Runs the CLI in a child process and measures what it cost: wall time, and the child's
/// peak resident memory.
///
/// The memory comes from GNU `time` (`/usr/bin/time -f %M`) when it is installed: `wait4`'s
/// `ru_maxrss` for a child spawned straight from the test process is not the child's own
/// peak on Linux, because `exec` folds the peak of the memory it replaces into it, and a
/// `posix_spawn`ed child replaces the (large, shared) memory of the test process. `time`
/// forks from its own small process, so the number it reports is the CLI's.
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
    let memoryPath = scratch.url.appendingPathComponent("memory").path
    let timer = "/usr/bin/time"
    let timed = FileManager.default.isExecutableFile(atPath: timer)
    let command = (timed ? [timer, "-f", "%M", "-o", memoryPath, "--"] : []) + [CLI.binary] + arguments
    let argv = command.map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    var pid = pid_t()
    var start = timespec()
    clock_gettime(CLOCK_MONOTONIC, &start)
    let spawned = posix_spawn(&pid, command[0], &actions, nil, argv, environ)
    guard spawned == 0 else { throw CocoaError(.executableLoad) }
    var status: Int32 = 0
    var usage = rusage()
    while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
    var end = timespec()
    clock_gettime(CLOCK_MONOTONIC, &end)
    let seconds = Double(end.tv_sec - start.tv_sec) + Double(end.tv_nsec - start.tv_nsec) / 1e9
    let exitStatus = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
    var peakKilobytes = Int(usage.ru_maxrss)
    if timed, let report = try? String(contentsOfFile: memoryPath, encoding: .utf8),
      let kilobytes = report.split(separator: "\n").last.flatMap({ Int($0.trimmingCharacters(in: .whitespaces)) })
    {
      peakKilobytes = kilobytes
    }
    return Outcome(
      status: exitStatus, stderr: String(decoding: try Data(contentsOf: URL(fileURLWithPath: errorPath)), as: UTF8.self),
      seconds: seconds, peakMemoryBytes: peakKilobytes * 1024)
  }
}
