/// The lines of an xcconfig file that mean something: assignments and includes, in order.
///
/// Comments start at `//` and run to the end of the line, wherever they start (as in Xcode, a
/// value cannot hold `//`: write `/$()/`); blank lines are skipped; one `;` may end an
/// assignment. Lines end with LF, CRLF or CR, and a UTF-8 byte-order mark is skipped.
public struct XCConfigFile: Sendable, Equatable {
  /// One line that means something.
  public enum Directive: Sendable, Equatable {
    /// `NAME[conditions] = VALUE`.
    case assignment(BuildSettingAssignment)
    /// `#include "PATH"`, or `#include? "PATH"` (`optional`), which is skipped when the file
    /// does not exist. A relative PATH is relative to the folder of the including file.
    case include(path: String, optional: Bool, line: Int)
  }

  /// The file's path, as given.
  public var path: String?
  /// Its assignments and includes, in order.
  public var directives: [Directive]

  /// Parses the text of an xcconfig file.
  ///
  /// - Throws: ``BuildSettingsError/Kind/syntax`` naming the file and line of a line that is
  ///   neither an assignment, an include, a comment nor blank.
  public init(parsing text: String, path: String? = nil) throws(BuildSettingsError) {
    self.path = path
    directives = []
    var number = 0
    var lines = Substring(text).split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r" || $0 == "\r\n" }
    if let first = lines.first, first.hasPrefix("\u{FEFF}") { lines[0] = first.dropFirst() }
    for raw in lines {
      number += 1
      var line = raw
      if let comment = line.firstRange(of: "//") { line = line[..<comment.lowerBound] }
      line = line.trimmingBlanks
      if line.isEmpty { continue }
      if line.hasPrefix("#include") {
        directives.append(try Self.include(line, path: path, line: number))
      } else {
        directives.append(.assignment(try BuildSettingAssignment(parsing: line, file: path, line: number)))
      }
    }
  }

  /// `#include "PATH"` or `#include? "PATH"`.
  private static func include(_ text: Substring, path: String?, line: Int) throws(BuildSettingsError) -> Directive {
    var rest = text.dropFirst("#include".count)
    let optional = rest.first == "?"
    if optional { rest = rest.dropFirst() }
    rest = rest.trimmingBlanks
    guard rest.count >= 2, rest.first == "\"", rest.last == "\"" else {
      throw BuildSettingsError(.syntax, "expected #include \"PATH\", found '\(text)'", file: path, line: line)
    }
    return .include(path: String(rest.dropFirst().dropLast()), optional: optional, line: line)
  }
}
