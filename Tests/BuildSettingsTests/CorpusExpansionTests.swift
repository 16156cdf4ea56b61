import BuildSettings
import Foundation
import PlistDocument
import PlistKit
import Testing

/// Info.plist, entitlements and xcconfig files from open-source apps (the corpus's
/// `entitlements-infoplist/`, whose `SOURCES.tsv` names each file's repository and path).
@Suite("real Info.plist, entitlements and xcconfig files", .needsCorpus("entitlements-infoplist"))
struct CorpusExpansionTests {
  private static let folder = "entitlements-infoplist/"

  /// Every name the corpus's Info.plist and entitlements files refer to, with a value.
  private static let names = [
    "PRODUCT_BUNDLE_IDENTIFIER": "org.example.$(PRODUCT_NAME:rfc1034identifier)", "PRODUCT_NAME": "Example App",
    "EXECUTABLE_NAME": "$(PRODUCT_NAME:c99extidentifier)", "PRODUCT_MODULE_NAME": "$(PRODUCT_NAME:c99extidentifier)",
    "MARKETING_VERSION": "1.2", "CURRENT_PROJECT_VERSION": "42", "DEVELOPMENT_LANGUAGE": "en",
    "PRODUCT_BUNDLE_PACKAGE_TYPE": "APPL", "TeamIdentifierPrefix": "ABCDE12345.",
    "AppIdentifierPrefix": "$(TeamIdentifierPrefix)", "CFBundleIdentifier": "$(PRODUCT_BUNDLE_IDENTIFIER)",
    "ORGANIZATION_IDENTIFIER": "org.example", "BUNDLE_ID_PREFIX": "org.example", "BUNDLE_ID_SUFFIX": ".dev",
    "ICLOUD_CONTAINER_ID": "iCloud.$(CFBundleIdentifier)", "APP_GROUP_ID": "group.$(ORGANIZATION_IDENTIFIER)",
    "ENV_URL_HANDLER": "example", "CE_VERSION_POSTFIX": "-dev", "CE_COPYRIGHT": "Copyright",
    "MACOSX_DEPLOYMENT_TARGET": "14.0", "CODE_SIGN_IDENTITY": "-",
  ]

  private static func corpusFiles() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: Corpus.path(folder)).filter {
      $0.hasSuffix(".plist") || $0.hasSuffix(".entitlements")
    }.sorted()
  }

  /// Every string and key of a value.
  private static func texts(_ value: PropertyList) -> [String] {
    switch value {
    case .string(let text): [text]
    case .array(let elements): elements.flatMap(texts)
    case .dictionary(let dictionary): dictionary.flatMap { [$0.key] + texts($0.value) }
    default: []
    }
  }

  @Test("every reference of every file resolves, the document and the value agree, and only expanded strings change")
  func everyFile() throws {
    var settings = BuildSettings()
    settings.addLevel(
      BuildSettings.Level(
        name: "test", assignments: Self.names.map { BuildSettingAssignment(name: $0.key, value: $0.value) }))
    let expansion = BuildSettingsExpansion(settings: settings, strict: true)
    let files = try Self.corpusFiles()
    #expect(files.count >= 20)
    var expandedStrings = 0
    for file in files {
      let bytes = try Corpus.bytes(Self.folder + file)
      let value = try PropertyList(bytes: bytes)
      let changes = try expansion.changes(in: value)
      expandedStrings += changes.count
      let expanded = try expansion.expand(value)
      for text in Self.texts(expanded) {
        #expect(!text.contains("$(") && !text.contains("${"), "\(file): \(text)")
      }
      var document = try PropertyListDocument(bytes: bytes)
      try expansion.expand(&document)
      #expect(try document.value == expanded, "\(file)")
      // The lines that differ are the lines of the changed strings: as many, or none.
      let before = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
      let after = String(decoding: document.bytes, as: UTF8.self).split(
        separator: "\n", omittingEmptySubsequences: false)
      #expect(before.count == after.count, "\(file)")
      let changedLines = zip(before, after).filter { $0 != $1 }
      #expect(changedLines.allSatisfy { $0.0.contains("$") }, "\(file)")
      #expect(changedLines.count <= changes.count && (changes.isEmpty == changedLines.isEmpty), "\(file)")
    }
    #expect(expandedStrings >= 100)
  }

  /// Copies corpus files into a temporary folder under their paths in their repository (from
  /// `SOURCES.tsv`), so that their `#include` lines find each other.
  private static func repository(_ prefix: String) throws -> URL {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("expand-\(prefix)-\(UUID().uuidString)")
    let sources = try String(contentsOfFile: Corpus.path(Self.folder + "SOURCES.tsv"), encoding: .utf8)
    for line in sources.split(separator: "\n").dropFirst() {
      let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
      guard fields.count > 2, fields[0].hasPrefix(prefix) else { continue }
      let target = root.appendingPathComponent(String(fields[2]))
      try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
      try FileManager.default.copyItem(atPath: Corpus.path(Self.folder + String(fields[0])), toPath: target.path)
    }
    return root
  }

  @Test("home-assistant's xcconfig files: includes, conditions by SDK and a debug suffix")
  func homeAssistant() throws {
    let root = try Self.repository("home-assistant+iOS")
    defer { try? FileManager.default.removeItem(at: root) }
    func configuration(_ config: String, sdk: String) throws -> BuildSettings {
      var settings = BuildSettings(conditionValues: BuildSettingConditionValues(sdk: sdk))
      try settings.addXCConfig(
        file: root.path + "/Configuration/HomeAssistant.\(config).xcconfig", loader: XCConfigLoader())
      settings.addLevel(
        BuildSettings.Level(
          name: "--set",
          assignments: [
            BuildSettingAssignment(name: "TARGET_NAME", value: "App"),
            BuildSettingAssignment(name: "AppIdentifierPrefix", value: "QMQYCKL255."),
          ]))
      return settings
    }
    let release = try configuration("release", sdk: "iphoneos26.0")
    #expect(try release.value(of: "PRODUCT_BUNDLE_IDENTIFIER") == "io.robbie.HomeAssistant")
    #expect(try release.value(of: "MARKETING_VERSION") == "2026.8.0")
    #expect(try release.value(of: "CODE_SIGN_IDENTITY") == "Apple Distribution")
    #expect(try release.value(of: "PROVISIONING_PROFILE_SPECIFIER") == "iOS App Store - App")
    #expect(
      try configuration("release", sdk: "macosx26.0").value(of: "CODE_SIGN_IDENTITY") == "Developer ID Application")
    #expect(
      try configuration("release", sdk: "macosx26.0").value(of: "PROVISIONING_PROFILE_SPECIFIER") == "Mac Dev ID - App")
    let debug = try configuration("debug", sdk: "iphonesimulator26.0")
    #expect(try debug.value(of: "PRODUCT_BUNDLE_IDENTIFIER") == "io.robbie.HomeAssistant.dev")
    #expect(try debug.value(of: "OTHER_SWIFT_FLAGS")?.hasPrefix(" -DDEBUG -Xfrontend") == true)
    #expect(try debug.value(of: "DEAD_CODE_STRIPPING") == nil)

    let entitlements = try PropertyList(
      bytes: Corpus.bytes(Self.folder + "home-assistant+iOS__Configuration__Entitlements__App-ios.entitlements"))
    let expanded = try BuildSettingsExpansion(settings: debug, strict: true).expand(entitlements)
    let texts = Self.texts(expanded)
    #expect(texts.contains("QMQYCKL255.io.robbie.HomeAssistant.dev"))
    #expect(!texts.contains { $0.contains("$(") })
  }

  @Test("CodeEdit's Info.plist with its configuration's xcconfig")
  func codeEdit() throws {
    var settings = BuildSettings()
    try settings.addXCConfig(
      file: Corpus.path(Self.folder + "CodeEditApp+CodeEdit__Configs__Beta.xcconfig"), loader: XCConfigLoader())
    settings.addLevel(
      BuildSettings.Level(
        name: "--set",
        assignments: ["DEVELOPMENT_LANGUAGE", "EXECUTABLE_NAME", "PRODUCT_BUNDLE_IDENTIFIER", "PRODUCT_NAME"].map {
          BuildSettingAssignment(name: $0, value: $0.lowercased())
        } + [BuildSettingAssignment(name: "PRODUCT_BUNDLE_PACKAGE_TYPE", value: "APPL")]))
    let value = try PropertyList(bytes: Corpus.bytes(Self.folder + "CodeEditApp+CodeEdit__CodeEdit__Info.plist"))
    let expanded = try BuildSettingsExpansion(settings: settings, strict: true).expand(value)
    let texts = Self.texts(expanded)
    #expect(texts.contains("Copyright © 2022-2025 CodeEdit"))
    #expect(!texts.contains { $0.contains("$(") || $0.contains("${") })
  }
}
