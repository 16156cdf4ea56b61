import Foundation
import PlistDocument
import PlistKit
import Testing

@Suite struct XcodePlayTests {
  @Test func play() throws {
    let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../Fixtures/Xcode/cocoa-application.pbxproj").path
    let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
    let edits: [(String, (inout PropertyListDocument) throws -> Void, (inout PropertyList) throws -> Void)] = [
      ("rename", { try $0.setValue("main2.m", at: "objects.E525239C16245A900012E2BA.path") }, { try $0.setValue("main2.m", at: "objects.E525239C16245A900012E2BA.path") }),
      ("newfile", { d in
        try d.insertValue(["isa": "PBXFileReference", "path": "New.swift", "sourceTree": "<group>", "lastKnownFileType": "sourcecode.swift"], at: "objects.AAAA00000000000000000001")
        try d.insertValue(["isa": "PBXBuildFile", "fileRef": "AAAA00000000000000000001"], at: "objects.AAAA00000000000000000002")
        try d.insertValue("AAAA00000000000000000002", at: "objects.E525238816245A900012E2BA.files", append: true)
      }, { d in
        try d.insertValue(["isa": "PBXFileReference", "path": "New.swift", "sourceTree": "<group>", "lastKnownFileType": "sourcecode.swift"], at: "objects.AAAA00000000000000000001")
        try d.insertValue(["isa": "PBXBuildFile", "fileRef": "AAAA00000000000000000001"], at: "objects.AAAA00000000000000000002")
        try d.insertValue("AAAA00000000000000000002", at: "objects.E525238816245A900012E2BA.files", append: true)
      }),
      ("removeaggregate", { try $0.removeValue(at: "objects.E550D6AA16371AF600A003E9") }, { try $0.removeValue(at: "objects.E550D6AA16371AF600A003E9") }),
      ("newsection", { try $0.insertValue(["isa": "XCRemoteSwiftPackageReference", "repositoryURL": "https://github.com/apple/swift-collections.git"], at: "objects.BBBB00000000000000000001") }, { try $0.insertValue(["isa": "XCRemoteSwiftPackageReference", "repositoryURL": "https://github.com/apple/swift-collections.git"], at: "objects.BBBB00000000000000000001") }),
      ("setting", { try $0.setValue("YES", at: "objects.E52523E716245A910012E2BA.buildSettings.ENABLE_NEW") }, { try $0.setValue("YES", at: "objects.E52523E716245A910012E2BA.buildSettings.ENABLE_NEW") }),
      ("isa", { try $0.setValue("PBXGroup", at: "objects.E525239C16245A900012E2BA.isa") }, { try $0.setValue("PBXGroup", at: "objects.E525239C16245A900012E2BA.isa") }),
      ("phasename", { try $0.setValue("Compile", at: "objects.E525238816245A900012E2BA.name") }, { try $0.setValue("Compile", at: "objects.E525238816245A900012E2BA.name") }),
      ("flatkey", { try $0.setValue("Main.m", at: "objects.E525239C16245A900012E2BA.name") }, { try $0.setValue("Main.m", at: "objects.E525239C16245A900012E2BA.name") }),
    ]
    for (name, documentEdit, valueEdit) in edits {
      var document = try PropertyListDocument(bytes: bytes)
      var value = try PropertyList(bytes: bytes)
      do {
        try documentEdit(&document)
        try valueEdit(&value)
        let expected = try XcodeProjectWriter(projectName: "Cocoa Application").write(value)
        let actual = document.bytes
        if expected == actual { print("=== \(name): identical to the writer"); continue }
        let e = String(decoding: expected, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        let a = String(decoding: actual, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        let line = (0..<min(e.count, a.count)).first { e[$0] != a[$0] } ?? min(e.count, a.count)
        print("=== \(name): differs at line \(line + 1)\n  writer: \(e[max(0,line-2)..<min(e.count, line+3)].joined(separator: "\n  writer: "))\n  doc:    \(a[max(0,line-2)..<min(a.count, line+3)].joined(separator: "\n  doc:    "))")
      } catch {
        print("=== \(name): ERROR \(error)")
      }
    }
  }
}
