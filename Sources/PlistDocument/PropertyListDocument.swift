import PlistKit
import XcodeProject

/// A text property list (XML, OpenStep, JSON) read with its layout kept, to be edited by key
/// path and written back with every byte that an edit does not touch unchanged.
///
/// Reading keeps the concrete syntax: the byte span of every key and value (`Node`), and
/// between them every comment, run of white space and piece of punctuation, exactly as it
/// was; the text's encoding (UTF-8, UTF-8 with a byte-order mark, UTF-16 in either byte
/// order with a byte-order mark), its line endings, and its style (a `.strings` file without
/// outer braces, quoted keys and strings, the indentation). ``value`` is the property list the
/// text holds. Unedited, ``bytes`` is the file as it was read, byte for byte.
///
/// An edit by key path (``setValue(_:at:)``, ``insertValue(_:at:append:)``,
/// ``removeValue(at:)``, ``moveValue(from:to:)``) replaces only the bytes of what it changes:
/// a new value is written in place of the old one, a new entry gets a line of its own (or
/// its place on the line, in a one-line container) indented and quoted like its siblings, and
/// a removed entry takes its own lines with it, with any comment lines right above it.
/// Everything else stays as it was, comments included. Edits fail exactly as the same edits
/// of the value do (`PropertyList/setValue(_:at:)` and the others), with the same errors, and
/// change nothing when they fail.
///
/// A `project.pbxproj` file (an OpenStep file that starts with Xcode's `// !$*UTF8*$!` line)
/// is edited the way Xcode writes it: new keys go where Xcode's order puts them, new objects
/// into the `/* Begin ISA section */` block of their `isa` in the order of their IDs (a block
/// is added or removed as needed), one-line objects stay on one line, strings are quoted as
/// Xcode quotes them, and every `/* comment */` an edit affects is written again (renaming a
/// file reference changes its comment wherever it is referenced). See `XcodeProjectWriter`.
///
/// Binary property lists have no layout to keep: they are read and written as values.
public struct PropertyListDocument: Sendable {
  /// How to read, edit and write a document.
  public struct Options: Sendable, Equatable {
    /// How the text is read (limits, the JSON style).
    public var reading: PropertyListReadingOptions
    /// How new values are written: the JSON style, and what the OpenStep form does with
    /// values it lacks (integers, reals, booleans, dates, UIDs).
    public var writing: PropertyListWritingOptions
    /// Whether to edit the document as an Xcode project file: nil decides from the text (an
    /// OpenStep file that starts with `// !$*UTF8*$!`).
    public var xcodeProject: Bool?
    /// The project's name, for the comment of its configuration list; nil takes it from that
    /// comment in the file, or from the project's first target (see `XcodeProjectComments`).
    public var projectName: String?

    /// Makes options.
    public init(
      reading: PropertyListReadingOptions = .default, writing: PropertyListWritingOptions = .default,
      xcodeProject: Bool? = nil, projectName: String? = nil
    ) {
      self.reading = reading
      self.writing = writing
      self.xcodeProject = xcodeProject
      self.projectName = projectName
    }
  }

  /// The format of the text.
  public let format: PropertyListFormat
  /// The encoding of the text.
  public let encoding: TextEncoding
  /// The line ending of the text's first line, used for the lines edits add.
  public let lineEnding: LineEnding
  /// True when the document is edited as an Xcode project file.
  public let isXcodeProject: Bool
  /// The options in force: those given, but for a JSON document that the reader took as typed
  /// JSON (it holds the typed form's tags), which is read and written as typed, and for an
  /// OpenStep document that holds GNUstep's typed values (`<*I5>`), which writes new integers,
  /// reals, booleans and dates in that form too (`PropertyListWritingOptions.openStepWritesGNUstepScalars`).
  public let options: Options
  /// The project's name, when ``isXcodeProject``.
  public let projectName: String?
  /// True once an edit has changed the text.
  public internal(set) var isEdited = false

  /// The text, as UTF-8 without a byte-order mark.
  var text: [UInt8]
  /// Further byte-order marks (U+FEFF) right after the encoding's own, which the readers pass
  /// over: kept apart from ``text`` so that the syntax starts where the readers' does, and
  /// written back before it.
  var extraByteOrderMarks = 0
  var tree: SyntaxTree
  /// True when the text changed since ``tree`` was found (see ``refreshSyntax()``).
  var syntaxIsStale = false
  /// How many times the syntax was found again after edits: the measure of an edit's work that
  /// grows with the file, which tests hold to a bound.
  package internal(set) var syntaxScans = 0
  /// The value of the text, when known (XML and JSON keep it to find which containers are
  /// values; OpenStep documents work without it, which keeps large project files small).
  var knownValue: PropertyList?
  var style: DocumentStyle

  /// Reads a document.
  ///
  /// - Parameters:
  ///   - bytes: the file.
  ///   - format: its format; nil detects it from the content.
  ///   - fileName: the file's name, a hint for detection as the readers take it (a `.json`
  ///     name is read as JSON unless the content is a binary or XML property list).
  ///   - options: how to read, edit and write it.
  /// - Throws: the reader's error, exactly, for a file the reader refuses;
  ///   `PropertyListError/Kind/notRepresentable` for a binary property list (it has no
  ///   text to keep) and for XML in an encoding other than UTF-8 and UTF-16.
  public init(
    bytes: [UInt8], format: PropertyListFormat? = nil, fileName: String? = nil, options: Options = Options()
  ) throws(PropertyListError) {
    let read = try bytes.withRawBytes { (buffer) throws(PropertyListError) in
      let (value, resolved, reading) = try DocumentReading.read(
        buffer, format: format, fileName: fileName, options: options.reading)
      let encoding = TextEncoding.detect(buffer)
      // UTF-8 without a byte-order mark is its own text: share the bytes rather than copy them.
      return (
        value, resolved, reading, encoding, encoding == .utf8 ? nil : try encoding.text(of: buffer, format: resolved)
      )
    }
    let (value, resolved, reading, encoding, converted) = read
    var options = options
    options.reading = reading
    if reading.jsonStyle == .typed { options.writing.jsonStyle = .typed }
    var text = converted ?? bytes
    let marks = Self.leadingByteOrderMarks(in: text)
    if marks > 0 { text.removeFirst(3 * marks) }
    extraByteOrderMarks = marks
    self.format = resolved
    self.encoding = encoding
    self.text = text
    lineEnding = LineEnding.detect(text)
    if resolved == .xml { try DocumentReading.checkDeclaredEncoding(text) }
    knownValue = value
    tree = Self.scan(text, format: resolved, value: value, options: options.reading)
    if resolved == .openStep, tree.holdsScalars { options.writing.openStepWritesGNUstepScalars = true }
    self.options = options
    isXcodeProject = resolved == .openStep && (options.xcodeProject ?? text.starts(with: XcodeProjectSyntax.header))
    style = DocumentStyle(text: text, tree: tree, format: resolved)
    projectName = isXcodeProject ? options.projectName ?? XcodeProjectText.projectName(in: text, tree: tree) : nil
  }

  /// The document's bytes: the file as read, with the edits made since.
  public var bytes: [UInt8] {
    guard extraByteOrderMarks > 0 else { return encoding.bytes(of: text) }
    return encoding.bytes(of: Array(repeating: Self.byteOrderMark, count: extraByteOrderMarks).flatMap { $0 } + text)
  }

  private static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

  /// How many U+FEFF start `text` (a second byte-order mark, as some tools write after the first).
  private static func leadingByteOrderMarks(in text: [UInt8]) -> Int {
    var count = 0
    while text.count >= 3 * (count + 1), text[(3 * count)..<(3 * count + 3)].elementsEqual(byteOrderMark) { count += 1 }
    return count
  }

  /// The property list the document holds now.
  ///
  /// - Throws: never for a document read and edited through this type; the error of the
  ///   reader otherwise.
  public var value: PropertyList {
    get throws(PropertyListError) {
      if let knownValue { return knownValue }
      return try PropertyList(bytes: bytes, format: format, options: options.reading)
    }
  }

  /// The syntax of the text, freshly found: the scanner of the format, and for XML and JSON
  /// the value to tell which containers stand for values (a UID, a typed JSON tag).
  static func scan(
    _ text: [UInt8], format: PropertyListFormat, value: PropertyList?, options: PropertyListReadingOptions
  ) -> SyntaxTree {
    switch format {
    case .openStep: return OpenStepSyntaxScanner.scan(text)
    case .json:
      let tree = JSONSyntaxScanner.scan(text)
      return value.map {
        SyntaxMapping.map(tree, onto: $0, text: text, format: .json, typed: options.jsonStyle == .typed)
      }
        ?? tree
    default:
      let tree = XMLSyntaxScanner.scan(text)
      return value.map { SyntaxMapping.map(tree, onto: $0, text: text, format: .xml, typed: false) } ?? tree
    }
  }
}

extension PropertyListDocument {
  /// The document's text as UTF-8, without a byte-order mark: what ``spans(at:)`` count in
  /// (a UTF-16 file is kept as UTF-8 and written back as UTF-16).
  public var utf8Text: [UInt8] { text }

  /// Where the key (for a dictionary entry) and the value at `path` are in ``utf8Text``;
  /// what lies between spans is white space, comments and punctuation.
  ///
  /// - Throws: the error `PropertyList/value(at:)` throws for a path that leads nowhere.
  public func spans(at path: PropertyListKeyPath) throws(PropertyListError) -> (key: Range<Int>?, value: Range<Int>) {
    guard !syntaxIsStale else {
      var current = self
      current.refreshSyntax()
      return try current.spans(at: path)
    }
    let node = try node(at: path)
    let key = node > 0 && tree.kind(node - 1) == .key && !path.components.isEmpty ? tree.span(node - 1) : nil
    return (key, tree.valueSpan(node))
  }
}
