import PlistKit
import StringCatalogs

/// `strings check FILE...`: the problems of each catalog, `.strings` or `.stringsdict` file, as
/// `lint --project` prints its own.
enum StringsCheck {
  static func run(_ context: CommandContext, _ files: [String]) throws(CommandError) -> ExitStatus {
    guard !files.isEmpty else { throw .usage("check needs at least one FILE") }
    let strict = context[StringsOptions.strict]
    let json = context[StringsOptions.format] == .json
    var status = ExitStatus.success
    var entries: [PropertyList] = []
    for path in files {
      let name = CommandContext.displayName(of: path)
      let checked: (strings: Int, problems: [StringCatalogProblem])
      do throws(CommandError) {
        checked = try read(path)
      } catch {
        // A file that cannot be read is trouble, so that 1 means problems only.
        if let message = error.message { context.report(message) }
        status = .usage
        continue
      }
      let failing = checked.problems.contains { strict || $0.severity == .error }
      if failing, status == .success { status = .failure }
      if json {
        entries.append(jsonEntry(name, checked.strings, checked.problems))
        continue
      }
      for problem in checked.problems {
        let severity = strict ? "error" : problem.severity.rawValue
        let location = PropertyListError.Location.text(line: problem.line ?? 1, column: problem.column ?? 1)
        let subject = [problem.key, problem.language].compactMap { $0 }.joined(separator: ", ")
        context.output.writeLine(ProjectLintText.line(name, location, "\(severity): \(problem.message) [\(subject)]"))
      }
      if checked.problems.isEmpty, !context.isQuiet { context.output.writeLine("\(name): OK") }
    }
    if json {
      let text = try PropertyListIO.serialize(
        .array(entries), as: .json, options: PropertyListWritingOptions(), path: "-")
      context.output.write(bytes: text)
    }
    return status
  }

  /// The number of strings of the file at `path` and its problems: a `.strings` or `.stringsdict`
  /// file by its name, any other as a catalog.
  private static func read(_ path: String) throws(CommandError) -> (strings: Int, problems: [StringCatalogProblem]) {
    let input = try PropertyListIO.readBytes(path)
    do {
      if path.hasSuffix(".strings") {
        let bytes = input.array
        return (try StringsTable(bytes: bytes).entries.count, try StringsTable.check(bytes: bytes))
      }
      if path.hasSuffix(".stringsdict") {
        let bytes = input.array
        return (try StringsDictionary(bytes: bytes).entries.count, try StringsDictionary.check(bytes: bytes))
      }
      return try input.withBytes { (bytes) throws(PropertyListError) in
        let checked = try StringCatalog.check(bytes: bytes, limits: InputLimit.limits)
        return (checked.catalog.strings.count, checked.problems)
      }
    } catch {
      throw .file(path, error)
    }
  }

  private static func jsonEntry(
    _ name: String, _ strings: Int, _ problems: [StringCatalogProblem]
  )
    -> PropertyList
  {
    var entry = PropertyListDictionary()
    entry["file"] = .string(name)
    entry["strings"] = .integer(PropertyListInteger(Int64(strings)))
    entry["errors"] = .integer(PropertyListInteger(Int64(problems.count { $0.severity == .error })))
    entry["warnings"] = .integer(PropertyListInteger(Int64(problems.count { $0.severity == .warning })))
    entry["problems"] = .array(
      problems.map { problem in
        var item = PropertyListDictionary()
        item["severity"] = .string(problem.severity.rawValue)
        item["kind"] = .string(problem.kind.rawValue)
        if let line = problem.line, let column = problem.column {
          item["line"] = .integer(PropertyListInteger(Int64(line)))
          item["column"] = .integer(PropertyListInteger(Int64(column)))
        }
        item["key"] = .string(problem.key)
        if let language = problem.language { item["language"] = .string(language) }
        item["message"] = .string(problem.message)
        return .dictionary(item)
      })
    return .dictionary(entry)
  }
}
