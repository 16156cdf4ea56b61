import DocumentLayouts
import Foundation
import PlistDocument
import PlistKit
import Testing
import XcodeProject

/// Random edits of real files, through the document and on the value alike: the same value
/// after each one (or the same error), only the bytes around the edited entry changed, and for
/// Xcode's own project files (every one the writer gives back byte for byte), exactly what
/// Xcode's layout gives for the edited value. Project files also get the edits they meet in use
/// (``RandomEdit/randomProjectEdit(for:using:)``): objects of the classes whose layout or
/// comments depend on others, changes of class and of the project's `objectVersion`.
@Suite("Random edits of real files")
struct RandomEditTests {
  /// Edits per file (more with `PLISTKIT_DOCUMENT_EDITS`), from a seed per file (another with
  /// `PLISTKIT_DOCUMENT_SEED`, to explore; a failure names the step that replays it).
  static let editsPerFile = ProcessInfo.processInfo.environment["PLISTKIT_DOCUMENT_EDITS"].flatMap { Int($0) } ?? 40
  static let seed = ProcessInfo.processInfo.environment["PLISTKIT_DOCUMENT_SEED"].flatMap { UInt64($0) } ?? 0

  @Test(arguments: Fixtures.editable + Fixtures.currentProjects)
  func documentEditsMatchValueEdits(path: String) throws {
    let bytes = try Fixtures.read(path)
    var document = try PropertyListDocument(bytes: bytes)
    var value = try PropertyList(bytes: bytes)
    // The name the file's own comments give (Xcode's for its files): a file the writer gives
    // back as it is must stay in the writer's layout through every edit.
    let xcodeName =
      document.isXcodeProject && (try? XcodeProjectWriter(projectName: document.projectName).write(value)) == bytes
      ? document.projectName : nil
    // GitOK's file is the one of them that was edited by other means after Xcode wrote it.
    if Fixtures.currentProjects.contains(path), !path.contains("GitOK") { #expect(xcodeName != nil, "\(path)") }
    var rng = SeededGenerator(
      seed: Self.seed ^ UInt64(truncatingIfNeeded: path.utf8.reduce(5381) { $0 &* 33 &+ Int($1) }))
    // OpenStep holds only strings, data and containers; plain JSON has no data.
    let scalars = document.format != .openStep
    for step in 0..<Self.editsPerFile {
      let projectEdit =
        document.isXcodeProject && Int.random(in: 0..<3, using: &rng) == 0
        ? RandomEdit.randomProjectEdit(for: value, using: &rng) : nil
      let edit =
        projectEdit ?? RandomEdit.random(for: value, scalars: scalars, data: document.format != .json, using: &rng)
      let context = "\(path) step \(step): \(edit)"
      let before = document
      let valueBefore = value
      var editedValue = value
      let valueResult = Result { () throws(PropertyListError) in try edit.apply(to: &editedValue) }
      let documentResult = Result { () throws(PropertyListError) in try edit.apply(to: &document) }
      switch (valueResult, documentResult) {
      case (.failure(let expected), .failure(let actual)):
        #expect(actual == expected, "\(context)")
        #expect(document.utf8Text == before.utf8Text, "\(context): a failed edit changed the text")
        continue
      case (.success, .success):
        break
      case (.failure(let expected), .success):
        Issue.record("\(context): the value edit fails (\(expected)), the document edit does not")
        return
      case (.success, .failure(let actual)):
        Issue.record("\(context): the document edit fails (\(actual)), the value edit does not")
        return
      }
      value = editedValue
      let reread = try PropertyList(bytes: document.bytes, format: document.format)
      #expect(reread == value, "\(context)")
      guard reread == value else { return }
      if let xcodeName {
        let expected = try XcodeProjectWriter(projectName: xcodeName).write(value)
        if document.bytes != expected {
          Issue.record(
            "\(context): not what Xcode's layout gives: \(EditLocality.firstDifference(expected, document.bytes))")
          return
        }
      } else if !document.isXcodeProject {
        if let violation = EditLocality.violation(of: edit, from: before, valueBefore, to: document) {
          Issue.record("\(context)\(violation)")
        }
      }
    }
  }
}
