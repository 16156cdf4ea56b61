import PlistDocument
import PlistKit

/// Carries out one parsed plutil verb on each file.
struct PlutilRunner {
  let invocation: PlutilInvocation
  let output: BufferedOutput

  /// plutil's format names (`xml1`, `binary1`, `json`), and PlistKit's OpenStep writer under
  /// `ascii1` and `openstep`: the rows of the one format-name table that plutil mode takes.
  static func format(named name: String) -> PropertyListFormat? {
    PropertyListFormat.names.first { $0.isPlutils && $0.text == name }?.format
  }

  /// Rejects an unknown format before any file is touched.
  func validateFormats() throws(CommandError) {
    let name: String
    switch invocation.verb {
    case .convert(let format), .create(let format): name = format
    case .extract(_, let format, _) where format != "raw": name = format
    default: return
    }
    if invocation.header, name != SourceLiteralLanguage.objectiveC.rawValue {
      throw .failure("-header is only valid for objc literal conversions.")
    }
    if case .convert = invocation.verb, SourceLiteralLanguage(rawValue: name) != nil { return }
    guard Self.format(named: name) != nil else {
      if SourceLiteralLanguage(rawValue: name) != nil {
        throw .failure("\(name) literals are written by -convert only.")
      }
      throw .failure("Unknown format specifier: \(name)")
    }
  }

  /// Does the verb to one file. Errors come back as `FILE: message`, as plutil prints them.
  func run(on file: String) throws(CommandError) {
    switch invocation.verb {
    case .help: return
    case .lint:
      try PropertyListIO.check(file)
      if !invocation.silent { output.writeLine("\(file): OK") }
    case .print:
      let value = try PropertyListIO.read(file).value
      // The checks of `print`: a sharing bomb or a long string shared from many places would
      // print without end.
      let limit = PropertyListWritingOptions.defaultMaximumOutputSize(forInputSize: FileSystem.size(of: file) ?? 0)
      try TreePrinter(palette: Palette(isEnabled: false)).print(value, to: output, limit: limit, path: file)
    case .convert(let name) where SourceLiteralLanguage(rawValue: name) != nil:
      try convertToLiteral(file, language: SourceLiteralLanguage(rawValue: name)!)
    case .convert(let name):
      let format = Self.format(named: name)!
      let destination =
        invocation.output ?? invocation.newExtension.map { FileSystem.replacingExtension(of: file, with: $0) } ?? file
      if format == .xml {
        // plutil's XML has every dictionary's keys sorted, which needs the whole value.
        try PropertyListIO.whileEditing(file, writingTo: destination) { () throws(CommandError) in
          let bytes = try serialized(try PropertyListIO.read(file).value, as: .xml, path: file)
          try PropertyListIO.write(bytes, to: destination, output: output)
        }
        return
      }
      // Binary output keeps the value writer's object order, which matches plutil's for flat
      // lists; the other formats are the same bytes either way.
      var converter = PropertyListConverter(to: format, writingOptions: writingOptions)
      converter.streamsBinaryOutput = false
      let bytes = try PropertyListIO.whileEditing(file, writingTo: destination) { () throws(CommandError) in
        try PropertyListIO.convert(file, with: converter, to: destination == "-" ? nil : destination).bytes
      }
      if let bytes { output.write(bytes: bytes) }
    case .create(let name):
      let empty = PropertyList.dictionary(PropertyListDictionary())
      let bytes = try PropertyListIO.serialize(
        empty, as: Self.format(named: name)!, options: writingOptions, path: file)
      try PropertyListIO.write(bytes, to: file, output: output)
    case .extract(let keyPath, let name, let expect):
      let value = try lookUp(keyPath, in: file, expect: expect)
      let bytes: [UInt8]
      if let format = Self.format(named: name) {
        bytes = try serialized(value, as: format, path: file)
      } else {
        bytes = Array((RawText.render(value) + (invocation.noNewline ? "" : "\n")).utf8)
      }
      try PropertyListIO.write(bytes, to: invocation.output ?? "-", output: output)
    case .type(let keyPath, let expect):
      let value = try lookUp(keyPath, in: file, expect: expect)
      output.write(Self.typeName(value) + (invocation.noNewline ? "" : "\n"))
    case .insert(let keyPath, let value, let append):
      try edit(file, .insert(try parse(value), append: append), at: keyPath)
    case .replace(let keyPath, let value):
      try edit(file, .set(try parse(value)), at: keyPath)
    case .remove(let keyPath):
      try edit(file, .remove, at: keyPath)
    }
  }

  /// `value`, read from `path`, written in `format` as plutil writes it: XML with every
  /// dictionary's keys in plutil's order (see ``PlutilXMLKeyOrder``), once the value is known
  /// not to share containers from more places than a file could hold written out.
  private func serialized(
    _ value: PropertyList, as format: PropertyListFormat, path: String
  ) throws(CommandError) -> [UInt8] {
    var value = value
    if format == .xml {
      try ExpansionCheck.refuseSharingBomb(value, path: path)
      value = PlutilXMLKeyOrder.sorted(value)
    }
    return try PropertyListIO.serialize(
      value, as: format, options: writingOptions.boundingOutput(forInputSize: FileSystem.size(of: path) ?? 0),
      path: path)
  }

  /// JSON is compact unless `-r`, as plutil writes it.
  private var writingOptions: PropertyListWritingOptions {
    PropertyListWritingOptions(prettyPrinted: invocation.readable)
  }

  private func lookUp(_ keyPath: String, in file: String, expect: String?) throws(CommandError) -> PropertyList {
    let root = try PropertyListIO.read(file).value
    // plutil finds no value at an empty key path (plistkit's own commands take it as the root).
    guard !keyPath.isEmpty else {
      throw .file(file, PropertyListError(.keyPath, at: .keyPath(""), "no value at an empty key path"))
    }
    let value = try KeyPathLookup.value(in: root, at: keyPath, path: file)
    if let expect, Self.typeName(value) != expect {
      throw .failure("\(file): Value at [\(keyPath)] expected to be \(expect) but is \(Self.typeName(value))")
    }
    return value
  }

  /// The same read–change–write cycle as `set`, `insert` and `remove`: an edit of a text file
  /// changes only the edited bytes (see ``PropertyListFileEditor``); a binary file is written whole.
  private func edit(_ file: String, _ edit: KeyPathEdit, at keyPath: String) throws(CommandError) {
    let cycle = EditCycle(
      path: file, destination: invocation.output, editor: PropertyListFileEditor(writing: writingOptions))
    try PropertyListIO.whileEditing(file, writingTo: invocation.output) { () throws(CommandError) in
      try cycle.edit(edit, at: PropertyListKeyPath(editArgument: keyPath), output: output)
    }
  }

  /// A `-TYPE VALUE` pair as plutil reads it: `-bool` is true only for YES or true.
  private func parse(_ value: PlutilInvocation.PlutilValue) throws(CommandError) -> PropertyList {
    if value.type == "bool" { return .boolean(value.text == "YES" || value.text.lowercased() == "true") }
    do {
      return try ValueParser.parse(value.text, as: value.type, typedJSON: false)
    } catch {
      throw .failure(error.message(in: .plutil) ?? "invalid value")
    }
  }

  /// plutil's type names: bool, integer, float, string, date, data, dictionary, array (and uid).
  static func typeName(_ value: PropertyList) -> String {
    value.kind == .real ? "float" : TypeName.of(value)
  }
}
