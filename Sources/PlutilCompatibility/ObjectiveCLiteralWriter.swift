import PlistKit

/// Writes a property list as Objective-C source, byte for byte as the toolchain's
/// `plutil -convert objc` does: `#import "NAME.h"` (unless the output goes to standard
/// output), a `/// Generated from NAME` line, a hidden-visibility
/// `NSDictionary * const STEM = @{…};` (or `NSArray`, `NSString`, `NSNumber`) with
/// four-space indentation, keys in ``PlutilKeyOrder``, numbers as `@5`, `@2.500000`, `@YES`.
/// ``writeHeader(_:)`` writes the matching `extern` declaration that `-header` adds.
///
/// Strings are escaped as `plutil` escapes them (see ``SourceLiteralOutput``); keys are not
/// escaped. Objective-C literals have no dates, data or UIDs: those are refused.
package struct ObjectiveCLiteralWriter: Sendable {
  /// The path of the file the value was read from (`-` for standard input): its name is
  /// quoted in the comment and its stem names the variable.
  package var sourcePath: String
  /// The path the source is written to, whose stem names the header it imports; nil when it
  /// goes to standard output, which imports nothing.
  package var outputPath: String?

  /// Makes a writer for the value read from `sourcePath`, to be written to `outputPath`.
  package init(sourcePath: String, outputPath: String?) {
    self.sourcePath = sourcePath
    self.outputPath = outputPath
  }

  /// The `.m` source, UTF-8, ending with `;` and a line break.
  ///
  /// - Throws: ``PropertyListError`` of kind `notRepresentable` at the key path of the first
  ///   date, data or UID, with `plutil`'s message.
  package func write(_ value: PropertyList) throws(PropertyListError) -> [UInt8] {
    let className = try declaredClass(of: value)
    var text = outputPath.map { "#import \"\(SourceLiteralOutput.stem(of: $0)).h\"\n\n" } ?? ""
    text += declaration(className) + " = "
    append(value, depth: 0, to: &text)
    text += ";\n"
    return Array(text.utf8)
  }

  /// The `.h` header: `#import <Foundation/Foundation.h>` and an `extern` declaration of the
  /// variable ``write(_:)`` defines.
  ///
  /// - Throws: ``PropertyListError`` as ``write(_:)`` does.
  package func writeHeader(_ value: PropertyList) throws(PropertyListError) -> [UInt8] {
    let className = try declaredClass(of: value)
    let text = "#import <Foundation/Foundation.h>\n\n" + declaration(className, external: true) + ";\n"
    return Array(text.utf8)
  }

  private func declaredClass(of value: PropertyList) throws(PropertyListError) -> String {
    if let path = SourceLiteralOutput.firstUnrepresentable(in: value, allowsDatesAndData: false) {
      throw PropertyListError(
        .notRepresentable, at: .keyPath(path.description),
        "Input contains an object that cannot be represented in Obj-C literal syntax")
    }
    switch value {
    case .array: return "NSArray"
    case .dictionary: return "NSDictionary"
    case .string: return "NSString"
    default: return "NSNumber"
    }
  }

  private func declaration(_ className: String, external: Bool = false) -> String {
    "/// Generated from \(SourceLiteralOutput.lastComponent(of: sourcePath))\n"
      + "__attribute__((visibility(\"hidden\")))\n" + (external ? "extern " : "")
      + "\(className) * const \(SourceLiteralOutput.variableName(forFile: sourcePath))"
  }

  private func append(_ value: PropertyList, depth: Int, to text: inout String) {
    switch value {
    case .string(let string): text += "@\"\(SourceLiteralOutput.escaped(string, lineFeeds: false))\""
    case .integer(let integer): text += "@\(integer.description)"
    case .real(let real): text += "@" + SourceLiteralOutput.formatted(real)
    case .boolean(let flag): text += flag ? "@YES" : "@NO"
    case .array:
      SourceLiteralOutput.appendContainer(
        value, depth: depth, open: "@[", close: "]", keyPrefix: "", to: &text, element: append)
    case .dictionary:
      SourceLiteralOutput.appendContainer(
        value, depth: depth, open: "@{", close: "}", keyPrefix: "@", to: &text, element: append)
    case .date, .data, .uid: preconditionFailure("refused before writing")
    }
  }
}
