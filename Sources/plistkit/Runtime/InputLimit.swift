import PlistKit

/// `PLISTKIT_INPUT_LIMIT=BYTES`: the most bytes read from standard input, a pipe, a device or
/// anything else that is not a regular file (``PropertyListLimits/maximumUnsizedInputSize``,
/// 1 GiB by default; never more than the 4 GiB limit of any input). An environment variable
/// rather than an option so that it bounds every way in: each command, plutil and PlistBuddy
/// modes (`Import`, `Merge`), and the files a schema's `$ref` names.
enum InputLimit {
  /// The variable's name.
  static let variable = "PLISTKIT_INPUT_LIMIT"

  /// The limits every input is read within: the defaults, with the variable's limit for an
  /// input that is not a regular file when it is set to a size.
  static let limits: PropertyListLimits = {
    var limits = PropertyListLimits.default
    if let text = Terminal.environment(variable), let bytes = OutputLimit.parse(text) {
      limits.maximumUnsizedInputSize = bytes
    }
    return limits
  }()

  /// Refuses a value of the variable that is not a size, before anything is read.
  static func check() throws(CommandError) {
    guard let text = Terminal.environment(variable), OutputLimit.parse(text) == nil else { return }
    throw .usage("\(variable) takes a number of bytes, with K, M or G after it if you like (512M); not '\(text)'")
  }

  /// `options` with the limits inputs are read within.
  static func bounding(_ options: PropertyListReadingOptions) -> PropertyListReadingOptions {
    var options = options
    options.limits.maximumUnsizedInputSize = limits.maximumUnsizedInputSize
    return options
  }
}
