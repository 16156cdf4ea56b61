/// A `plutil` command line, parsed: one verb, the shared options, the files.
///
/// The grammar is plutil's, declared as a table (``spec``) that the one argument parser reads in
/// plutil's dialect: the verb (`-lint` when none is given) with its own arguments, `-s -o -e -r
/// -n` anywhere, `--` before file names that start with a dash.
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
  /// With `-convert objc`: also write the `extern` declaration to a `.h` file.
  var header = false
  var files: [String] = []

  /// The value types `-insert` and `-replace` accept, as `-TYPE`.
  static let valueTypes = ["bool", "integer", "float", "date", "string", "data", "xml", "json", "dictionary", "array"]

  /// Parses the arguments after `plutil`.
  ///
  /// - Throws: ``CommandError`` with plutil's message for a command line it would reject.
  init(_ words: [String]) throws(CommandError) {
    let parsed = try ArgumentParser(command: Self.spec).parse(words)
    func typed(_ words: [String]) -> (String, PlutilValue) {
      (words[0], PlutilValue(type: words[1], text: words.count > 2 ? words[2] : ""))
    }
    let expect = parsed[Options.expect]
    if parsed[Options.help] {
      verb = .help
    } else if parsed[Options.print] {
      verb = .print
    } else if let format = parsed[Options.convert] {
      verb = .convert(format: format)
    } else if let format = parsed[Options.create] {
      verb = .create(format: format)
    } else if let keyPath = parsed[Options.remove] {
      verb = .remove(keyPath: keyPath)
    } else if let keyPath = parsed[Options.type] {
      verb = .type(keyPath: keyPath, expect: expect)
    } else if let words = parsed[Options.extract] {
      verb = .extract(keyPath: words[0], format: words[1], expect: expect)
    } else if let words = parsed[Options.insert] {
      let (keyPath, value) = typed(words)
      verb = .insert(keyPath: keyPath, value: value, append: parsed[Options.append])
    } else if let words = parsed[Options.replace] {
      let (keyPath, value) = typed(words)
      verb = .replace(keyPath: keyPath, value: value)
    }
    silent = parsed[Options.silent]
    output = parsed[Options.output]
    newExtension = parsed[Options.newExtension]
    readable = parsed[Options.readable]
    noNewline = parsed[Options.noNewline]
    header = parsed[Options.header]
    files = parsed[Options.files]
  }

  /// plutil's options, in its own words.
  enum Options {
    static let help = verbFlag("help", spellings: ["--help", "-h"])
    static let lint = verbFlag("lint")
    static let print = verbFlag("p")
    static let convert = verbWords("convert", "format")
    static let create = verbWords("create", "format")
    static let remove = verbWords("remove", "keypath")
    static let type = verbWords("type", "keypath")
    static let extract = verbWordList("extract", ["keypath", "format"])
    static let insert = typedValueVerb("insert")
    static let replace = typedValueVerb("replace")
    static let expect = Option.text("expect", placeholder: "type", help: "Fail unless the value has this type.")
    static let append = Option.flag("append", help: "With -insert: add the value at the end of the array.")
    static let silent = Option.flag("s", help: "Print nothing on success.")
    static let readable = Option.flag("r", help: "Write JSON indented for people.")
    static let noNewline = Option.flag("n", help: "No newline after -extract raw and -type output.")
    static let header = Option.flag("header", help: "With -convert objc: also write the header.")
    static let output = Option.text("o", placeholder: "path", help: "Write the result here.").checked(as: .outputPath)
    static let newExtension = Option.text("e", placeholder: "extension", help: "With -convert, write FILE.EXT.")
      .checked(as: .fileExtension)
    static let files = Argument.variadic("FILE", help: "The files.", allowsNone: true, completion: .file)

    /// A command option that takes no word.
    private static func verbFlag(_ long: String, spellings: [String] = []) -> Option<Bool> {
      var option = Option.flag(long, help: "")
      option = Option(spec: grouped(option.spec, spellings: spellings), value: option.value)
      return option
    }

    /// A command option that takes one word.
    private static func verbWords(_ long: String, _ placeholder: String) -> Option<String?> {
      let option = Option.text(long, placeholder: placeholder, help: "")
      return Option(spec: grouped(option.spec), value: option.value)
    }

    /// A command option that takes several words.
    private static func verbWordList(_ long: String, _ placeholders: [String]) -> Option<[String]?> {
      var spec = grouped(OptionSpec.text(long, placeholder: placeholders[0], help: ""))
      spec.moreWords = Array(placeholders.dropFirst())
      return Option(spec: spec) { $0.isEmpty ? nil : $0 }
    }

    /// `-insert`/`-replace KEYPATH -TYPE [VALUE]`.
    private static func typedValueVerb(_ long: String) -> Option<[String]?> {
      var spec = grouped(OptionSpec.text(long, placeholder: "keypath", help: ""))
      spec.typedValue = (valueTypes, ["dictionary", "array"])
      return Option(spec: spec) { $0.isEmpty ? nil : $0 }
    }

    private static func grouped(_ spec: OptionSpec, spellings: [String] = []) -> OptionSpec {
      var spec = spec
      spec.group = "command"
      spec.spellings = spellings
      return spec
    }
  }

  /// plutil's command line as a table, for the argument parser.
  static let spec = CommandSpec(
    name: "plutil", abstract: "plutil's command line.",
    options: [
      Options.help.spec, Options.lint.spec, Options.print.spec, Options.convert.spec, Options.create.spec,
      Options.remove.spec, Options.type.spec, Options.extract.spec, Options.insert.spec, Options.replace.spec,
      Options.expect.spec, Options.append.spec, Options.silent.spec, Options.readable.spec, Options.noNewline.spec,
      Options.header.spec, Options.output.spec, Options.newExtension.spec,
    ],
    arguments: [Options.files.spec], dialect: .plutil, run: { _ in .success })
}
