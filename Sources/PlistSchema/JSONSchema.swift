import PlistKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A JSON Schema (draft 2020-12), compiled and ready to validate property lists.
///
/// The schema is read as JSON into a `PropertyList`; instances are any property list, seen
/// through their plain JSON view: integers and reals are numbers (a real with no fraction is
/// also an `integer`), dates are ISO 8601 strings, data are base64 strings and UIDs are
/// `{"CF$UID": n}` objects. Property lists have no `null`, so `"type": "null"` never matches.
///
/// ```swift
/// let schema = try JSONSchema(contentsOfFile: "Schemas/computers.schema.json")
/// for error in schema.validate(try PropertyList(bytes: bytes)) { print(error) }
/// ```
///
/// All references are resolved when the schema is made: a schema that loads is complete, and
/// validating never reads a file or touches the network.
public struct JSONSchema: Sendable {
  let compiled: CompiledSchema
  /// Options in force.
  public let options: Options

  /// How to validate.
  public struct Options: Sendable, Equatable {
    /// Check `format` values (`date-time`, `date`, `time`, `email`, `uuid`, `ipv4`, `ipv6`,
    /// `uri`) instead of treating `format` as an annotation. False by default, as the
    /// specification asks; a meta-schema with the format-assertion vocabulary turns it on.
    public var assertsFormat: Bool

    /// Makes options.
    public init(assertsFormat: Bool = false) { self.assertsFormat = assertsFormat }
  }

  /// The base URI of a schema given as a value, when it has no `$id`.
  public static let defaultBaseURI = "urn:plistkit:schema"

  /// Compiles a schema document.
  ///
  /// - Parameters:
  ///   - document: the schema, as read from JSON.
  ///   - baseURI: the URI the document was retrieved from (relative references resolve
  ///     against it, unless the schema has an `$id`).
  ///   - registry: where other documents come from.
  ///   - options: how to evaluate (whether `format` asserts).
  /// - Throws: ``SchemaError`` when the schema is malformed or a reference does not resolve.
  public init(
    _ document: PropertyList, baseURI: String = defaultBaseURI, registry: SchemaRegistry = SchemaRegistry(),
    options: Options = Options()
  ) throws(SchemaError) {
    // Indexing recurses once per level of the schema document: on a stack of known size,
    // like evaluation (the nesting limit, 256, is far below the evaluation depth bound).
    let outcome = LargeStackThread.run(stackSize: SchemaEvaluator.stackSize) {
      Result { () throws(SchemaError) in try Self.compile(document, baseURI: baseURI, registry: registry) }
    }
    guard let outcome else {
      throw SchemaError(at: baseURI, "cannot compile the schema: the system refused to start a thread for it")
    }
    compiled = try outcome.get()
    self.options = options
  }

  /// Reads and compiles a schema given as JSON text. `null` is allowed anywhere JSON allows it:
  /// a `const` or `enum` value that holds it matches no instance (a property list has no null),
  /// and `"type": "null"` matches none.
  ///
  /// - Parameters:
  ///   - bytes: the schema as JSON text (UTF-8, or UTF-16 with a byte-order mark).
  ///   - baseURI: the URI the text was retrieved from (relative references resolve against
  ///     it, unless the schema has an `$id`).
  ///   - registry: where other documents come from.
  ///   - options: how to evaluate (whether `format` asserts).
  /// - Throws: ``SchemaError`` when the text is not JSON, the schema is malformed, or a
  ///   reference does not resolve.
  public init(
    json bytes: [UInt8], baseURI: String = defaultBaseURI, registry: SchemaRegistry = SchemaRegistry(),
    options: Options = Options()
  ) throws(SchemaError) {
    let document: PropertyList
    do {
      document = try PropertyList(
        bytes: bytes, format: .json, options: SchemaNull.readingOptions(registry.readingOptions))
    } catch {
      throw SchemaError(at: baseURI, "not a JSON schema: \(error)")
    }
    try self.init(document, baseURI: baseURI, registry: registry, options: options)
  }

  private static func compile(
    _ document: PropertyList, baseURI: String, registry: SchemaRegistry
  ) throws(SchemaError) -> CompiledSchema {
    let uri = SchemaURI(baseURI)
    var compiler = SchemaCompiler(registry: registry, mainDocument: uri)
    let root = try compiler.addDocument(document, uri: uri)
    try compiler.compileAll()
    let tracksAnnotations = compiler.nodes.contains { node in
      node.keywords.contains {
        switch $0 {
        case .unevaluatedItems, .unevaluatedProperties: true
        default: false
        }
      }
    }
    return CompiledSchema(
      nodes: compiler.nodes, root: root, tracksAnnotations: tracksAnnotations, formatAsserts: compiler.formatAsserts)
  }

  /// Reads and compiles a schema file (JSON). Relative references resolve against the file's
  /// location, so schemas next to each other can refer to each other by file name.
  ///
  /// - Parameters:
  ///   - path: the schema file.
  ///   - currentDirectory: what a relative `path` is relative to; nil is the process's
  ///     current directory.
  ///   - registry: where other documents come from.
  ///   - options: how to evaluate (whether `format` asserts).
  public init(
    contentsOfFile path: String, currentDirectory: String? = nil, registry: SchemaRegistry = SchemaRegistry(),
    options: Options = Options()
  ) throws(SchemaError) {
    let base = currentDirectory ?? Self.processDirectory()
    let absolute = path.hasPrefix("/") ? path : base + "/" + path
    let document = try registry.readFile(path: absolute)
    try self.init(
      document, baseURI: SchemaRegistry.fileURI(path: absolute, currentDirectory: "/"), registry: registry,
      options: options)
  }

  private static func processDirectory() -> String {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    guard getcwd(&buffer, buffer.count) != nil else { return "." }
    return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// Every way `instance` fails the schema; empty when it is valid.
  public func validate(_ instance: PropertyList) -> [SchemaValidationError] {
    SchemaEvaluator.evaluate(compiled, formatAsserts: options.assertsFormat, instance, collect: true).errors
  }

  /// True when `instance` is valid (stops at the first failure).
  public func isValid(_ instance: PropertyList) -> Bool {
    SchemaEvaluator.evaluate(compiled, formatAsserts: options.assertsFormat, instance, collect: false).valid
  }
}
