import PlistBuddy

/// A session's output on the process's standard output and standard error, in the order it was
/// printed (standard output is flushed before each line on standard error).
final class BuddyTerminal: BuddyOutput {
  private let output: BufferedOutput

  init(_ output: BufferedOutput) { self.output = output }

  func write(_ bytes: [UInt8], to stream: BuddyStream) {
    switch stream {
    case .standardOutput: output.write(bytes: bytes)
    case .standardError:
      output.flush()
      StandardError.write(String(decoding: bytes, as: UTF8.self))
    }
  }
}
