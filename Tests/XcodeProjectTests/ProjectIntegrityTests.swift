import Foundation
import PlistKit
import Testing
import XcodeProject

/// ``ProjectIntegrity``: each kind of problem on a project the test writes, with its exact
/// place and message, and the project files Xcode wrote.
@Suite("Project integrity")
struct ProjectIntegrityTests {
  static func check(_ text: String) -> ProjectIntegrityReport {
    Array(text.utf8).withUnsafeBytes { ProjectIntegrity.check(bytes: $0) }
  }

  static func problem(
    _ kind: ProjectProblem.Kind, _ line: Int, _ column: Int, related: (Int, Int)? = nil, object: String?,
    _ message: String
  ) -> ProjectProblem {
    ProjectProblem(
      kind, at: .text(line: line, column: column), related: related.map { .text(line: $0.0, column: $0.1) },
      objectID: object, message: message)
  }

  @Test("the intact project has no problem, and counts its objects")
  func intact() {
    let report = Self.check(BrokenProjects.intact)
    #expect(report.problems == [])
    #expect(report.objectCount == 12)
    #expect(!report.fails(strict: true))
  }

  @Test("an object ID defined twice names both places; the later definition is the one kept")
  func duplicateID() {
    let report = Self.check(BrokenProjects.variant("duplicate-id"))
    #expect(
      report.problems == [
        Self.problem(
          .duplicateObjectID, 15, 3, related: (14, 3), object: "A10000000000000000000002",
          "object A10000000000000000000002 is defined twice (first at line 14, column 3); the later definition replaces it"
        )
      ])
    #expect(report.objectCount == 12)
  }

  @Test("a reference to an ID nothing defines")
  func undefinedReference() {
    #expect(
      Self.check(BrokenProjects.variant("undefined-reference")).problems == [
        Self.problem(
          .undefinedReference, 10, 89, object: "A1000000000000000000000F",
          "fileRef refers to A1000000000000000000000F, which no object defines")
      ])
  }

  @Test("an object nothing references is a warning, which fails only a strict check")
  func unreferencedObject() {
    let report = Self.check(BrokenProjects.variant("unreferenced-object"))
    #expect(
      report.problems == [
        Self.problem(
          .unreferencedObject, 15, 3, object: "A1000000000000000000000D",
          "object A1000000000000000000000D (PBXFileReference) is not referenced by any object")
      ])
    #expect(report.problems.map(\.severity) == [.warning])
    #expect(!report.fails(strict: false))
    #expect(report.fails(strict: true))
  }

  @Test(
    "(null), an unquoted (null) and an empty reference",
    arguments: [
      ("null-reference", 89, "(null)"), ("null-list", 90, "(null)"), ("empty-reference", 89, "empty"),
    ])
  func nullReference(variant: String, column: Int, what: String) {
    #expect(
      Self.check(BrokenProjects.variant(variant)).problems == [
        Self.problem(
          .nullReference, 10, column, object: "A10000000000000000000001", "fileRef is \(what), not an object ID")
      ])
  }

  @Test("merge-conflict markers are reported line by line instead of the parse error they cause")
  func conflictMarkers() {
    let message = ": the file does not parse until the conflict is resolved"
    #expect(
      Self.check(BrokenProjects.variant("conflict-marker")).problems == [
        Self.problem(.conflictMarker, 14, 1, object: nil, "merge conflict marker '<<<<<<<'" + message),
        Self.problem(.conflictMarker, 16, 1, object: nil, "merge conflict marker '======='" + message),
        Self.problem(.conflictMarker, 18, 1, object: nil, "merge conflict marker '>>>>>>>'" + message),
      ])
  }

  @Test("a file that does not parse, without markers, gets the reader's error")
  func syntax() throws {
    let text = BrokenProjects.variant("syntax")
    let error = try #require(throws: PropertyListError.self) { try PropertyList(bytes: Array(text.utf8)) }
    #expect(
      Self.check(text).problems == [ProjectProblem(.syntax, at: error.location, message: error.message)])
    #expect(error.location == .text(line: 135, column: 1))
  }

  @Test("a build file with neither fileRef nor productRef")
  func buildFileWithoutReference() {
    #expect(
      Self.check(BrokenProjects.variant("build-file-without-reference")).problems == [
        Self.problem(
          .buildFileWithoutReference, 10, 3, object: "A10000000000000000000001",
          "PBXBuildFile A10000000000000000000001 has neither fileRef nor productRef")
      ])
  }

  @Test("a group without children is a warning")
  func groupWithoutChildren() {
    #expect(
      Self.check(BrokenProjects.variant("group-without-children")).problems == [
        Self.problem(
          .groupWithoutChildren, 27, 3, object: "A10000000000000000000005",
          "PBXGroup A10000000000000000000005 has no children list")
      ])
  }

  @Test("an isa Xcode does not write is reported at the isa; a missing isa at the object")
  func classes() {
    #expect(
      Self.check(BrokenProjects.variant("unknown-isa")).problems == [
        Self.problem(
          .unknownClass, 14, 54, object: "A10000000000000000000002",
          "unknown isa 'PBXFooReference' (Xcode writes no such class)")
      ])
    #expect(
      Self.check(BrokenProjects.variant("missing-isa")).problems == [
        Self.problem(
          .missingClass, 10, 3, object: "A10000000000000000000001", "object A10000000000000000000001 has no isa")
      ])
  }

  @Test("every class in the list is known, the current ones Xcode 16 to 26 writes included")
  func knownClasses() {
    for isa in XcodeProjectClasses.all {
      let text = BrokenProjects.replacing(
        "isa = PBXFileReference; lastKnownFileType = sourcecode.swift",
        with: "isa = \(isa); lastKnownFileType = sourcecode.swift")
      #expect(!Self.check(text).problems.contains { $0.kind == .unknownClass }, "\(isa)")
    }
    #expect(XcodeProjectClasses.current.count == 28)
    #expect(
      Set(XcodeProjectClasses.current).isSuperset(of: [
        "PBXFileSystemSynchronizedRootGroup", "PBXFileSystemSynchronizedBuildFileExceptionSet",
        "PBXFileSystemSynchronizedGroupBuildPhaseMembershipExceptionSet", "XCLocalSwiftPackageReference",
        "XCRemoteSwiftPackageReference", "XCSwiftPackageProductDependency",
      ]))
  }

  @Test("a target without its configuration list; the list, now unused, is a warning")
  func missingConfigurationList() {
    #expect(
      Self.check(BrokenProjects.variant("missing-configuration-list")).problems == [
        Self.problem(
          .missingConfigurationList, 38, 3, object: "A10000000000000000000006",
          "PBXNativeTarget A10000000000000000000006 has no buildConfigurationList"),
        Self.problem(
          .unreferencedObject, 115, 3, object: "A10000000000000000000008",
          "object A10000000000000000000008 (XCConfigurationList) is not referenced by any object"),
      ])
  }

  @Test("TargetAttributes keys and a proxy's remote ID in this project are references")
  func projectAttributes() {
    let attributes = BrokenProjects.replacing(
      "\t\t\t\t\tA10000000000000000000006 = {", with: "\t\t\t\t\tA1000000000000000000000E = {")
    #expect(
      Self.check(attributes).problems == [
        Self.problem(
          .undefinedReference, 63, 6, object: "A1000000000000000000000E",
          "TargetAttributes refers to A1000000000000000000000E, which no object defines")
      ])
    let proxy = BrokenProjects.replacing(
      "/* Begin PBXFileReference section */\n",
      with: """
        /* Begin PBXContainerItemProxy section */
        \t\tA1000000000000000000000D = {isa = PBXContainerItemProxy; containerPortal = A10000000000000000000009; \
        proxyType = 1; remoteGlobalIDString = A1000000000000000000000F; remoteInfo = Tool; };
        /* End PBXContainerItemProxy section */

        /* Begin PBXFileReference section */

        """)
    #expect(
      Self.check(proxy).problems == [
        Self.problem(
          .unreferencedObject, 14, 3, object: "A1000000000000000000000D",
          "object A1000000000000000000000D (PBXContainerItemProxy) is not referenced by any object"),
        Self.problem(
          .undefinedReference, 14, 142, object: "A1000000000000000000000F",
          "remoteGlobalIDString refers to A1000000000000000000000F, which no object defines"),
      ])
  }

  @Test("a key an object repeats is a warning with both places")
  func repeatedKey() {
    let text = BrokenProjects.replacing("path = main.swift;", with: "path = main.swift; path = other.swift;")
    #expect(
      Self.check(text).problems == [
        Self.problem(
          .repeatedKey, 14, 129, related: (14, 110), object: "A10000000000000000000002",
          "key 'path' repeats (first at line 14, column 110); the last value is kept")
      ])
  }

  @Test("a property list that is no project")
  func notAProject() {
    #expect(
      Self.check("{ a = 1; }").problems == [
        Self.problem(.notAProject, 1, 1, object: nil, "no objects dictionary: not an Xcode project")
      ])
    #expect(
      Self.check("( a )").problems == [
        ProjectProblem(.notAProject, at: .none, message: "the top level is not a dictionary: not an Xcode project")
      ])
  }

  @Test("the same problems, at their XML lines, in a project converted to XML")
  func xmlProject() throws {
    let value = try PropertyList(bytes: Array(BrokenProjects.variant("undefined-reference").utf8))
    let xml = String(decoding: try value.serialized(as: .xml), as: UTF8.self)
    let problems = Self.check(xml).problems
    #expect(problems.map(\.kind) == [.undefinedReference])
    let line = try #require(
      xml.split(separator: "\n", omittingEmptySubsequences: false).firstIndex {
        $0.contains("<string>A1000000000000000000000F</string>")
      })
    guard case .text(let reported, _) = try #require(problems.first).location else {
      Issue.record("an XML problem has a line and column")
      return
    }
    #expect(reported == line + 1)
  }

  @Test("Xcode's own project files are intact", .needsCorpus("xcode"), .needsCorpus("xcode-current"))
  func corpusIsIntact() throws {
    let files =
      ["xcode/cocoa-application.pbxproj", "xcode/emoji.pbxproj", "xcode/shared-schemes.pbxproj"]
      + (try FileManager.default.contentsOfDirectory(atPath: Corpus.path("xcode-current")))
      .filter { $0.hasSuffix(".pbxproj") && !$0.contains("GitOK") }.sorted().map { "xcode-current/" + $0 }
    #expect(files.count == 12)
    for file in files {
      let report = try Corpus.bytes(file).withUnsafeBytes { ProjectIntegrity.check(bytes: $0) }
      #expect(report.problems == [], "\(file)")
      #expect(report.objectCount > 20, "\(file)")
    }
  }

  /// The one corpus project that a hand edit broke: a build file Xcode left without its file
  /// (`/* (null) in Frameworks */`), an exception set no group lists, two objects changed by
  /// hand from synchronized folders to groups without children, and a target dependency whose
  /// proxy was never added (its ID, `F6000011…0001`, is not one Xcode makes).
  @Test("the hand-edited GitOK project: what is wrong with it", .needsCorpus("xcode-current"))
  func corpusGitOK() throws {
    let file = "xcode-current/CofficLab+GitOK__GitOK.xcodeproj__project.pbxproj"
    let report = try Corpus.bytes(file).withUnsafeBytes { ProjectIntegrity.check(bytes: $0) }
    #expect(
      report.problems == [
        Self.problem(
          .buildFileWithoutReference, 11, 3, object: "0BE645F52FCDB75300DA2C72",
          "PBXBuildFile 0BE645F52FCDB75300DA2C72 has neither fileRef nor productRef"),
        Self.problem(
          .unreferencedObject, 53, 3, object: "F5B1DB072FCE800F00A9544C",
          "object F5B1DB072FCE800F00A9544C (PBXFileSystemSynchronizedBuildFileExceptionSet) is not referenced by any object"
        ),
        Self.problem(
          .groupWithoutChildren, 116, 3, object: "F526CF512FADB9FB00EFAB27",
          "PBXGroup F526CF512FADB9FB00EFAB27 has no children list"),
        Self.problem(
          .groupWithoutChildren, 122, 3, object: "F5B1DB062FCE800F00A9544C",
          "PBXGroup F5B1DB062FCE800F00A9544C has no children list"),
        Self.problem(
          .undefinedReference, 331, 18, object: "F60000112DF2000000000001",
          "targetProxy refers to F60000112DF2000000000001, which no object defines"),
      ])
  }
}
