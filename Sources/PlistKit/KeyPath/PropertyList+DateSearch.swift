extension PropertyList {
  /// The key path of the first date, in document order, whose seconds since 2001 satisfy
  /// `matches`; nil when there is none. Walks with its own stack, so depth cannot overflow.
  func keyPathOfFirstDate(where matches: (Double) -> Bool) -> PropertyListKeyPath? {
    var pending: [(value: PropertyList, path: [String])] = [(self, [])]
    while let (value, path) = pending.popLast() {
      switch value {
      case .date(let date) where matches(date.secondsSinceReferenceDate):
        return PropertyListKeyPath(components: path)
      case .array(let elements):
        for (index, element) in elements.enumerated().reversed() { pending.append((element, path + [String(index)])) }
      case .dictionary(let dictionary):
        for (key, element) in dictionary.reversed() { pending.append((element, path + [key])) }
      default:
        break
      }
    }
    return nil
  }
}
