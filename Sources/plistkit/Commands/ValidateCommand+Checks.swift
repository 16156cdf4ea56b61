import KeyedArchive
import PlistKit
import PlistSchema

/// What `plistkit validate` found in one file.
struct FileValidation: Sendable {
  /// Structural problems of a keyed archive.
  var archiveProblems: [KeyedArchiveError] = []
  /// Failures against `--schema`.
  var schemaErrors: [SchemaValidationError] = []
  /// Failures against the plist DTD (`--dtd`).
  var dtdErrors: [DTDValidationError] = []
  /// Checks that could not run on this file, in words (they count as failures).
  var unchecked: [String] = []
  /// Why the file could not be read or parsed as a property list.
  var readError: CommandError?

  /// True when every check ran and passed.
  var isValid: Bool {
    readError == nil && archiveProblems.isEmpty && schemaErrors.isEmpty && dtdErrors.isEmpty && unchecked.isEmpty
  }

  /// Reads `path` (any format; `-` is standard input) and runs the checks: archive structure
  /// for keyed archives, `schema` against the plain view (an archive's plain view), `dtd`
  /// against the XML text. The DTD check runs even when the file does not parse as a
  /// property list, since it tells what is wrong with the XML. With a schema, JSON is read as
  /// it is written (typed JSON's tags stay objects): a JSON Schema describes the JSON text.
  static func check(_ path: String, schema: JSONSchema?, dtd: PropertyListDTD?) -> FileValidation {
    var result = FileValidation()
    let input: InputBuffer
    do {
      input = try PropertyListIO.readBytes(path)
    } catch {
      result.readError = error
      return result
    }
    if let dtd {
      let detected = input.withBytes { PropertyListFormat.detect($0) }
      if detected == .xml {
        result.dtdErrors = dtd.validate(xml: input.array)
      } else {
        let found = detected.map { "this one is \($0)" } ?? "this one is empty"
        result.unchecked.append("--dtd checks XML property lists, and \(found)")
      }
    }
    let value: PropertyList
    do {
      value = try PropertyListIO.parse(input, path: path, options: .init(detectsTypedJSON: schema == nil)).value
    } catch {
      result.readError = error
      return result
    }
    var instance: PropertyList? = value
    // Without --schema or --dtd, validate checks archives: anything else is "not a keyed
    // archive", which the validator says.
    if ArchiveValidator.isKeyedArchive(value) || (schema == nil && dtd == nil) {
      result.archiveProblems = ArchiveValidator().validate(value)
      instance = nil
      if schema != nil && result.archiveProblems.isEmpty {
        do {
          instance = try ObjectGraph(archive: value).plainView()
        } catch {
          result.unchecked.append("the archive has no plain view to check against the schema: \(error)")
        }
      }
    }
    if let schema, let instance {
      // A schema is evaluated at every place a shared array or dictionary occurs: a binary
      // plist that shares one container from many places is refused as the writers refuse it.
      do throws(PropertyListError) {
        try PropertyListWritingOptions().checkExpansion(of: instance, weights: nil, format: nil)
      } catch {
        result.readError = .file(path, error)
        return result
      }
      result.schemaErrors = schema.validate(instance)
    }
    return result
  }

  /// Loads `--schema`; an unusable schema is reported as `plistkit: SCHEMA#/pointer: message`.
  static func loadSchema(_ path: String, assertsFormat: Bool) -> Result<JSONSchema, CommandError> {
    // The schema and every file its references name are read within the input limits.
    var registry = SchemaRegistry()
    registry.readingOptions = InputLimit.bounding(registry.readingOptions)
    do {
      let schema = try JSONSchema(
        contentsOfFile: path, registry: registry,
        options: JSONSchema.Options(assertsFormat: assertsFormat))
      return .success(schema)
    } catch {
      // A pointer into the schema file itself, the file (when it cannot be read), or
      // another document's URI.
      let place =
        error.location.hasPrefix("#")
        ? path + error.location : error.location.hasPrefix("/") ? path : "\(path): \(error.location)"
      return .failure(.failure("\(place): \(error.message)"))
    }
  }
}

extension FileValidation {
  /// The findings as one JSON object for `--format json`.
  func jsonEntry(file: String) -> PropertyList {
    var errors: [PropertyList] = []
    if let readError {
      errors.append(["kind": "read", "message": .string(readError.message ?? "cannot be read")])
    }
    for problem in archiveProblems {
      errors.append(["kind": "archive", "keyPath": .string(problem.keyPath), "message": .string(problem.message)])
    }
    for error in schemaErrors {
      errors.append([
        "kind": "schema", "instancePath": .string(error.instancePath.description),
        "schemaLocation": .string(error.schemaLocation), "message": .string(error.message),
      ])
    }
    for error in dtdErrors {
      errors.append(["kind": "dtd", "line": .integer(error.line), "message": .string(error.message)])
    }
    for note in unchecked {
      errors.append(["kind": "unchecked", "message": .string(note)])
    }
    return ["file": .string(file), "valid": .boolean(errors.isEmpty), "errors": .array(errors)]
  }
}
