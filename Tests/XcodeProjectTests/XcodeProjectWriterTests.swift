import Foundation
import PlistKit
import Testing
import XcodeProject

/// The Xcode project layout, checked against project files Xcode wrote (the corpus's `xcode/`,
/// from CocoaPods/Xcodeproj; skipped without it).
@Suite struct XcodeProjectWriterTests {
  static let projects: [(file: String, name: String)] = [
    ("cocoa-application.pbxproj", "Cocoa Application"), ("emoji.pbxproj", "Emoji"),
  ]

  static func fixture(_ name: String) throws -> [UInt8] {
    try Corpus.bytes("xcode/" + name)
  }

  @Test(.needsCorpus("xcode"), arguments: projects)
  func writesXcodesFileBackByteForByte(project: (file: String, name: String)) throws {
    let bytes = try Self.fixture(project.file)
    let value = try PropertyList(bytes: bytes)
    let written = try XcodeProjectWriter(projectName: project.name).write(value)
    if written != bytes {
      let expected = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
      let actual = String(decoding: written, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
      let line =
        (0..<min(expected.count, actual.count)).first { expected[$0] != actual[$0] }
        ?? min(expected.count, actual.count)
      Issue.record(
        "first difference at line \(line + 1): expected \(expected.dropFirst(line).first ?? "<end>"), wrote \(actual.dropFirst(line).first ?? "<end>")"
      )
    }
    #expect(written == bytes)
  }
}

/// The comments Xcode writes after object references, against every comment in real files.
@Suite struct XcodeProjectCommentsTests {
  @Test(.needsCorpus("xcode"), arguments: XcodeProjectWriterTests.projects)
  func everyCommentInXcodesFileIsTheTablesComment(project: (file: String, name: String)) throws {
    let bytes = try XcodeProjectWriterTests.fixture(project.file)
    let comments = XcodeProjectComments(project: try PropertyList(bytes: bytes), projectName: project.name)
    let text = String(decoding: bytes, as: UTF8.self)
    let pattern = try Regex(#"([0-9A-F]{24}) /\* (.*?) \*/"#)
    var checked = 0
    for match in text.matches(of: pattern) {
      let id = String(match.output[1].substring!)
      #expect(comments[object: id] == String(match.output[2].substring!), "\(id)")
      checked += 1
    }
    #expect(checked > 1_000)
  }

  @Test(.needsCorpus("xcode")) func namesEachKindOfObject() throws {
    let bytes = try XcodeProjectWriterTests.fixture("cocoa-application.pbxproj")
    let comments = XcodeProjectComments(project: try PropertyList(bytes: bytes), projectName: "Cocoa Application")
    #expect(comments[object: "E525239D16245A900012E2BA"] == "main.m in Sources")
    #expect(comments[object: "E525238316245A900012E2BA"] == "Project object")
    #expect(
      comments[object: "E525238616245A900012E2BA"] == #"Build configuration list for PBXProject "Cocoa Application""#)
    #expect(
      comments[object: "E550D6AB16371AF600A003E9"] == #"Build configuration list for PBXAggregateTarget "Aggregate""#)
    #expect(comments[object: "E550D86C16371BE100A003E9"] == "libC/C++ Library.dylib")
    #expect(comments[object: "E5DCFBDB16285429002C6803"] == "Custom name copy")
    #expect(comments[object: "E550D6EC16371B3B00A003E9"] == "Rez")
    #expect(comments[object: "5138059B16499F4C001D82AD"] == "PBXContainerItemProxy")
    // The main group has neither a name nor a path: Xcode writes no comment for it.
    #expect(comments[object: "E525238116245A900012E2BA"] == nil)
    #expect(comments[object: "not an object"] == nil)
  }

  @Test(.needsCorpus("xcode")) func projectWithoutANameIsNamedAfterItsFirstTarget() throws {
    let bytes = try XcodeProjectWriterTests.fixture("cocoa-application.pbxproj")
    let value = try PropertyList(bytes: bytes)
    #expect(XcodeProjectComments(project: value).projectName == "Cocoa Application")
    #expect(try XcodeProjectWriter().write(value) == bytes)
  }

  @Test func packagesExceptionSetsAndOrphans() throws {
    let project: PropertyList = [
      "objects": [
        "B1": ["isa": "PBXBuildFile", "productRef": "P1"],
        "B2": ["isa": "PBXBuildFile", "fileRef": "MISSING"],
        "P1": ["isa": "XCSwiftPackageProductDependency", "productName": "Collections", "package": "R1"],
        "R1": [
          "isa": "XCRemoteSwiftPackageReference", "repositoryURL": "https://github.com/apple/swift-collections.git",
        ],
        "L1": ["isa": "XCLocalSwiftPackageReference", "relativePath": "../Local/Pkg"],
        "S1": ["isa": "PBXFrameworksBuildPhase", "files": ["B1"]],
        "G1": ["isa": "PBXFileSystemSynchronizedRootGroup", "path": "Sources", "exceptions": ["E1"]],
        "E1": ["isa": "PBXFileSystemSynchronizedBuildFileExceptionSet", "target": "T1"],
        "T1": ["isa": "PBXNativeTarget", "name": "App"],
        "X1": ["isa": "PBXReferenceProxy", "path": "build/Other.app"],
        "C1": ["isa": "XCConfigurationList"],
        "U1": ["isa": "SomethingNew", "name": "Named"],
        "U2": ["isa": "SomethingNew"],
      ]
    ]
    let comments = XcodeProjectComments(project: project, projectName: "App")
    #expect(comments[object: "B1"] == "Collections in Frameworks")
    #expect(comments[object: "B2"] == "(null) in (null)")
    #expect(comments[object: "R1"] == #"XCRemoteSwiftPackageReference "swift-collections""#)
    #expect(comments[object: "L1"] == #"XCLocalSwiftPackageReference "../Local/Pkg""#)
    #expect(comments[object: "E1"] == #"Exceptions for "Sources" folder in "App" target"#)
    #expect(comments[object: "X1"] == "Other.app")
    #expect(comments[object: "C1"] == nil)
    #expect(comments[object: "U1"] == "Named")
    #expect(comments[object: "U2"] == nil)
  }

  /// Build files that name build files, in a circle or one of their own: no comment follows
  /// them (following went round until the stack ran out).
  @Test func buildFilesThatNameBuildFilesEndTheirComment() throws {
    let project: PropertyList = [
      "objects": [
        "B1": ["isa": "PBXBuildFile", "fileRef": "B2"],
        "B2": ["isa": "PBXBuildFile", "fileRef": "B1"],
        "B3": ["isa": "PBXBuildFile", "fileRef": "B3"],
        "F1": ["isa": "PBXFileReference", "path": "a.swift"],
        "B4": ["isa": "PBXBuildFile", "fileRef": "F1"],
        "S1": ["isa": "PBXSourcesBuildPhase", "files": ["B1", "B4"]],
      ]
    ]
    let comments = XcodeProjectComments(project: project, projectName: "App")
    #expect(comments[object: "B1"] == "(null) in Sources")
    #expect(comments[object: "B2"] == "(null) in (null)")
    #expect(comments[object: "B3"] == "(null) in (null)")
    #expect(comments[object: "B4"] == "a.swift in Sources")
    let text = String(decoding: try XcodeProjectWriter().write(project), as: UTF8.self)
    #expect(text.contains("B3 /* (null) in (null) */ = {isa = PBXBuildFile; fileRef = B3 /* (null) in (null) */; };"))
  }
}

/// Xcode's quoting, sections and one-line objects on small values.
@Suite struct XcodeProjectLayoutTests {
  func written(
    _ value: PropertyList, options: PropertyListWritingOptions = .default
  ) throws(PropertyListError) -> String {
    String(decoding: try XcodeProjectWriter(options: options).write(value), as: UTF8.self)
  }

  @Test func quotesWhatXcodeQuotes() throws {
    let strings = [
      "plain", "a_b.c/d$9", "", "com.apple.product-type.application", "a:b", "a+b", "a//b", "a___b", "a__b",
      "<group>", "🍷.swift", "say \"hi\"\n\tback\\slash", "\u{1B}\r", "YES",
    ]
    let value: PropertyList = ["k": .array(strings.map { .string($0) })]
    let expected = """
      // !$*UTF8*$!
      {
      \tk = (
      \t\tplain,
      \t\ta_b.c/d$9,
      \t\t"",
      \t\t"com.apple.product-type.application",
      \t\t"a:b",
      \t\t"a+b",
      \t\t"a//b",
      \t\t"a___b",
      \t\ta__b,
      \t\t"<group>",
      \t\t"🍷.swift",
      \t\t"say \\"hi\\"\\n\\tback\\\\slash",
      \t\t"\\U001b\\r",
      \t\tYES,
      \t);
      }

      """
    #expect(try written(value) == expected)
    // Every string reads back as itself.
    #expect(try PropertyList(bytes: Array(try written(value).utf8)) == value)
  }

  @Test func groupsObjectsIntoSectionsAndKeepsTwoKindsOnOneLine() throws {
    let project: PropertyList = [
      "rootObject": "P",
      "objects": [
        "Z": ["isa": "PBXFileReference", "path": "z.swift", "sourceTree": "<group>"],
        "P": ["isa": "PBXProject", "targets": [], "attributes": ["TargetAttributes": ["Z": ["TestTargetID": "Z"]]]],
        "A": ["isa": "PBXFileReference", "path": "a.swift", "settings": ["ATTRIBUTES": ["Weak"]]],
        "B": ["isa": "PBXBuildFile", "fileRef": "A"],
        "N": "not an object",
      ],
      "archiveVersion": "1",
    ]
    let expected = """
      // !$*UTF8*$!
      {
      \tarchiveVersion = 1;
      \tobjects = {

      /* Begin PBXBuildFile section */
      \t\tB /* a.swift in (null) */ = {isa = PBXBuildFile; fileRef = A /* a.swift */; };
      /* End PBXBuildFile section */

      /* Begin PBXFileReference section */
      \t\tA /* a.swift */ = {isa = PBXFileReference; path = a.swift; settings = {ATTRIBUTES = (Weak, ); }; };
      \t\tZ /* z.swift */ = {isa = PBXFileReference; path = z.swift; sourceTree = "<group>"; };
      /* End PBXFileReference section */

      /* Begin PBXProject section */
      \t\tP /* Project object */ = {
      \t\t\tisa = PBXProject;
      \t\t\tattributes = {
      \t\t\t\tTargetAttributes = {
      \t\t\t\t\tZ = {
      \t\t\t\t\t\tTestTargetID = Z;
      \t\t\t\t\t};
      \t\t\t\t};
      \t\t\t};
      \t\t\ttargets = (
      \t\t\t);
      \t\t};
      /* End PBXProject section */
      \t\tN = "not an object";
      \t};
      \trootObject = P /* Project object */;
      }

      """
    #expect(try written(project) == expected)
  }

  @Test func otherScalarsFollowTheOpenStepOptions() throws {
    let value: PropertyList = ["objects": ["A": ["isa": "PBXGroup", "count": .integer(3)]]]
    #expect(throws: PropertyListError.self) { try written(value) }
    do {
      _ = try written(value)
    } catch {
      #expect(error.location == .keyPath("objects.A.count"))
      #expect(error.kind == .notRepresentable)
    }
    #expect(try written(value, options: .init(openStepStringifiesScalars: true)).contains("\t\t\tcount = 3;\n"))
  }

  @Test func commentsCannotCloseEarly() throws {
    let value: PropertyList = ["objects": ["A": ["isa": "PBXGroup", "name": "a*/b"]], "rootObject": "A"]
    let text = try written(value)
    #expect(text.contains("A /* a* /b */ = {"))
    #expect(try PropertyList(bytes: Array(text.utf8)) == value)
  }
}
