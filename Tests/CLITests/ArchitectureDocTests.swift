import Foundation
import Testing

/// ARCHITECTURE.md's tables of modules and targets, held to `Package.swift` and the folders, so
/// that the map cannot drift from the package it describes.
@Suite("ARCHITECTURE.md's module tables")
struct ArchitectureDocTests {
  /// One target as the `Package(…)` literal declares it.
  struct DeclaredTarget: Equatable {
    /// `target`, `systemLibrary`, `executableTarget`, `testTarget`…
    var kind: String
    /// The names in its `dependencies:`, in order.
    var dependencies: [String]
    /// Its folder: `path:`, or where SwiftPM looks without one.
    var folder: String
  }

  /// The targets of the `Package(…)` literal, by name. The targets the fuzz build appends after
  /// it are left out: they exist only with `PLISTKIT_FUZZ=1`, and the document names them in prose.
  static func declaredTargets() throws -> [String: DeclaredTarget] {
    let manifest = try String(contentsOf: CLI.root.appendingPathComponent("Package.swift"), encoding: .utf8)
    let lines = manifest.split(separator: "\n", omittingEmptySubsequences: false)
    // The literal ends at the first line that is a lone `)`. Comments go first, so that their
    // words are never read as arguments.
    let end = try #require(lines.firstIndex(of: ")"), "no line of Package.swift closes Package(")
    let literal = lines[..<end].map { $0.replacing(/\/\/.*/, with: "") }.joined(separator: "\n")
    let starts = literal.matches(
      of: /(?m)^\s*\.(target|executableTarget|systemLibrary|testTarget|binaryTarget|plugin|macro)\(/)
    var targets: [String: DeclaredTarget] = [:]
    for (index, start) in starts.enumerated() {
      let end = index + 1 < starts.count ? starts[index + 1].range.lowerBound : literal.endIndex
      let declaration = literal[start.range.upperBound..<end]
      let name = try #require(
        declaration.firstMatch(of: /^\s*name:\s*"([^"]+)"/)?.1, "a target without a literal name: \(declaration)")
      let dependencies =
        declaration.firstMatch(of: /dependencies:\s*\[([^\]]*)\]/).map { list in
          list.1.matches(of: /"([^"]+)"/).map { String($0.1) }
        } ?? []
      let kind = String(start.1)
      let folder =
        declaration.firstMatch(of: /path:\s*"([^"]+)"/).map { String($0.1) }
        ?? (kind == "testTarget" ? "Tests/\(name)" : "Sources/\(name)")
      #expect(targets[String(name)] == nil, "\(name) is declared twice")
      targets[String(name)] = DeclaredTarget(kind: kind, dependencies: dependencies, folder: folder)
    }
    return targets
  }

  /// The rows of ARCHITECTURE.md's table whose header row is `header`, each a list of cells.
  static func table(_ header: String) throws -> [[String]] {
    let text = try String(contentsOf: CLI.root.appendingPathComponent("ARCHITECTURE.md"), encoding: .utf8)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let start = try #require(lines.firstIndex(of: header), "ARCHITECTURE.md has no table headed \(header)")
    let columns = header.split(separator: "|").count
    return lines[(start + 2)...].prefix { $0.hasPrefix("|") }.map { line in
      let cells = line.split(separator: "|", omittingEmptySubsequences: false).dropFirst().dropLast()
      #expect(cells.count == columns, "a row of \(cells.count) cells, not \(columns): \(line)")
      return cells.map { $0.trimmingCharacters(in: .whitespaces) }
    }
  }

  /// The names in backticks in a cell, in order; a cell of none is `—`.
  static func names(_ cell: String) -> [String] {
    let names = cell.matches(of: /`([^`]+)`/).map { String($0.1) }
    #expect(!names.isEmpty || cell == "—", "a cell that names nothing should be —: \(cell)")
    return names
  }

  static let modulesHeader = "| module | what it is for | depends on | start from |"
  static let othersHeader = "| target | folder | what it is for | depends on |"

  @Test("the module table has a row for each folder of Sources/, with its Package.swift dependencies")
  func modules() throws {
    let rows = try Self.table(Self.modulesHeader)
    let targets = try Self.declaredTargets()
    let folders = try FileManager.default.contentsOfDirectory(atPath: CLI.root.appendingPathComponent("Sources").path)
      .filter { !$0.hasPrefix(".") }
    let modules = rows.map { Self.names($0[0]) }
    #expect(modules.allSatisfy { $0.count == 1 }, "each row names one module: \(modules)")
    #expect(modules.map(\.[0]).sorted() == folders.sorted())
    for row in rows {
      let module = try #require(Self.names(row[0]).first)
      let declared = try #require(targets[module], "\(module) is not a target of Package.swift")
      #expect(declared.folder == "Sources/\(module)", "\(module)")
      #expect(Self.names(row[2]) == declared.dependencies, "\(module)'s dependencies")
    }
  }

  @Test("the other-targets table has every other target of Package.swift, with its folder and dependencies")
  func otherTargets() throws {
    let targets = try Self.declaredTargets()
    let modules = try Self.table(Self.modulesHeader).flatMap { Self.names($0[0]) }
    let rows = try Self.table(Self.othersHeader)
    let others = rows.flatMap { Self.names($0[0]) }
    #expect(others.count == rows.count, "each row names one target: \(others)")
    #expect(Set(others).isDisjoint(with: modules))
    #expect((modules + others).sorted() == targets.keys.sorted())
    for row in rows {
      let target = try #require(Self.names(row[0]).first)
      let declared = try #require(targets[target], "\(target) is not a target of Package.swift")
      #expect(Self.names(row[1]) == [declared.folder], "\(target)'s folder")
      var isFolder: ObjCBool = false
      #expect(
        FileManager.default.fileExists(
          atPath: CLI.root.appendingPathComponent(declared.folder).path, isDirectory: &isFolder) && isFolder.boolValue,
        "\(declared.folder)")
      #expect(Self.names(row[3]) == declared.dependencies, "\(target)'s dependencies")
    }
  }

  @Test("each type to start from is declared in its module; a header, in its folder")
  func startingPoints() throws {
    for row in try Self.table(Self.modulesHeader) {
      let module = try #require(Self.names(row[0]).first)
      let folder = CLI.root.appendingPathComponent("Sources/\(module)")
      var sources = ""
      let files = try #require(FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil))
      for case let file as URL in files where file.pathExtension == "swift" {
        sources += try String(contentsOf: file, encoding: .utf8) + "\n"
      }
      let starts = Self.names(row[3])
      #expect(!starts.isEmpty, "\(module) names no starting point")
      for name in starts {
        if name.hasSuffix(".h") {
          #expect(
            FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).path), "\(module): \(name)")
        } else {
          let declaration = try Regex("(?m)^\\s*(?:[a-z]+\\s+)*(?:struct|enum|class|protocol|actor)\\s+\(name)\\b")
          let isDeclared = sources.contains(declaration)
          #expect(isDeclared, "\(module) declares no type \(name)")
        }
      }
    }
  }
}
