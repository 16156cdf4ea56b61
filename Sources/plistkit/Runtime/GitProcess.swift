#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The `git` executable, run as a child process: `git install` and `resolve` read and write
/// git's configuration and index only through it, so that git's own rules (scopes, quoting,
/// locking, `includeIf`) apply and no file of git's is edited by hand.
enum GitProcess {
  /// What one run of git produced.
  struct Result {
    var status: Int32
    var output: [UInt8]
    var error: String

    /// Standard output as text, without the final newline.
    var text: String {
      var text = String(decoding: output, as: UTF8.self)
      if text.hasSuffix("\n") { text.removeLast() }
      return text
    }

    var succeeded: Bool { status == 0 }
  }

  /// Runs `git arguments…` (found on the PATH) with standard input empty, and collects its
  /// standard output and error. Throws only when git cannot be started.
  static func run(_ arguments: [String]) throws(CommandError) -> Result {
    var outputPipe: [Int32] = [-1, -1]
    var errorPipe: [Int32] = [-1, -1]
    guard pipe(&outputPipe) == 0 else { throw .failure("cannot run git: \(String(cString: strerror(errno)))") }
    guard pipe(&errorPipe) == 0 else {
      closeAll(outputPipe)
      throw .failure("cannot run git: \(String(cString: strerror(errno)))")
    }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_adddup2(&actions, outputPipe[1], 1)
    posix_spawn_file_actions_adddup2(&actions, errorPipe[1], 2)
    for descriptor in outputPipe + errorPipe { posix_spawn_file_actions_addclose(&actions, descriptor) }

    let argv = (["git"] + arguments).map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    var child: pid_t = 0
    let spawned = posix_spawnp(&child, "git", &actions, nil, argv, environ)
    close(outputPipe[1])
    close(errorPipe[1])
    guard spawned == 0 else {
      close(outputPipe[0])
      close(errorPipe[0])
      throw .failure("cannot run git: \(String(cString: strerror(spawned))) (is git installed and on the PATH?)")
    }
    let (output, error) = readBoth(outputPipe[0], errorPipe[0])
    var status: Int32 = 0
    while waitpid(child, &status, 0) == -1 && errno == EINTR {}
    // A normal exit's status is in bits 8 to 15; a signal counts as failure.
    let exitCode = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
    return Result(status: exitCode, output: output, error: String(decoding: error, as: UTF8.self))
  }

  /// Runs git; a status other than 0 and those in `allowing` is an error that says what git
  /// said (its first line of standard error).
  @discardableResult
  static func checked(_ arguments: [String], allowing: Set<Int32> = []) throws(CommandError) -> Result {
    let result = try run(arguments)
    guard result.succeeded || allowing.contains(result.status) else {
      let said = result.error.split(separator: "\n").first.map { ": " + LineSafeText.escaped(String($0)) } ?? ""
      throw .failure("git \(arguments.joined(separator: " ")) failed (exit \(result.status))\(said)")
    }
    return result
  }

  /// Reads two pipes to their ends together, so that a child filling one never blocks on it
  /// while the other is read.
  private static func readBoth(_ first: Int32, _ second: Int32) -> ([UInt8], [UInt8]) {
    var buffers: [[UInt8]] = [[], []]
    var descriptors = [
      pollfd(fd: first, events: Int16(POLLIN), revents: 0), pollfd(fd: second, events: Int16(POLLIN), revents: 0),
    ]
    var chunk = [UInt8](repeating: 0, count: 65536)
    while descriptors.contains(where: { $0.fd >= 0 }) {
      guard poll(&descriptors, nfds_t(descriptors.count), -1) >= 0 else {
        if errno == EINTR { continue }
        break
      }
      for index in descriptors.indices where descriptors[index].fd >= 0 && descriptors[index].revents != 0 {
        let count = chunk.withUnsafeMutableBytes { read(descriptors[index].fd, $0.baseAddress, $0.count) }
        if count > 0 {
          buffers[index].append(contentsOf: chunk[..<count])
        } else if count == 0 || errno != EINTR {
          close(descriptors[index].fd)
          descriptors[index].fd = -1
        }
      }
    }
    return (buffers[0], buffers[1])
  }

  private static func closeAll(_ descriptors: [Int32]) {
    for descriptor in descriptors where descriptor >= 0 { close(descriptor) }
  }
}
