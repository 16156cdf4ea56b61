/// A `plutil` command line, parsed: one verb, the shared options, the files.
///
/// The grammar is plutil's: the verb (`-lint` when none is given) with its own arguments,
/// `-s -o -e -r -n` anywhere, `--` before file names that start with a dash.
struct PlutilInvocation: Equatable {
  /// What to do to each file.
  enum Verb: Equatable {
    case lint
    case help
    case print
    case convert(format: String)
    case insert(keyPath: String, value: PlutilValue, append: Bool)
    case replace(keyPath: String, value: PlutilValue)
    case remove(keyPath: String)
    case extract(keyPath: String, format: String, expect: String?)
    case type(keyPath: String, expect: String?)
    case create(format: String)
  }

  /// A value given as `-TYPE VALUE` (`-string hi`, `-dictionary`).
  struct PlutilValue: Equatable {
    /// plutil's type name: bool, integer, float, date, string, data, xml, json, dictionary, array.
    var type: String
    /// The text after it (empty for dictionary and array).
    var text: String
  }

  var verb: Verb = .lint
  var silent = false
  var output: String?
  var newExtension: String?
  var readable = false
  var noNewline = false
  var files: [String] = []

  /// A command line plutil would reject, with plutil's message.
  struct Failure: Error, Equatable {
    var message: String
  }

  /// The value types `-insert` and `-replace` accept, as `-TYPE`.
  static let valueTypes = ["bool", "integer", "float", "date", "string", "data", "xml", "json", "dictionary", "array"]

  /// Parses the arguments after `plutil`.
  init(_ words: [String]) throws(Failure) {
    var verbSeen = false
    var expect: String?
    var append = false
    var index = 0
    func next(_ what: String, after option: String) throws(Failure) -> String {
      guard index < words.count else { throw Failure(message: "Missing argument for \(option) (\(what)).") }
      defer { index += 1 }
      return words[index]
    }
    func setVerb(_ newVerb: Verb, _ option: String) throws(Failure) {
      guard !verbSeen else {
        throw Failure(message: "Only one command option may be given; found \(option) after another.")
      }
      verbSeen = true
      verb = newVerb
    }
    while index < words.count {
      let word = words[index]
      index += 1
      switch word {
      case "--":
        files += words[index...]
        index = words.count
      case "-help", "--help", "-h": try setVerb(.help, word)
      case "-lint": try setVerb(.lint, word)
      case "-p": try setVerb(.print, word)
      case "-convert": try setVerb(.convert(format: next("format", after: word)), word)
      case "-create": try setVerb(.create(format: next("format", after: word)), word)
      case "-remove": try setVerb(.remove(keyPath: next("keypath", after: word)), word)
      case "-type": try setVerb(.type(keyPath: next("keypath", after: word), expect: nil), word)
      case "-extract":
        let keyPath = try next("keypath", after: word)
        try setVerb(.extract(keyPath: keyPath, format: next("format", after: word), expect: nil), word)
      case "-insert", "-replace":
        let keyPath = try next("keypath", after: word)
        let typeWord = try next("-TYPE", after: word)
        let type = String(typeWord.dropFirst())
        guard typeWord.hasPrefix("-"), Self.valueTypes.contains(type) else {
          throw Failure(
            message: "Unknown value type '\(typeWord)'; expected one of -\(Self.valueTypes.joined(separator: " -")).")
        }
        let text = type == "dictionary" || type == "array" ? "" : try next("value", after: typeWord)
        let value = PlutilValue(type: type, text: text)
        try setVerb(
          word == "-insert"
            ? .insert(keyPath: keyPath, value: value, append: false) : .replace(keyPath: keyPath, value: value), word)
      case "-expect": expect = try next("type", after: word)
      case "-append": append = true
      case "-s": silent = true
      case "-r": readable = true
      case "-n": noNewline = true
      case "-o": output = try next("path", after: word)
      case "-e": newExtension = try next("extension", after: word)
      default:
        if word.hasPrefix("-"), word != "-" { throw Failure(message: "unrecognized option: \(word)") }
        files.append(word)
      }
    }
    switch verb {
    case .extract(let keyPath, let format, _): verb = .extract(keyPath: keyPath, format: format, expect: expect)
    case .type(let keyPath, _): verb = .type(keyPath: keyPath, expect: expect)
    case .insert(let keyPath, let value, _): verb = .insert(keyPath: keyPath, value: value, append: append)
    default: break
    }
  }
}
