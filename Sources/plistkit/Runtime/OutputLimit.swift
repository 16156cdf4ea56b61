import PlistKit

/// `--output-limit BYTES`: the most bytes a command may write for one input (see
/// ``PropertyListWritingOptions/maximumOutputSize``). Without it the limit is 64 times the
/// input, at least 256 MiB: enough for any real file, and a small file that shares one string
/// or container from many places cannot make gigabytes.
enum OutputLimit {
  /// The option, on every command that writes values.
  static let option = Option.text(
    "output-limit", placeholder: "BYTES",
    help:
      "The most bytes to write for one input (suffixes K, M, G: 512M); default 64 times the input, at least 256M. Shared strings and containers written out at each place count in full."
  )

  /// A size in bytes, with an optional binary suffix (`K`, `M`, `G`, `T`, also `KiB`…, any
  /// case); nil for anything else or a size over `Int.max`.
  static func parse(_ text: String) -> Int? {
    let digits = text.prefix { $0.isASCII && $0.isNumber }
    guard !digits.isEmpty, let number = Int(digits) else { return nil }
    let shift: Int
    switch text.dropFirst(digits.count).lowercased() {
    case "", "b": shift = 0
    case "k", "kib", "kb": shift = 10
    case "m", "mib", "mb": shift = 20
    case "g", "gib", "gb": shift = 30
    case "t", "tib", "tb": shift = 40
    default: return nil
    }
    guard number <= Int.max >> shift else { return nil }
    return number << shift
  }
}

extension CommandContext {
  /// The limit `--output-limit` gives, or nil when it was not given (a converter then scales
  /// it to its input).
  ///
  /// - Throws: a usage error for a value that is not a size.
  func givenOutputLimit() throws(CommandError) -> Int? {
    guard let text = self[OutputLimit.option] else { return nil }
    guard let bytes = OutputLimit.parse(text) else {
      throw .usage("--output-limit takes a number of bytes, with K, M or G after it if you like (512M); not '\(text)'")
    }
    return bytes
  }

  /// The output limit for the input at `path`: `--output-limit`, or 64 times the input's size,
  /// at least 256 MiB (standard input counts as empty).
  func outputLimit(forInput path: String) throws(CommandError) -> Int {
    if let given = try givenOutputLimit() { return given }
    let size = path == "-" ? 0 : FileSystem.size(of: path) ?? 0
    return PropertyListWritingOptions.defaultMaximumOutputSize(forInputSize: size)
  }

  /// `writingOptions` bounded by the output limit for the input at `path`.
  func writingOptions(forInput path: String) throws(CommandError) -> PropertyListWritingOptions {
    var options = writingOptions
    options.maximumOutputSize = try outputLimit(forInput: path)
    return options
  }
}
