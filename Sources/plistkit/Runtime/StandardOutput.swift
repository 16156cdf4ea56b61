import PlistKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Standard output through one growing byte buffer, written out in large blocks: a command
/// that prints thousands of lines makes a handful of `write` calls.
final class BufferedOutput {
  private let descriptor: Int32
  private var buffer: [UInt8] = []
  private let flushThreshold = 1 << 16
  /// Set once a write fails (a closed pipe, a full disk): later output is dropped.
  private(set) var failed = false
  /// The `errno` of the first failed write.
  private(set) var failure: Int32 = 0

  /// Makes a writer for a file descriptor (1 for standard output).
  init(descriptor: Int32) {
    self.descriptor = descriptor
    buffer.reserveCapacity(flushThreshold)
  }

  /// Appends text.
  func write(_ text: String) {
    buffer.append(contentsOf: text.utf8)
    if buffer.count >= flushThreshold { flush() }
  }

  /// Appends text and a newline.
  func writeLine(_ text: String) {
    buffer.append(contentsOf: text.utf8)
    buffer.append(0x0A)
    if buffer.count >= flushThreshold { flush() }
  }

  /// Appends bytes (large ones go straight out, without a copy into the buffer).
  func write(bytes: [UInt8]) {
    if bytes.count >= flushThreshold {
      flush()
      record(Self.writeAll(bytes, to: descriptor, failed: &failed))
    } else {
      buffer.append(contentsOf: bytes)
      if buffer.count >= flushThreshold { flush() }
    }
  }

  /// Writes out everything buffered.
  func flush() {
    guard !buffer.isEmpty else { return }
    record(Self.writeAll(buffer, to: descriptor, failed: &failed))
    buffer.removeAll(keepingCapacity: true)
  }

  /// Flushes what is left and turns a command's status into the process's: a command whose
  /// output was not all written fails, whatever it returned, so that nothing claims success for
  /// data that never arrived. A reader that went away (`EPIPE`, as in `… | head`) is told
  /// nothing; any other failure (a full disk, a device error) is reported on standard error.
  func finish(_ status: ExitStatus) -> ExitStatus {
    flush()
    guard failed else { return status }
    if failure != EPIPE {
      StandardError.writeLine("plistkit: cannot write to standard output: \(String(cString: strerror(failure)))")
    }
    return .failure
  }

  private func record(_ error: Int32?) {
    if let error, failure == 0 { failure = error }
  }

  /// Writes all of `bytes`, retrying short writes and interrupted calls; the `errno` of a
  /// failed write, nil when all was written (or an earlier write had failed).
  @discardableResult
  static func writeAll(_ bytes: [UInt8], to descriptor: Int32, failed: inout Bool) -> Int32? {
    guard !failed else { return nil }
    if !bytes.withUnsafeBytes({ SystemFile(descriptor: descriptor).writeAll($0) }) {
      failed = true
      return errno
    }
    return nil
  }
}

/// Standard error, unbuffered: a diagnostic appears at once, whole, as one line.
enum StandardError {
  /// Writes one line, with overlong quotations of the input cut (see ``MessageAbbreviation``).
  static func writeLine(_ text: String) {
    var failed = false
    BufferedOutput.writeAll(Array((MessageAbbreviation.abbreviated(text) + "\n").utf8), to: 2, failed: &failed)
  }

  /// Writes text without adding a newline (for the progress bar).
  static func write(_ text: String) {
    var failed = false
    BufferedOutput.writeAll(Array(text.utf8), to: 2, failed: &failed)
  }
}

/// Facts about the process's environment that change the output.
enum Terminal {
  /// True when the descriptor is a terminal.
  static func isTerminal(_ descriptor: Int32) -> Bool { isatty(descriptor) == 1 }

  /// The value of an environment variable.
  static func environment(_ name: String) -> String? {
    guard let value = getenv(name) else { return nil }
    return String(cString: value)
  }

  /// True when the user asked for no colour (https://no-color.org: set and not empty).
  static var noColorRequested: Bool { !(environment("NO_COLOR") ?? "").isEmpty }

  /// Refuses binary output bound for a terminal by default: its bytes would garble the screen.
  /// `output` is the `--output` given, if any: `-o -` asks for standard output by name, and a
  /// pipe or a file is no terminal.
  static func refuseBinary(_ format: PropertyListFormat?, output: String?) throws(CommandError) {
    guard format == .binary, output == nil, isTerminal(1) else { return }
    throw .usage("binary output would go to the terminal; give -o FILE, pipe it, or give -o - to write it anyway")
  }
}
