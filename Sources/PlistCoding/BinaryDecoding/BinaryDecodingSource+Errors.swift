import FoundationEssentials
import PlistKit

/// The places and values of a binary plist's errors: the byte offset of the object, and what
/// it holds.
extension BinaryDecodingSource {
  func location(of index: Int) -> PropertyListError.Location {
    (try? objects.offset(of: index)).map { .byteOffset($0) } ?? .none
  }

  func found(_ index: Int) -> String {
    if isNull(index) { return "null ($null)" }
    var objects = objects
    switch try? objects.object(index) {
    case .scalar(.string(let string))?: return found(string: string)
    case .scalar(.integer(let integer))?: return "an integer \(integer)"
    case .scalar(.real(let real))?: return "a real \(real)"
    case .scalar(.boolean(let boolean))?: return "a boolean \(boolean)"
    case .scalar(.date(let date))?: return "a date \(date.iso8601)"
    case .scalar(.uid(let uid))?: return "a UID \(uid)"
    case .scalar?: return "a value"
    case .data(let bytes)?: return "data (\(bytes.count) bytes)"
    case .array(let count, _)?: return "an array (\(counted(count, "element")))"
    case .dictionary(let count, _)?: return "a dictionary (\(counted(count, "key")))"
    case nil: return "an object that cannot be read"
    }
  }
}
