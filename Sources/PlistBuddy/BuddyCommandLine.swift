/// One word of a PlistBuddy command line, after its quotes and escapes are taken out; it
/// remembers which characters were escaped, because an escaped colon (`\:`) is part of a key
/// rather than the separator of an entry.
public struct BuddyWord: Sendable, Equatable {
  /// The characters of the word, as Unicode scalars (keys are matched by their exact scalars).
  public var scalars: [Unicode.Scalar] = []
  /// For each scalar, true when it was escaped.
  public var isLiteral: [Bool] = []

  /// The word as text.
  public var text: String {
    var text = String.UnicodeScalarView()
    text.append(contentsOf: scalars)
    return String(text)
  }

  mutating func append(_ scalar: Unicode.Scalar, literal: Bool) {
    scalars.append(scalar)
    isLiteral.append(literal)
  }
}

/// Reads one PlistBuddy command line word by word.
///
/// Words are separated by spaces or tabs. Double or single quotes group a stretch of text with
/// its spaces and are dropped (`:"Schema version":0`, `'New Bookmarks':0`); colons inside quotes
/// still separate the parts of an entry, as scripts rely on
/// (`':IOKitPersonalities:HDA Hardware Config Resource'`). A backslash makes the next
/// character part of the word (`\"`, `\'`, `\\`, `\:`, `\ `), and `\n` and `\t` stand for a
/// newline and a tab. Any other backslash is kept as written, so values such as `a\.b` reach
/// the file unchanged. A quote left open runs to the end of the line and is remembered in
/// ``unmatchedQuote``: the command is then refused rather than losing the character, so an
/// apostrophe in a value is written `\'` or inside double quotes.
public struct BuddyCommandLine: Sendable {
  /// A quote that no second quote closes, and where it is.
  public struct UnmatchedQuote: Sendable, Equatable {
    /// `"` or `'`.
    public var quote: Unicode.Scalar
    /// Its column on the line, from 1, counted in Unicode scalars.
    public var column: Int

    /// The quote `quote` at `column`.
    public init(quote: Unicode.Scalar, column: Int) {
      self.quote = quote
      self.column = column
    }
  }

  private let scalars: [Unicode.Scalar]
  private var position = 0
  /// The first quote left open by a word read so far, or nil.
  public private(set) var unmatchedQuote: UnmatchedQuote?

  /// Starts reading `line`.
  public init(_ line: String) { scalars = Array(line.unicodeScalars) }

  /// The command name: the characters before the first space, read as they are (a line that
  /// starts with a space has an empty command name, which no command has).
  public mutating func commandName() -> String {
    var name = String.UnicodeScalarView()
    while position < scalars.count, !Self.isSpace(scalars[position]) {
      name.append(scalars[position])
      position += 1
    }
    return String(name)
  }

  /// The next word, or an empty word when the line has no more.
  public mutating func nextWord() -> BuddyWord {
    skipSpaces()
    return read(stoppingAtSpace: true)
  }

  /// Everything left on the line as one word (the VALUE of `Set` and `Add`): the spaces between
  /// its parts are kept, quotes are dropped and escapes applied.
  public mutating func rest() -> BuddyWord {
    skipSpaces()
    return read(stoppingAtSpace: false)
  }

  private mutating func skipSpaces() {
    while position < scalars.count, Self.isSpace(scalars[position]) { position += 1 }
  }

  private mutating func read(stoppingAtSpace: Bool) -> BuddyWord {
    var word = BuddyWord()
    var quote: Unicode.Scalar?
    var quoteColumn = 0
    var quoted: Bool { quote != nil }
    while position < scalars.count {
      let scalar = scalars[position]
      position += 1
      if scalar == "\\", position < scalars.count {
        let next = scalars[position]
        position += 1
        switch next {
        case "n": word.append("\n", literal: true)
        case "t": word.append("\t", literal: true)
        case "\"", "'", "\\", ":", " ": word.append(next, literal: true)
        default:
          word.append("\\", literal: false)
          word.append(next, literal: false)
        }
      } else if scalar == "\"" || scalar == "'", quote == nil || quote == scalar {
        quote = quote == nil ? scalar : nil
        quoteColumn = position
      } else if stoppingAtSpace, !quoted, Self.isSpace(scalar) {
        break
      } else {
        word.append(scalar, literal: false)
      }
    }
    if let quote, unmatchedQuote == nil { unmatchedQuote = UnmatchedQuote(quote: quote, column: quoteColumn) }
    return word
  }

  private static func isSpace(_ scalar: Unicode.Scalar) -> Bool { scalar == " " || scalar == "\t" }
}
