import Foundation
import PlistKit

@testable import PlistSchema

/// Runs files of the JSON Schema Test Suite, read from the shared corpus
/// (`../shared/corpus/json-schema-test-suite`, see ``Corpus``).
///
/// Each schema and each instance is read on its own with the JSON reader, schemas as
/// ``JSONSchema`` reads them (`null` allowed); one the reader refuses (an instance with `null`,
/// integers beyond 64 bits) skips only its cases, with the reader's reason.
struct SchemaTestSuite {
  /// The corpus folder this suite is read from.
  static let folder = "json-schema-test-suite"

  /// The suite's folder: its `tests/` and `remotes/`.
  static let root = Corpus.path(folder)

  /// `http://localhost:1234/` is the suite's `remotes/` folder; nothing else is reachable.
  static let registry: SchemaRegistry = {
    var registry = SchemaRegistry()
    registry.map(prefix: "http://localhost:1234/", toDirectory: root + "/remotes")
    return registry
  }()

  /// What happened to one case.
  enum Outcome: Equatable {
    case passed
    case failed(String)
    case skipped(String)
  }

  /// One case's name (`file › group › test`) and outcome.
  struct Result {
    var name: String
    var outcome: Outcome
  }

  /// The `.json` files directly in `folder` (relative to `tests/draft2020-12`), sorted.
  static func files(in folder: String) throws -> [String] {
    let path = root + "/tests/draft2020-12" + (folder.isEmpty ? "" : "/" + folder)
    return try FileManager.default.contentsOfDirectory(atPath: path)
      .filter { $0.hasSuffix(".json") }
      .sorted()
      .map { folder.isEmpty ? $0 : folder + "/" + $0 }
  }

  /// Runs every case of one file.
  static func run(file: String, options: JSONSchema.Options = JSONSchema.Options()) throws -> [Result] {
    let bytes = try PropertyListFile.read(path: root + "/tests/draft2020-12/" + file)
    guard case .array(let groups, _)? = JSONSpan.scan(bytes) else {
      throw SuiteError(message: "\(file): not an array of test groups")
    }
    var results: [Result] = []
    for group in groups {
      let groupName = try string(group.member("description", in: bytes), bytes)
      guard let schemaSpan = group.member("schema", in: bytes),
        case .array(let tests, _)? = group.member("tests", in: bytes)
      else { throw SuiteError(message: "\(file) › \(groupName): no schema or tests") }
      var schema: Result? = nil
      var compiled: JSONSchema? = nil
      do {
        // Read as schemas are: null allowed.
        let document = try PropertyList(
          bytes: Array(bytes[schemaSpan.range]), format: .json, options: SchemaNull.readingOptions(.default))
        compiled = try JSONSchema(document, registry: registry, options: options)
      } catch let error as PropertyListError {
        schema = Result(name: "", outcome: .skipped("schema: \(error.message)"))
      } catch {
        schema = Result(name: "", outcome: .failed("schema unusable: \(error)"))
      }
      for test in tests {
        let testName = try string(test.member("description", in: bytes), bytes)
        let name = "\(file) › \(groupName) › \(testName)"
        guard let dataSpan = test.member("data", in: bytes), let validSpan = test.member("valid", in: bytes) else {
          throw SuiteError(message: "\(name): no data or valid")
        }
        let expected = try PropertyList(bytes: Array(bytes[validSpan.range]), format: .json).boolValue == true
        if let schema {
          results.append(Result(name: name, outcome: schema.outcome))
          continue
        }
        let data: PropertyList
        do {
          data = try PropertyList(bytes: Array(bytes[dataSpan.range]), format: .json)
        } catch {
          results.append(Result(name: name, outcome: .skipped("data: \(error.message)")))
          continue
        }
        let valid = compiled!.isValid(data)
        let errors = compiled!.validate(data)
        if valid != expected {
          results.append(Result(name: name, outcome: .failed("expected \(expected ? "valid" : "invalid")")))
        } else if errors.isEmpty != valid {
          results.append(
            Result(name: name, outcome: .failed("isValid says \(valid) but validate found \(errors.count) errors")))
        } else {
          results.append(Result(name: name, outcome: .passed))
        }
      }
    }
    return results
  }

  private static func string(_ span: JSONSpan?, _ bytes: [UInt8]) throws -> String {
    guard let span, let text = try PropertyList(bytes: Array(bytes[span.range]), format: .json).stringValue else {
      throw SuiteError(message: "expected a description string")
    }
    return text
  }

  struct SuiteError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
  }
}
