import PlistKit

/// The integrity check of an Xcode project file (`project.pbxproj`): what `plistkit lint
/// --project` reports.
///
/// A project is a graph of objects keyed by 24-digit IDs, and a bad merge or a hand edit breaks
/// it in ways its grammar does not show: an ID defined twice (a reader keeps the later
/// definition, silently), a reference to an ID nothing defines, an object nothing references,
/// an `isa` Xcode does not write, a build file without its file, a target without its
/// configurations, merge-conflict markers left in the text. The check reads the file once, into
/// a sink that keeps object IDs, references and places, never the value, so it costs about the
/// reader's work and memory.
///
/// ```swift
/// let report = ProjectIntegrity.check(bytes: buffer)
/// for problem in report.problems { print(problem.location, problem.severity, problem.message) }
/// ```
public enum ProjectIntegrity {
  /// Checks the project file in `bytes` (OpenStep as Xcode writes it, or any other format).
  ///
  /// A file that does not parse gets one problem: each merge-conflict marker line when it has
  /// them (``ProjectProblem/Kind/conflictMarker``), else the reader's error
  /// (``ProjectProblem/Kind/syntax``).
  ///
  /// - Parameters:
  ///   - bytes: the file's contents.
  ///   - format: the format to read; nil detects it from the content.
  ///   - options: the reader's limits.
  /// - Returns: the problems in document order, and the number of objects.
  public static func check(
    bytes: UnsafeRawBufferPointer, format: PropertyListFormat? = nil, options: PropertyListReadingOptions = .default
  ) -> ProjectIntegrityReport {
    var sink = ProjectObjectsSink()
    do {
      try PropertyList.read(bytes: bytes, format: format, options: options, into: &sink)
    } catch {
      let markers = ConflictMarkers.find(in: bytes)
      guard !markers.isEmpty else {
        return ProjectIntegrityReport(
          problems: [ProjectProblem(.syntax, at: error.location, message: error.message)], objectCount: 0)
      }
      let problems = markers.map { marker in
        ProjectProblem(
          .conflictMarker, at: .text(line: marker.line, column: 1),
          message: "merge conflict marker '\(marker.marker)': the file does not parse until the conflict is resolved")
      }
      return ProjectIntegrityReport(problems: problems, objectCount: 0)
    }
    guard sink.finished else {
      let problem = ProjectProblem(
        .notAProject, at: .none, message: "the top level is not a dictionary: not an Xcode project")
      return ProjectIntegrityReport(problems: [problem], objectCount: 0)
    }
    return ProjectIntegrityReport(problems: sink.problems, objectCount: sink.objectCount)
  }
}
