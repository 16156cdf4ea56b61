// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "PlistKit",
  products: [
    .library(name: "PlistKit", targets: ["PlistKit"]),
    .library(name: "KeyedArchive", targets: ["KeyedArchive"]),
    .library(name: "Typedstream", targets: ["Typedstream"]),
    .library(name: "Sectioning", targets: ["Sectioning"]),
    .library(name: "BookModels", targets: ["BookModels"]),
    .library(name: "PlistSchema", targets: ["PlistSchema"]),
    .library(name: "PlistDiff", targets: ["PlistDiff"]),
    .library(name: "PlistCoding", targets: ["PlistCoding"]),
    .library(name: "PlistDocument", targets: ["PlistDocument"]),
    .library(name: "PlistBuddy", targets: ["PlistBuddy"]),
    .library(name: "XcodeProject", targets: ["XcodeProject"]),
    .library(name: "BuildSettings", targets: ["BuildSettings"]),
    .library(name: "StringCatalogs", targets: ["StringCatalogs"]),
    .library(name: "ArchiveExtraction", targets: ["ArchiveExtraction"]),
    .executable(name: "plistkit", targets: ["plistkit"]),
    .executable(name: "plistkit-benchmark", targets: ["plistkit-benchmark"]),
    .executable(name: "plistcoding-benchmark", targets: ["plistcoding-benchmark"]),
  ],
  targets: [
    // libxml2 as a system library: the XML reader drives its SAX2 interface.
    .systemLibrary(
      name: "CLibXML2",
      pkgConfig: "libxml-2.0",
      providers: [.apt(["libxml2-dev"])]
    ),
    // The extended-attribute calls of the C library (sys/xattr.h), which an atomic replace uses
    // to keep a file's attributes.
    .systemLibrary(name: "CSystemCalls"),
    // SQLite as a system library: databases are read for the archives and plists their blobs hold.
    .systemLibrary(
      name: "CSQLite",
      pkgConfig: "sqlite3",
      providers: [.apt(["libsqlite3-dev"])]
    ),
    // The value model and the four formats. No Foundation: readers work on raw bytes.
    .target(name: "PlistKit", dependencies: ["CLibXML2", "CSystemCalls"]),
    // NSArchiver typedstreams: the reader, the stored values, and their plain view as
    // PlistKit values, the same as a keyed archive's.
    .target(name: "Typedstream", dependencies: ["PlistKit"]),
    // NSKeyedArchiver object graphs on top of PlistKit values; typedstreams nested in data.
    .target(name: "KeyedArchive", dependencies: ["PlistKit", "Typedstream"]),
    // Collation, search and sectioned lists (the book's searchable index).
    .target(name: "Sectioning", dependencies: ["PlistKit"]),
    // Codable coders for plists and keyed archives; Date, Data, URL and UUID come from
    // FoundationEssentials, which carries no ICU.
    .target(name: "PlistCoding", dependencies: ["PlistKit", "KeyedArchive"]),
    // The book's data: presidents, sorted names, computers, menus.
    .target(name: "BookModels", dependencies: ["PlistKit", "KeyedArchive", "PlistCoding", "Sectioning"]),
    // JSON Schema 2020-12 validation of property lists, and DTD checks of XML plists with libxml2.
    .target(name: "PlistSchema", dependencies: ["PlistKit", "CLibXML2"]),
    // Semantic diff, patch and three-way merge of values, keyed archives and project files.
    .target(name: "PlistDiff", dependencies: ["PlistKit", "KeyedArchive", "PlistDocument"]),
    // Xcode project files: the comment rules, the layout and its writer, what a project file is.
    // Below the document layer, whose edits of a project follow these rules.
    .target(name: "XcodeProject", dependencies: ["PlistKit"]),
    // Source-preserving documents: text property lists edited by key path, untouched bytes kept.
    .target(name: "PlistDocument", dependencies: ["PlistKit", "XcodeProject"]),
    // Xcode's build settings: xcconfig files, levels and conditions, and the expansion of
    // $(NAME) references in a property list (an Info.plist) through the document layer.
    .target(name: "BuildSettings", dependencies: ["PlistKit", "PlistDocument"]),
    // String Catalogs (.xcstrings): the model, the reader and Xcode's layout, the checks, and search
    // with Sectioning's matching; the .strings/.stringsdict files of .lproj folders (read through the
    // document layer, for their comments) converted both ways, and the merge of catalogs (PlistDiff).
    .target(
      name: "StringCatalogs",
      dependencies: ["PlistKit", "Sectioning", "PlutilCompatibility", "PlistDocument", "PlistDiff"]
    ),
    // The property lists, keyed archives and typedstreams in the blobs of SQLite databases, read
    // read-only and immutable.
    .target(name: "ArchiveExtraction", dependencies: ["PlistKit", "KeyedArchive", "Typedstream", "CSQLite"]),
    // PlistBuddy's command language (entries, commands, types, the Print layout) over PlistKit values.
    .target(name: "PlistBuddy", dependencies: ["PlistKit"]),
    // plutil's own output: its Swift and Objective-C source literals and their key order, for the
    // CLI's plutil mode, and the key order String Catalogs are written in. No product: the CLI and
    // StringCatalogs reach it with package access.
    .target(name: "PlutilCompatibility", dependencies: ["PlistKit"]),
    .executableTarget(
      name: "plistkit",
      dependencies: [
        "PlistKit", "KeyedArchive", "Sectioning", "BookModels", "PlistSchema", "PlistDocument", "PlistBuddy",
        "PlistDiff", "PlutilCompatibility", "XcodeProject", "BuildSettings", "Typedstream",
        "StringCatalogs", "ArchiveExtraction",
      ]
    ),
    // The library-level part of Benchmarks/run.sh (incremental search per keystroke).
    .executableTarget(
      name: "plistkit-benchmark", dependencies: ["PlistKit", "Sectioning"], path: "Benchmarks/SearchBenchmark"),
    // The Codable part of Benchmarks/run.sh: PlistCoding's coders against Foundation's.
    .executableTarget(
      name: "plistcoding-benchmark", dependencies: ["PlistCoding"], path: "Benchmarks/CodingBenchmark"),
    // Random property lists with the edges where formats differ, and every route a value can take
    // (value and stream writers, the converter, the Codable coders, documents) checked against
    // the others and against what the writers document: for the route tests and the routes fuzz
    // target, one runner, so that a fuzzer's finding replays as a test.
    .target(
      name: "PropertyListRoutes", dependencies: ["PlistKit", "PlistCoding", "PlistDocument"],
      path: "Tests/PropertyListRoutes"),
    .testTarget(
      name: "PlistKitTests", dependencies: ["PlistKit", "PropertyListRoutes", "Sectioning"],
      // The plistlib peer script is run by path, not compiled or bundled.
      exclude: ["Support/plistlib_peer.py"]
    ),
    .testTarget(
      name: "TypedstreamTests", dependencies: ["Typedstream", "PlistKit"],
      // The pytypedstream peer scripts are run by path, not compiled or bundled.
      exclude: ["Fixtures"]),
    .testTarget(name: "KeyedArchiveTests", dependencies: ["KeyedArchive", "BookModels"], exclude: ["Fixtures"]),
    .testTarget(name: "SectioningTests", dependencies: ["Sectioning", "BookModels"]),
    .testTarget(name: "PlistCodingTests", dependencies: ["PlistCoding", "BookModels", "PropertyListRoutes"]),
    .testTarget(
      name: "PlistSchemaTests", dependencies: ["PlistSchema"],
      // The schema fixtures are read from disk through #filePath, not compiled or bundled.
      exclude: ["Fixtures"]
    ),
    .testTarget(
      name: "PlistDiffTests", dependencies: ["PlistDiff", "PlistDocument", "PlistKit", "KeyedArchive", "XcodeProject"]),
    // Random documents in random legal layouts and random edits, for the document tests, the
    // CLI's textconv tests and the layout fuzz target: one generator, so that a fuzzer's
    // finding replays as a test.
    .target(name: "DocumentLayouts", dependencies: ["PlistDocument", "PlistKit"], path: "Tests/DocumentLayouts"),
    .testTarget(
      name: "PlistDocumentTests", dependencies: ["PlistDocument", "PlistKit", "DocumentLayouts", "XcodeProject"]),
    .testTarget(
      name: "ArchiveExtractionTests",
      dependencies: ["ArchiveExtraction", "PlistKit", "KeyedArchive", "Typedstream", "CSQLite"],
      // The Python peer script is run by path, not compiled or bundled.
      exclude: ["Fixtures"]
    ),
    .testTarget(name: "PlistBuddyTests", dependencies: ["PlistBuddy", "PlistKit", "XcodeProject"]),
    .testTarget(
      name: "PlutilCompatibilityTests", dependencies: ["PlutilCompatibility", "PlistKit", "PropertyListRoutes"],
      // The golden files are read through #filePath, not compiled or bundled.
      exclude: ["Fixtures"]
    ),
    .testTarget(name: "XcodeProjectTests", dependencies: ["XcodeProject", "PlistKit"]),
    .testTarget(
      name: "StringCatalogsTests",
      dependencies: ["StringCatalogs", "PlistKit", "PlutilCompatibility", "PropertyListRoutes"]),
    .testTarget(name: "BuildSettingsTests", dependencies: ["BuildSettings", "PlistDocument", "PlistKit"]),
    .testTarget(name: "CLITests", dependencies: ["plistkit", "PlistKit", "DocumentLayouts", "XcodeProject"]),
  ],
  swiftLanguageModes: [.v6]
)

// Fuzz targets exist only for Fuzz/run.sh (PLISTKIT_FUZZ=1), which builds them with
// -sanitize=fuzzer,address; each hands its command line to libFuzzer through LLVMFuzzerRunDriver.
if Context.environment["PLISTKIT_FUZZ"] == "1" {
  package.targets.append(.target(name: "CFuzzerDriver", path: "Fuzz/Driver"))
  // The Codable types the decoder targets decode arbitrary bytes as.
  package.targets.append(.target(name: "FuzzCodableTypes", dependencies: ["PlistCoding"], path: "Fuzz/CodableTypes"))
  let codingTargets = ["fuzz-plist-decoder", "fuzz-archive-decoder"]
  for name in [
    "fuzz-xml", "fuzz-binary", "fuzz-json", "fuzz-openstep", "fuzz-archive", "fuzz-schema", "fuzz-roundtrip",
    "fuzz-stream", "fuzz-document", "fuzz-layout", "fuzz-wildcard", "fuzz-buddy", "fuzz-routes", "fuzz-typedstream",
    "fuzz-extract",
  ] + codingTargets {
    let coding: [Target.Dependency] =
      codingTargets.contains(name) ? ["PlistCoding", "FuzzCodableTypes", "BookModels"] : []
    let layouts: [Target.Dependency] = name == "fuzz-layout" ? ["DocumentLayouts"] : []
    let buddy: [Target.Dependency] = name == "fuzz-buddy" ? ["PlistBuddy"] : []
    let routes: [Target.Dependency] = name == "fuzz-routes" ? ["PropertyListRoutes", "DocumentLayouts"] : []
    let typedstream: [Target.Dependency] = name == "fuzz-typedstream" ? ["Typedstream"] : []
    let extraction: [Target.Dependency] = name == "fuzz-extract" ? ["ArchiveExtraction", "Typedstream"] : []
    let own = coding + layouts + buddy + routes + typedstream + extraction
    package.products.append(.executable(name: name, targets: [name]))
    package.targets.append(
      .executableTarget(
        name: name,
        dependencies: ["PlistKit", "KeyedArchive", "PlistSchema", "PlistDocument", "CFuzzerDriver"] + own,
        path: "Fuzz/Targets/\(name)",
        swiftSettings: [.unsafeFlags(["-parse-as-library"])]))
  }
}
