import PlistKit
import PlutilCompatibility

/// The two source-code forms of `-convert`, by their plutil names.
enum SourceLiteralLanguage: String {
  case swift
  case objectiveC = "objc"
}

extension PlutilRunner {
  /// `-convert swift` and `-convert objc [-header]`: the source goes to `-o`, or next to the
  /// input as `NAME.swift` / `NAME.m` (standard output for standard input); the header, when
  /// asked for and the source goes to a file, beside it as `NAME.h`.
  ///
  /// Where plutil overwrites the input (a name without an extension), writes `dir.swift` for
  /// `dir.d/file`, writes standard input's source to a file named `-`, or writes the header
  /// over a `-o` name without an extension, this appends the extension instead, or writes to
  /// standard output; Documentation/compatibility.md lists these differences.
  func convertToLiteral(_ file: String, language: SourceLiteralLanguage) throws(CommandError) {
    let value = try PropertyListIO.read(file).value
    let fileExtension = language == .swift ? "swift" : "m"
    let destination =
      invocation.output ?? (file == "-" ? "-" : FileSystem.replacingExtension(of: file, with: fileExtension))
    let toFile = destination != "-"
    let source: [UInt8]
    var header: [UInt8]?
    do throws(PropertyListError) {
      switch language {
      case .swift:
        source = try SwiftLiteralWriter(sourcePath: file).write(value)
      case .objectiveC:
        let writer = ObjectiveCLiteralWriter(sourcePath: file, outputPath: toFile ? destination : nil)
        source = try writer.write(value)
        if invocation.header && toFile { header = try writer.writeHeader(value) }
      }
    } catch {
      // plutil's message, without the key path it does not print.
      var plain = error
      plain.location = .none
      throw .file(file, plain)
    }
    try PropertyListIO.write(source, to: destination, output: output)
    if let header {
      try PropertyListIO.writeFile(header, to: FileSystem.replacingExtension(of: destination, with: "h"))
    }
  }
}
