import PlistKit

/// One thing wrong in a project file, found by ``ProjectIntegrity/check(bytes:format:options:)``: what
/// kind, how bad, where, and a message that says it in one line.
public struct ProjectProblem: Sendable, Equatable {
  /// How bad a problem is.
  public enum Severity: String, Sendable, Equatable {
    /// The project is broken: Xcode loses or misreads something.
    case error
    /// Legal, and Xcode opens the project, but it is likely a mistake (an object nothing uses).
    case warning
  }

  /// What kind of problem, as a stable name that code and the JSON output switch on.
  public enum Kind: String, Sendable, Equatable, CaseIterable {
    /// The file does not parse (and holds no merge-conflict marker to explain why).
    case syntax = "syntax"
    /// A line left by a merge: `<<<<<<<`, `|||||||`, `=======` or `>>>>>>>`.
    case conflictMarker = "conflict-marker"
    /// The file parses but is no project: no `objects` dictionary, or no `rootObject`.
    case notAProject = "not-a-project"
    /// An object ID defined twice in `objects`; the reader keeps the later definition.
    case duplicateObjectID = "duplicate-id"
    /// Another dictionary repeats a key; the reader keeps the last value.
    case repeatedKey = "repeated-key"
    /// A reference to an object ID that `objects` does not define.
    case undefinedReference = "undefined-reference"
    /// A reference that is `(null)` or empty.
    case nullReference = "null-reference"
    /// An object that no other object (nor `rootObject`) references.
    case unreferencedObject = "unreferenced-object"
    /// An entry of `objects` that is not a dictionary.
    case invalidObject = "invalid-object"
    /// An object without `isa`.
    case missingClass = "missing-isa"
    /// An `isa` that Xcode does not write (see ``XcodeProjectClasses``).
    case unknownClass = "unknown-isa"
    /// A `PBXBuildFile` with neither `fileRef` nor `productRef`.
    case buildFileWithoutReference = "build-file-without-reference"
    /// A group (`PBXGroup`, `PBXVariantGroup`, `XCVersionGroup`) without a `children` list.
    case groupWithoutChildren = "group-without-children"
    /// A target or the project without `buildConfigurationList`.
    case missingConfigurationList = "missing-configuration-list"

    /// How bad a problem of this kind is.
    public var severity: Severity {
      switch self {
      case .repeatedKey, .unreferencedObject, .groupWithoutChildren: .warning
      default: .error
      }
    }
  }

  /// What kind of problem.
  public var kind: Kind
  /// Where: line and column in a text file, byte offset in a binary one.
  public var location: PropertyListError.Location
  /// A second place the problem involves: the first definition of a duplicate ID, the first
  /// occurrence of a repeated key.
  public var relatedLocation: PropertyListError.Location?
  /// The object the problem is about, if any (for a reference, the ID it names).
  public var objectID: String?
  /// The problem in one line, without its place.
  public var message: String

  /// How bad it is.
  public var severity: Severity { kind.severity }

  /// Makes a problem.
  public init(
    _ kind: Kind, at location: PropertyListError.Location, related relatedLocation: PropertyListError.Location? = nil,
    objectID: String? = nil, message: String
  ) {
    self.kind = kind
    self.location = location
    self.relatedLocation = relatedLocation
    self.objectID = objectID
    self.message = message
  }
}

/// What ``ProjectIntegrity/check(bytes:format:options:)`` found in a project file.
public struct ProjectIntegrityReport: Sendable, Equatable {
  /// The problems, in document order.
  public var problems: [ProjectProblem]
  /// How many objects `objects` defines (a duplicate ID counts once).
  public var objectCount: Int

  /// Makes a report.
  public init(problems: [ProjectProblem], objectCount: Int) {
    self.problems = problems
    self.objectCount = objectCount
  }

  /// The number of errors.
  public var errorCount: Int { problems.count { $0.severity == .error } }
  /// The number of warnings.
  public var warningCount: Int { problems.count { $0.severity == .warning } }

  /// True when the check fails: an error, or with `strict` a warning too.
  public func fails(strict: Bool) -> Bool { strict ? !problems.isEmpty : errorCount > 0 }
}
