#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The process's arguments as the system passed them, before Swift decoded them: an argument
/// that is not valid UTF-8 reaches `CommandLine.arguments` with U+FFFD in place of its bad
/// bytes, which a command that matches text must not take for the user's term.
enum RawArguments {
  /// True when `text` came from an argument whose bytes are not valid UTF-8.
  static func isRepaired(_ text: String) -> Bool {
    guard text.unicodeScalars.contains("\u{FFFD}") else { return false }
    for index in 1..<Int(CommandLine.argc) {
      guard let pointer = CommandLine.unsafeArgv[index] else { continue }
      let length = strlen(pointer)
      let bytes = UnsafeRawBufferPointer(start: pointer, count: length)
      let decoded = String(decoding: bytes, as: UTF8.self)
      if decoded.utf8.elementsEqual(text.utf8), String(validating: bytes, as: UTF8.self) == nil { return true }
    }
    return false
  }
}
