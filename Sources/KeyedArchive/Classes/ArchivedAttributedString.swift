import PlistKit

/// An `NSAttributedString` (or `NSMutableAttributedString`, `NSTextStorage`) as archived: its
/// text and its attribute runs, decoded from the run-length `NSAttributeInfo` data.
public struct ArchivedAttributedString: Sendable, Hashable {
  /// One stretch of the text with the same attributes.
  public struct Run: Sendable, Hashable {
    /// Where the run is, in UTF-16 code units of ``ArchivedAttributedString/string`` (as
    /// Foundation counts).
    public var range: ArchivedRange
    /// The attributes by name, each shown as the plain view shows it (a font as
    /// `{"name": …, "size": …}`, a colour by its components, …).
    public var attributes: PropertyListDictionary

    /// Makes a run.
    public init(range: ArchivedRange, attributes: PropertyListDictionary) {
      self.range = range
      self.attributes = attributes
    }
  }

  /// The text.
  public var string: String
  /// The runs in order; together they cover the text exactly. An archive without attributes
  /// has none.
  public var runs: [Run]

  /// Makes an attributed string.
  public init(string: String, runs: [Run]) {
    self.string = string
    self.runs = runs
  }
}

/// The layout of an archived attributed string: its text, and each run's range with the
/// reference to its attribute dictionary (rendered, not read, by the views).
struct AttributedStringLayout {
  var string: String
  var runs: [(range: ArchivedRange, attributes: PropertyList)]

  /// Reads the layout; nil when the fields are not an attributed string's, or the runs do not
  /// cover the text exactly, or name an attribute dictionary that is not there.
  static func read<Objects: ArchiveObjectSource>(
    _ fields: ClassFields<Objects>, in objects: inout Objects
  ) throws(KeyedArchiveError)
    -> AttributedStringLayout?
  {
    guard let string = try fields.string("NSString", in: &objects) else { return nil }
    let length = Int64(string.utf16.count)
    guard fields.has("NSAttributes"), let attributes = fields.fields["NSAttributes"] else {
      return AttributedStringLayout(string: string, runs: [])
    }
    guard fields.has("NSAttributeInfo") else {
      // One dictionary for the whole text.
      return AttributedStringLayout(
        string: string, runs: length == 0 ? [] : [(ArchivedRange(location: 0, length: length), attributes)])
    }
    guard let info = try fields.data("NSAttributeInfo", in: &objects), let numbers = PackedIntegers.decode(info),
      numbers.count % 2 == 0, case .uid(let listID) = attributes, listID < objects.count,
      case .instance(let list) = try objects.object(Int(listID)),
      case .array(let dictionaries)? = list.fields["NS.objects"]
    else { return nil }
    var runs: [(range: ArchivedRange, attributes: PropertyList)] = []
    runs.reserveCapacity(numbers.count / 2)
    var location: Int64 = 0
    for pair in stride(from: 0, to: numbers.count, by: 2) {
      let (runLength, index) = (numbers[pair], numbers[pair + 1])
      guard index < dictionaries.count, runLength <= length - location else { return nil }
      runs.append((ArchivedRange(location: location, length: runLength), dictionaries[Int(index)]))
      location += runLength
    }
    guard location == length else { return nil }
    return AttributedStringLayout(string: string, runs: runs)
  }

  /// `{"string": …, "runs": [{"range": {"location": L, "length": N}, "attributes": {…}}]}`.
  var plainShape: PlainShape {
    .dictionary([
      ("string", .value(.string(string))),
      (
        "runs",
        .array(
          runs.enumerated().map { position, run in
            .dictionary([
              ("range", .value(run.range.plainValue)),
              ("attributes", .rendered(run.attributes, key: "NSAttributes.\(position)")),
            ])
          })
      ),
    ])
  }
}
