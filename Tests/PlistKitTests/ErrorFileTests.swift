import Foundation
import PlistKit
import Testing

/// An error names the file it is about in a field of its own, never in its message, so that a
/// caller can say the name in its own form.
@Suite("Errors name their file as a field")
struct ErrorFileTests {
  static func temporaryPath(_ name: String) -> String {
    NSTemporaryDirectory() + "/plistkit-error-file-\(UUID().uuidString)-" + name
  }

  @Test("the description puts the file first, as compilers do, before each kind of location")
  func descriptionForms() {
    let file = "Info.plist"
    #expect(
      PropertyListError(.syntax, at: .text(line: 3, column: 7), "bad", file: file).description == "Info.plist:3:7: bad")
    #expect(
      PropertyListError(.invalidValue, at: .byteOffset(12), "bad", file: file).description == "Info.plist: byte 12: bad"
    )
    #expect(
      PropertyListError(.keyPath, at: .keyPath("a.b"), "no such key", file: file).description
        == "Info.plist: a.b: no such key")
    #expect(
      PropertyListError(.keyPath, at: .keyPath(""), "not a dictionary", file: file).description
        == "Info.plist: (root): not a dictionary")
    #expect(PropertyListError(.io, "cannot open: gone", file: file).description == "Info.plist: cannot open: gone")
    // Without a file, the description is what it was.
    #expect(PropertyListError(.syntax, at: .text(line: 3, column: 7), "bad").description == "3:7: bad")
    #expect(PropertyListError(.io, "cannot open: gone").description == "cannot open: gone")
  }

  @Test("the file is part of the error's identity, and survives setting the other rare fields")
  func fileIsAField() {
    var error = PropertyListError(
      .notRepresentable, format: .openStep, at: .keyPath("n"), "an integer has no OpenStep form")
    #expect(error.file == nil)
    let unnamed = error
    error.file = "a.strings"
    #expect(error != unnamed)
    error.remedy = .openStepStringifiesScalars
    error.intendedKeyPath = "n"
    #expect(error.file == "a.strings")
    #expect(error.remedy == .openStepStringifiesScalars)
    #expect(error.intendedKeyPath == "n")
    error.file = nil
    #expect(error.remedy == .openStepStringifiesScalars)
    #expect(
      error.description == "n: an integer has no OpenStep form; use openStepStringifiesScalars to write it as a string")
  }

  @Test("a file that cannot be opened or written is the error's file, not words in its message")
  func ioErrorsNameTheirFile() throws {
    let missing = Self.temporaryPath("missing.plist")
    #expect {
      _ = try PropertyListFile.read(path: missing)
    } throws: { error in
      guard let error = error as? PropertyListError else { return false }
      return error.kind == .io && error.file == missing && error.message == "cannot open: No such file or directory"
    }
    let inMissingFolder = Self.temporaryPath("none") + "/out.plist"
    #expect {
      try PropertyListFile.writeAtomically([0x61], to: inMissingFolder)
    } throws: { error in
      guard let error = error as? PropertyListError else { return false }
      return error.kind == .io && error.file == inMissingFolder && error.message.hasPrefix("cannot write: ")
        && !error.message.contains(inMissingFolder)
    }
  }
}
