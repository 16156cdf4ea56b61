import FoundationEssentials
import PlistKit

/// Where the values that ``SourceDecoder`` decodes come from: a map laid out from a reader's
/// events (``MapDecodingSource``: XML, JSON, OpenStep, values and keyed archives) or a binary
/// plist's object table read in place (``BinaryDecodingSource``). Values are named by `Int`
/// (a map's entries, a binary plist's objects); a container's elements and values are always
/// named as the value itself, never as a reference to it.
///
/// The decoder and its containers hold everything the two have in common (the coding path,
/// the depth and object limits, the errors a request gets, the conversion of numbers); a
/// source says what its format alone knows: how to find a key (the map by its key hints and
/// hash index, the binary plist by comparing key bytes in its key slots), how to read a scalar,
/// where a value is for an error, and the hooks only one of them needs (an archive's classes
/// and cycles, a binary plist's check of the file). Its requirements take and return concrete
/// types only, so that each source's side is compiled for that source.
protocol DecodingSource: AnyObject, DecodingErrorReporting {
  /// The dictionary at `index`, made ready for lookups by a keyed container at nesting `depth`
  /// (the source keeps what it learns per depth), or nil when the value is not one.
  func dictionary(at index: Int, depth: Int) -> DecodingDictionary?

  /// The array at `index`, or nil when the value is not one.
  func array(at index: Int) -> DecodingArray?

  /// True when a dictionary's keys are checked when it is opened (see ``checkKeys(of:path:)``):
  /// a binary plist's may not be strings; a map's are.
  var checksKeys: Bool { get }

  /// Checks the keys of `dictionary`, just opened, after it is counted against the budget.
  ///
  /// - Throws: the `DecodingError` of a dictionary whose keys cannot be read.
  func checkKeys(of dictionary: inout DecodingDictionary, path: @autoclosure () -> CodingPath) throws

  /// The value for `key` in `dictionary`, or nil.
  func value(forKey key: String, in dictionary: DecodingDictionary) -> Int?

  /// The keys of `dictionary` in the input's order, each once.
  func keys(of dictionary: DecodingDictionary) -> [String]

  /// The element `position` of `array`, which `cursor` walks to, or nil when it cannot be
  /// read; `cursor` moves on to the next element (one call per element: a map finds an element
  /// by walking its entries, a binary plist by its position).
  func element(_ position: Int, cursor: inout Int, of array: DecodingArray) -> Int?

  /// True when value `index` is the string `$null`, which Foundation writes for `nil`.
  func isNull(_ index: Int) -> Bool

  // The scalar reads: the value at `index` when it is of the kind asked for (or, in a text
  // form, a string that spells one); otherwise `ScalarProblem.null` for `$null`, `.mismatch`
  // for another kind, `.corrupted` for a string that does not parse.

  /// The string at `index`.
  func string(at index: Int) throws(ScalarProblem) -> String
  /// The boolean at `index`.
  func bool(at index: Int) throws(ScalarProblem) -> Bool
  /// A number to be read as an integer (the decoder converts it to the width asked for).
  func integer(at index: Int) throws(ScalarProblem) -> DecodedNumber
  /// A number to be read as a floating-point number.
  func real(at index: Int) throws(ScalarProblem) -> Double
  /// The date at `index`.
  func date(at index: Int) throws(ScalarProblem) -> Date
  /// The data at `index`.
  func data(at index: Int) throws(ScalarProblem) -> Data

  /// True when ``checkObject(at:decodedAs:_:)`` may refuse a value (a keyed archive's map).
  /// This, ``checksKeys`` and ``readsScalarArrays`` never change: the decoder asks them once.
  var checksObjects: Bool { get }

  /// True when an array of scalars may be read straight from the source, without the type's
  /// `init(from:)` (an archive's arrays are objects whose classes are checked on the way).
  var readsScalarArrays: Bool { get }

  /// Checks that value `index` may be decoded as `type` (an archived object of a class the
  /// type does not declare is refused); `type` is nil for a nested container.
  func checkObject(at index: Int, decodedAs type: Any.Type?, _ path: @autoclosure () -> CodingPath) throws

  /// The UUID of an archive's `NSUUID` at `index`, which a `UUID` decodes as, or nil.
  func archivedUUID(at index: Int) -> UUID?

  /// Marks value `index` as being decoded; throws when decoding is already inside it, from
  /// inside the value being decoded when `inside`: a value that contains itself.
  func enter(_ index: Int, inside: Bool, path: @autoclosure () -> CodingPath) throws

  /// Marks value `index` as decoded (after ``enter(_:inside:path:)``).
  func leave(_ index: Int, inside: Bool)

  /// Decoding went deeper than the depth limit.
  func nestedTooDeep()

  /// The source for a decoder of its own that `superDecoder()` hands out: the same values,
  /// with lookup state of its own, since the caller may keep it after this decoding moves on.
  func detached() -> Self
}

/// A dictionary a keyed container reads: the same fields for both sources, so that the
/// container has one layout whatever the source.
struct DecodingDictionary {
  /// The dictionary's value.
  var index: Int
  /// Its pair count.
  var count: Int
  /// Where its contents start: the first key's entry of a map, the first reference of a binary
  /// plist's dictionary.
  var start: Int
  /// The slot of the source's lookup state this dictionary uses (one per nesting depth).
  var slot: Int
  /// Two of its keys are the same string (a binary plist may hold one; a map passes the
  /// earlier ones by as it is built).
  var repeatsKeys = false
}

/// An array an unkeyed container reads.
struct DecodingArray {
  /// The array's value.
  var index: Int
  /// Its element count.
  var count: Int
  /// Where its contents start: the first element's cursor (see
  /// ``DecodingSource/element(_:cursor:of:)``).
  var start: Int
}

/// A number as an input holds it, for an integer of any width: the decoder converts it by
/// ``ScalarConversion``.
enum DecodedNumber {
  case signed(Int64)
  /// Above `Int64.max`.
  case unsigned(UInt64)
  case real(Double)
  /// A real spelled in a text form's string: it must hold the integer exactly, else the value
  /// is not an integer (rather than one out of range).
  case realText(Double)
}
