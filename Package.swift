// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "PlistKit",
  products: [
    .library(name: "PlistKit", targets: ["PlistKit"]),
    .library(name: "KeyedArchive", targets: ["KeyedArchive"]),
    .library(name: "Sectioning", targets: ["Sectioning"]),
    .library(name: "BookModels", targets: ["BookModels"]),
    .library(name: "PlistSchema", targets: ["PlistSchema"]),
    .executable(name: "plistkit", targets: ["plistkit"]),
  ],
  targets: [
    // libxml2 as a system library: the XML reader drives its SAX2 interface.
    .systemLibrary(
      name: "CLibXML2",
      pkgConfig: "libxml-2.0",
      providers: [.apt(["libxml2-dev"])]
    ),
    // The value model and the four formats. No Foundation: readers work on raw bytes.
    .target(name: "PlistKit", dependencies: ["CLibXML2"]),
    // NSKeyedArchiver object graphs on top of PlistKit values.
    .target(name: "KeyedArchive", dependencies: ["PlistKit"]),
    // Collation, search and sectioned lists (the book's searchable index).
    .target(name: "Sectioning", dependencies: ["PlistKit"]),
    // The book's data: presidents, sorted names, computers, menus.
    .target(name: "BookModels", dependencies: ["PlistKit", "KeyedArchive", "Sectioning"]),
    // JSON Schema 2020-12 validation of property lists, and DTD checks of XML plists with libxml2.
    .target(name: "PlistSchema", dependencies: ["PlistKit", "CLibXML2"]),
    .executableTarget(
      name: "plistkit",
      dependencies: ["PlistKit", "KeyedArchive", "Sectioning", "BookModels", "PlistSchema"]
    ),
    .testTarget(name: "PlistKitTests", dependencies: ["PlistKit"]),
    .testTarget(name: "KeyedArchiveTests", dependencies: ["KeyedArchive", "BookModels"], exclude: ["Fixtures"]),
    .testTarget(name: "SectioningTests", dependencies: ["Sectioning", "BookModels"]),
    .testTarget(
      name: "PlistSchemaTests", dependencies: ["PlistSchema"],
      // The JSON Schema Test Suite and other fixtures: read from disk through #filePath.
      exclude: ["Fixtures"]
    ),
    .testTarget(name: "CLITests", dependencies: ["plistkit", "PlistKit"]),
  ],
  swiftLanguageModes: [.v6]
)
