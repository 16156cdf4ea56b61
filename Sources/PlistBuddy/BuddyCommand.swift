/// One PlistBuddy command, read from a line such as `Set :CFBundleVersion 42`.
///
/// Command names are matched in any letter case and must start the line. A word the command
/// needs and the line lacks reads as empty, as PlistBuddy reads it: `Print` alone prints the
/// root, `Delete` alone names the root.
public enum BuddyCommand: Sendable, Equatable {
  /// `Help`: print the command summary.
  case help
  /// `Exit`: stop; in interactive mode without saving.
  case exit
  /// `Save`: write the file.
  case save
  /// `Revert`: read the file again, dropping the changes.
  case revert
  /// `Clear [TYPE]`: replace the root with an empty value of TYPE (the word as given).
  case clear(typeName: String)
  /// `Print [ENTRY]`.
  case print(BuddyEntry)
  /// `Set ENTRY VALUE`: the rest of the line is the value.
  case set(BuddyEntry, value: String)
  /// `Add ENTRY TYPE [VALUE]`.
  case add(BuddyEntry, BuddyType, value: String)
  /// `Copy SOURCE DESTINATION`.
  case copy(BuddyEntry, to: BuddyEntry)
  /// `Delete ENTRY`.
  case delete(BuddyEntry)
  /// `Merge FILE [ENTRY]`.
  case merge(path: String, into: BuddyEntry)
  /// `Import ENTRY FILE`.
  case importFile(BuddyEntry, path: String)

  /// Why a line is not a command; each fails the run, and nothing of the line runs.
  public enum ParseError: Error, Equatable {
    /// No command has that name: `Unrecognized Command`.
    case unrecognizedCommand
    /// `Add` names no type of PlistBuddy's: `Unrecognized Type: WORD`.
    case unrecognizedType(String)
    /// A quote that nothing closes, which would otherwise vanish from the value (`Bob's App`):
    /// the command's name as PlistBuddy spells it, and the quote with its column.
    case unmatchedQuote(command: String, BuddyCommandLine.UnmatchedQuote)

    /// The line printed: PlistBuddy's own words for its errors, on standard output; a command
    /// with an unmatched quote is named like the commands' other errors, on standard error.
    public var message: String {
      switch self {
      case .unrecognizedCommand: "Unrecognized Command"
      case .unrecognizedType(let word): "Unrecognized Type: \(word)"
      case .unmatchedQuote(let command, let open):
        "\(command): Unmatched \(open.quote) at column \(open.column) (write \\\(open.quote) for the character itself)"
      }
    }

    /// True when the message goes to standard error.
    public var isReportedOnStandardError: Bool {
      if case .unmatchedQuote = self { return true }
      return false
    }
  }

  /// Reads one command line.
  public init(parsing line: String) throws(ParseError) {
    var words = BuddyCommandLine(line)
    func entry() -> BuddyEntry { BuddyEntry(words.nextWord()) }
    let name = words.commandName().lowercased()
    func quotesClosed() throws(ParseError) {
      guard let open = words.unmatchedQuote else { return }
      throw .unmatchedQuote(command: name.prefix(1).uppercased() + name.dropFirst(), open)
    }
    switch name {
    case "help": self = .help
    case "exit": self = .exit
    case "save": self = .save
    case "revert": self = .revert
    case "clear": self = .clear(typeName: words.nextWord().text)
    case "print": self = .print(entry())
    case "set":
      let target = entry()
      self = .set(target, value: words.rest().text)
    case "add":
      let target = entry()
      let typeName = words.nextWord().text
      guard let type = BuddyType(named: typeName) else {
        try quotesClosed()
        throw .unrecognizedType(typeName)
      }
      self = .add(target, type, value: words.rest().text)
    case "copy":
      let source = entry()
      self = .copy(source, to: entry())
    case "delete": self = .delete(entry())
    case "merge":
      let path = words.nextWord().text
      self = .merge(path: path, into: entry())
    case "import":
      let target = entry()
      self = .importFile(target, path: words.nextWord().text)
    default: throw .unrecognizedCommand
    }
    try quotesClosed()
  }
}
