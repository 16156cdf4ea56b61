import PlistKit

/// The members of Foundation's ordered and counted sets, read from an object's fields in the
/// layouts Foundation writes: one reading shared by the unarchiver, the validator and the
/// plain view, so that all three accept and refuse the same objects with the same words.
///
/// Every walk is over the fields the object has, never up to a count the archive claims: a
/// counted set that claims 10^12 members without holding them fails at once. (Package-wide,
/// so that PlistCoding's archive decoder reads them the same way.)
package enum FoundationMembers {
  /// What is wrong with the members, at one field.
  package struct Problem: Error, Equatable {
    /// The field (its key in the object).
    package var key: String
    /// What was expected and what was found.
    package var message: String
  }

  /// The member references of an ordered set in order: `NS.object.0`, `NS.object.1`, … with
  /// no gap (Foundation's layout; an empty set has none), or an `NS.objects` array, not both.
  /// Each member must be a UID.
  package static func orderedSet(_ fields: PropertyListDictionary, className: String) -> Result<[PropertyList], Problem>
  {
    let prefix = "NS.object."
    var numbered: [Int: PropertyList] = [:]
    for (key, value) in fields where key.hasPrefix(prefix) {
      guard let index = Int(key.dropFirst(prefix.count)), index >= 0, String(index) == key.dropFirst(prefix.count)
      else { continue }
      numbered[index] = value
    }
    if let array = fields["NS.objects"] {
      guard numbered.isEmpty else {
        return .failure(
          Problem(
            key: "NS.objects",
            message:
              "\(withArticle(className)) holds its members as NS.objects or as NS.object.0, NS.object.1, …, not both"
          ))
      }
      guard case .array(let elements) = array else {
        return .failure(Problem(key: "NS.objects", message: "expected an array of UIDs, found \(array.kind.rawValue)"))
      }
      return .success(elements)
    }
    var members: [PropertyList] = []
    members.reserveCapacity(numbered.count)
    for index in 0..<numbered.count {
      guard let member = numbered[index] else {
        let last = numbered.keys.max()!
        return .failure(
          Problem(
            key: prefix + String(index),
            message: "missing: the members of \(withArticle(className)) are NS.object.0, NS.object.1, … "
              + "without a gap, and NS.object.\(last) is there"))
      }
      members.append(member)
    }
    return checkedUIDs(members, keys: { prefix + String($0) })
  }

  /// The member references of a counted set with their counts: `NS.count` members, each as
  /// `NS.objectN` (a UID) and `NS.countN` (1 or more), and no member beyond `NS.count`.
  package static func countedSet(
    _ fields: PropertyListDictionary, className: String
  ) -> Result<[(PropertyList, Int)], Problem> {
    guard let countValue = fields["NS.count"] else {
      return .failure(
        Problem(
          key: "NS.count", message: "missing: \(withArticle(className)) needs NS.count, the number of its members"))
    }
    guard case .integer(let countInteger) = countValue, let claimed = countInteger.int64Value, claimed >= 0 else {
      let found = countValue.integerValue?.description ?? countValue.kind.rawValue
      return .failure(Problem(key: "NS.count", message: "expected the number of members, 0 or more, found \(found)"))
    }
    var entries: [(PropertyList, Int)] = []
    for index in 0..<fields.count {
      guard index < claimed else { break }
      let objectKey = "NS.object\(index)"
      let countKey = "NS.count\(index)"
      guard let member = fields[objectKey] else { break }
      guard case .uid = member else {
        return .failure(Problem(key: objectKey, message: "expected a UID, found \(member.kind.rawValue)"))
      }
      guard let count = fields[countKey] else {
        return .failure(Problem(key: countKey, message: "missing: expected the count of \(objectKey), 1 or more"))
      }
      guard case .integer(let countOfMember) = count, let value = countOfMember.int64Value, value >= 1,
        let exact = Int(exactly: value)
      else {
        let found = count.integerValue?.description ?? count.kind.rawValue
        return .failure(Problem(key: countKey, message: "expected a count of 1 or more, found \(found)"))
      }
      entries.append((member, exact))
    }
    guard Int64(entries.count) == claimed else {
      let last = claimed - 1
      return .failure(
        Problem(
          key: "NS.object\(entries.count)",
          message: "missing: \(withArticle(className)) of \(claimed) members needs NS.object0 to NS.object\(last)"))
    }
    let extra = "NS.object\(entries.count)"
    if fields[extra] != nil {
      let members = entries.count == 1 ? "1 member" : "\(entries.count) members"
      return .failure(
        Problem(key: extra, message: "NS.count says the \(className) has \(members), but \(extra) is there too"))
    }
    return .success(entries)
  }

  private static func checkedUIDs(
    _ members: [PropertyList], keys: (Int) -> String
  ) -> Result<[PropertyList], Problem> {
    for (index, member) in members.enumerated() {
      guard case .uid = member else {
        return .failure(Problem(key: keys(index), message: "expected a UID, found \(member.kind.rawValue)"))
      }
    }
    return .success(members)
  }
}
