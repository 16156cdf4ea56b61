import PlistKit
import XcodeProject

/// How `lint` prints what it finds: a line as compilers print them, so editors can jump to it,
/// and the JSON entry of a project file.
enum ProjectLintText {
  /// `FILE:LINE:COL: text`, `FILE: byte N: text`, or `FILE: text`.
  static func line(_ name: String, _ location: PropertyListError.Location, _ text: String) -> String {
    let place =
      switch location {
      case .text(let line, let column): "\(name):\(line):\(column): "
      case .byteOffset(let offset): "\(name): byte \(offset): "
      case .keyPath(let path): "\(name): \(path): "
      case .none: "\(name): "
      }
    return LineSafeText.escaped(place + text)
  }

  /// The JSON entry of one project file: `file`, `objects`, `errors`, `warnings` and `problems`,
  /// each problem with `severity`, `kind`, its place (`line` and `column`, or `byte`), `message`,
  /// and when it has them `object` and `related`.
  static func jsonEntry(_ name: String, _ report: ProjectIntegrityReport) -> PropertyList {
    var entry = PropertyListDictionary()
    entry["file"] = .string(name)
    entry["objects"] = .integer(PropertyListInteger(Int64(report.objectCount)))
    entry["errors"] = .integer(PropertyListInteger(Int64(report.errorCount)))
    entry["warnings"] = .integer(PropertyListInteger(Int64(report.warningCount)))
    entry["problems"] = .array(report.problems.map(json))
    return .dictionary(entry)
  }

  private static func json(_ problem: ProjectProblem) -> PropertyList {
    var entry = PropertyListDictionary()
    entry["severity"] = .string(problem.severity.rawValue)
    entry["kind"] = .string(problem.kind.rawValue)
    place(problem.location, into: &entry)
    entry["message"] = .string(problem.message)
    if let object = problem.objectID { entry["object"] = .string(object) }
    if let related = problem.relatedLocation {
      var place = PropertyListDictionary()
      Self.place(related, into: &place)
      entry["related"] = .dictionary(place)
    }
    return .dictionary(entry)
  }

  private static func place(_ location: PropertyListError.Location, into entry: inout PropertyListDictionary) {
    switch location {
    case .text(let line, let column):
      entry["line"] = .integer(PropertyListInteger(Int64(line)))
      entry["column"] = .integer(PropertyListInteger(Int64(column)))
    case .byteOffset(let offset): entry["byte"] = .integer(PropertyListInteger(Int64(offset)))
    case .keyPath, .none: break
    }
  }
}
